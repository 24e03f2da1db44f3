#include "app/session/library_loader.hpp"

#include <algorithm>
#include <optional>
#include <string>
#include <system_error>
#include <vector>

#include "base/bounded_read.hpp"
#include "base/byte_size.hpp"
#include "base/os_error.hpp"
#include "base/terminal_text.hpp"
#include "base/text_trim.hpp"
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

// The folder's tours split by the kernel each names; a tour naming no kernel there is, a diagnostic.
std::vector<FileTexts> ToursByKernel(const FileTexts& tours, const std::string& shown_folder,
                                     walkthrough::Diagnostics& unread) {
  const auto kernels = kernel::Kernels();
  std::vector<FileTexts> by_kernel(kernels.size());
  for (std::size_t t = 0; t < tours.names.size(); ++t) {
    const std::string_view name = TourKernelName(tours.texts[t]);
    const auto it = std::find_if(kernels.begin(), kernels.end(), [&](const kernel::Kernel* k) {
      return name.empty() || k->info().name == name;
    });
    if (it == kernels.end()) {
      unread.push_back({shown_folder + "/" + tours.names[t], 0,
                        "kernel: '" + base::CutText(name) + "' names no kernel of this build (" +
                            kernel::KernelNames() + "); the tour is not loaded"});
      continue;
    }
    FileTexts& group = by_kernel[static_cast<std::size_t>(it - kernels.begin())];
    group.names.push_back(tours.names[t]);
    group.texts.push_back(tours.texts[t]);
  }
  return by_kernel;
}

}  // namespace

std::string_view TourKernelName(std::string_view text) {
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    const std::string_view line = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    if (line.starts_with("## stop:")) break;
    if (!line.starts_with("kernel:")) continue;
    return base::TrimBlanks(line.substr(7));
  }
  return {};
}

std::vector<const walkthrough::Library*> LoadedLibrary::All() const {
  std::vector<const walkthrough::Library*> all{&library};
  for (const walkthrough::Library& other : other_kernels) all.push_back(&other);
  return all;
}

const walkthrough::Library* LoadedLibrary::Of(const kernel::Kernel& kernel) const {
  for (const walkthrough::Library* lib : All())
    if (lib->walk != nullptr && lib->walk->kernel == &kernel) return lib;
  return nullptr;
}

const walkthrough::Tour* LoadedLibrary::FindTour(std::string_view id, const kernel::Kernel* kernel) const {
  for (const walkthrough::Library* lib : All())
    if (kernel == nullptr || lib->walk->kernel == kernel)
      if (const walkthrough::Tour* tour = lib->FindTour(id)) return tour;
  return nullptr;
}

const walkthrough::Tour* LoadedLibrary::DefaultTour(const kernel::Kernel* kernel) const {
  const walkthrough::Library* lib = kernel == nullptr ? &library : Of(*kernel);
  return lib == nullptr ? nullptr : lib->DefaultTour();
}

base::Result<LoadedLibrary> LoadTourLibrary(const std::optional<std::filesystem::path>& folder) {
  LoadedLibrary loaded;
  if (!folder) {
    loaded.library = walkthrough::LoadLibrary(walkthrough::WalkOf(kernel::DefaultKernel()));
    for (const kernel::Kernel* k : kernel::Kernels().subspan(1))
      if (!k->info().assets.tours.empty())
        loaded.other_kernels.push_back(walkthrough::LoadLibrary(walkthrough::WalkOf(*k)));
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
  const std::vector<FileTexts> by_kernel = ToursByKernel(*tours, root + "/tours", unread);
  const std::vector<EmbeddedFile> passage_files = passages->Files();
  const auto kernels = kernel::Kernels();
  for (std::size_t k = 0; k < kernels.size(); ++k) {
    if (k > 0 && by_kernel[k].names.empty())
      continue;  // the folder's passages are read for its tours' kernels
    const std::vector<EmbeddedFile> tour_files = by_kernel[k].Files();
    walkthrough::Library lib =
        walkthrough::LoadLibrary(walkthrough::WalkOf(*kernels[k]), passage_files, tour_files, root);
    if (k == 0)
      loaded.library = std::move(lib);
    else
      loaded.other_kernels.push_back(std::move(lib));
  }
  loaded.library.diagnostics.insert(loaded.library.diagnostics.begin(), unread.begin(), unread.end());
  return loaded;
}

}  // namespace tilewalk::session
