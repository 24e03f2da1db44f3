#include "app/session/library_loader.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "base/bounded_read.hpp"
#include "base/byte_size.hpp"
#include "base/os_error.hpp"
#include "base/user_text.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"

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

// The files of `folder` whose names end in `extension`, in name order, each read with the bounded reader.
// A file that cannot be read (a link loop, a folder, a FIFO, over the cap) is a diagnostic named as
// `shown_folder`/NAME, and so are the files past `budget`, the bytes left for the whole library.
base::Result<FileTexts> ReadFolder(const std::filesystem::path& folder, const std::string& extension,
                                   const std::string& shown_folder, std::size_t& budget,
                                   walkthrough::Diagnostics& unread) {
  FileTexts out;
  std::error_code error;
  std::vector<std::filesystem::path> paths;
  // increment(error), never ++: an entry that cannot be looked at must not throw (once, a symlink loop
  // named *.md). Entries are not tested for being regular files here: ReadTextFile refuses the others with a
  // sentence that says what they are.
  for (std::filesystem::directory_iterator it(folder, error), end; !error && it != end; it.increment(error))
    if (it->path().extension() == extension) paths.push_back(it->path());
  if (error)
    return base::Fail(base::ReasonForErrno(error.value()),
                      "cannot read the folder " + base::Quote(folder) + ": " + error.message());
  std::sort(paths.begin(), paths.end());
  for (const auto& path : paths) {
    const std::string shown = shown_folder + "/" + path.filename().string();
    auto text = budget > 0 ? base::ReadTextFile(path, base::kLibraryFileCap) : base::Result<std::string>("");
    if (!text) {
      unread.push_back({shown, 0, text.error().message});
      continue;
    }
    if (budget == 0 || text->size() > budget) {
      budget = 0;
      unread.push_back({shown, 0,
                        "not read: with it the library would hold more than the " +
                            base::DescribeBytes(base::kLibraryTotalCap) + " tilewalk reads from a library"});
      continue;
    }
    budget -= text->size();
    base::UserText checked = base::CheckUserText(*text);  // a bad byte is a problem; the file still loads
    if (checked.issue) unread.push_back({shown, checked.issue->line, checked.issue->message});
    out.names.push_back(path.filename().string());
    out.texts.push_back(std::move(checked.text));
  }
  return out;
}

// Why `folder` cannot be a library, when it exists as something else than a folder (a FIFO, a device, a
// file); read as the folder it names, such a path fails later on "FOLDER/passages: Not a directory".
std::optional<std::string> NotAFolder(const std::filesystem::path& folder) {
  std::error_code error;
  const std::filesystem::file_type type = std::filesystem::status(folder, error).type();
  if (error) return std::nullopt;  // missing or unreadable: the folder's read says so
  switch (type) {
    case std::filesystem::file_type::directory:
    case std::filesystem::file_type::not_found:
      return std::nullopt;
    case std::filesystem::file_type::regular:
      return "a file";
    case std::filesystem::file_type::fifo:
      return "a named pipe (FIFO)";
    case std::filesystem::file_type::character:
      return "a character device";
    case std::filesystem::file_type::block:
      return "a block device";
    case std::filesystem::file_type::socket:
      return "a socket";
    default:
      return "an unusual file";
  }
}

}  // namespace

base::Result<LoadedLibrary> LoadTourLibrary(const std::optional<std::filesystem::path>& folder) {
  LoadedLibrary loaded;
  if (!folder) {
    loaded.library = walkthrough::LoadLibrary(walkthrough::WalkOf(kernel::DefaultKernel()));
    loaded.origin = "built in";
    return loaded;
  }
  if (const std::optional<std::string> kind = NotAFolder(*folder))
    return base::Fail(base::Reason::Usage, "cannot read the library " + base::Quote(*folder) + ": it is " +
                                               *kind + ", not a folder");
  loaded.origin = folder->string();
  std::string root = folder->string();  // "DIR/" names its files DIR/tours/x.tour, not DIR//tours/x.tour
  while (root.size() > 1 && root.back() == '/') root.pop_back();
  std::size_t budget = base::kLibraryTotalCap;
  walkthrough::Diagnostics unread;
  const base::Result<FileTexts> passages =
      ReadFolder(*folder / "passages", ".md", root + "/passages", budget, unread);
  if (!passages) return passages.error();
  const base::Result<FileTexts> tours =
      ReadFolder(*folder / "tours", ".tour", root + "/tours", budget, unread);
  if (!tours) return tours.error();
  const std::vector<EmbeddedFile> passage_files = passages->Files(), tour_files = tours->Files();
  loaded.library =
      walkthrough::LoadLibrary(walkthrough::WalkOf(kernel::DefaultKernel()), passage_files, tour_files, root);
  loaded.library.diagnostics.insert(loaded.library.diagnostics.begin(), unread.begin(), unread.end());
  return loaded;
}

}  // namespace tilewalk::session
