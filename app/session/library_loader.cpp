#include "app/session/library_loader.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <vector>

namespace tilewalk::session {
namespace {

struct FileTexts {
  std::vector<std::string> names, texts;
  std::vector<EmbeddedFile> Files() const {
    std::vector<EmbeddedFile> files;
    for (std::size_t i = 0; i < names.size(); ++i) files.push_back({names[i], texts[i]});
    return files;
  }
};

// The files of `folder` whose names end in `extension`, in name order.
FileTexts ReadFolder(const std::filesystem::path& folder, const std::string& extension,
                     std::string& problem) {
  FileTexts out;
  std::error_code error;
  std::vector<std::filesystem::path> paths;
  for (const auto& entry : std::filesystem::directory_iterator(folder, error))
    if (entry.is_regular_file() && entry.path().extension() == extension) paths.push_back(entry.path());
  if (error) {
    problem = "cannot read the folder '" + folder.string() + "': " + error.message();
    return out;
  }
  std::sort(paths.begin(), paths.end());
  for (const auto& path : paths) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    out.names.push_back(path.filename().string());
    out.texts.push_back(text.str());
  }
  return out;
}

}  // namespace

LoadedLibrary LoadTourLibrary(const std::optional<std::filesystem::path>& folder) {
  LoadedLibrary loaded;
  if (!folder) {
    loaded.library = walkthrough::LoadLibrary();
    loaded.origin = "built in";
    return loaded;
  }
  loaded.origin = folder->string();
  const FileTexts passages = ReadFolder(*folder / "passages", ".md", loaded.problem);
  const FileTexts tours = ReadFolder(*folder / "tours", ".tour", loaded.problem);
  const std::vector<EmbeddedFile> passage_files = passages.Files(), tour_files = tours.Files();
  std::string root = folder->string();  // "DIR/" names its files DIR/tours/x.tour, not DIR//tours/x.tour
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  loaded.library = walkthrough::LoadLibrary(passage_files, tour_files, root);
  return loaded;
}

}  // namespace tilewalk::session
