#include "walkthrough/library.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>

#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::walkthrough {

const Passage* Library::FindPassage(std::string_view id) const {
  for (const Passage& p : passages)
    if (p.id == id) return &p;
  return nullptr;
}

const Passage* Library::PassageAtSite(std::string_view site_name) const {
  if (site_name.empty()) return nullptr;
  for (const Passage& p : passages)
    if (std::find(p.cpp.begin(), p.cpp.end(), site_name) != p.cpp.end()) return &p;
  const std::optional<SourceLocation> at = walk->mirror.FindSite(site_name);
  if (!at) return nullptr;
  const Passage* nearest = nullptr;
  int nearest_line = 0;
  for (const Passage& p : passages) {
    for (const std::string& anchor : p.cpp) {
      const std::optional<SourceLocation> where = walk->mirror.ResolveCppAnchor(anchor);
      if (where && where->file == at->file && where->line <= at->line && where->line > nearest_line) {
        nearest = &p;
        nearest_line = where->line;
      }
    }
  }
  return nearest;
}

const Tour* Library::FindTour(std::string_view id) const {
  for (const Tour& t : tours)
    if (t.id == id) return &t;
  return nullptr;
}

const Tour* Library::DefaultTour() const {
  for (const Tour& t : tours)
    if (t.is_default) return &t;
  return nullptr;
}

Library LoadLibrary(const KernelWalk& walk, std::span<const EmbeddedFile> passage_files,
                    std::span<const EmbeddedFile> tour_files, std::string_view root) {
  if (root.empty()) root = walk.kernel->info().assets.root;
  const std::string passage_folder = std::string(root) + "/passages";
  const std::string tour_folder = std::string(root) + "/tours";
  Library lib;
  lib.walk = &walk;
  Diagnostics& d = lib.diagnostics;
  std::vector<EmbeddedFile> sorted(passage_files.begin(), passage_files.end());
  std::sort(sorted.begin(), sorted.end(),
            [](const EmbeddedFile& a, const EmbeddedFile& b) { return a.name < b.name; });
  std::map<std::string, std::string> first_file;
  for (const EmbeddedFile& f : sorted) {
    const std::string path = passage_folder + "/" + std::string(f.name);
    auto p = ParsePassage(path, f.text, walk, d);
    if (!p) continue;
    if (first_file.count(p->id)) {
      d.push_back({path, 2, "passage id '" + p->id + "' is also used by " + first_file[p->id]});
      continue;
    }
    first_file[p->id] = path;
    for (const std::string& anchor : p->cpp)
      if (!walk.mirror.ResolveCppAnchor(anchor))
        d.push_back({path, p->cpp_line,
                     "cpp anchor '" + anchor + "' is neither a site literal nor an identifier in " +
                         std::string(walk.kernel->info().source_folder)});
    lib.passages.push_back(std::move(*p));
  }
  for (const EmbeddedFile& f : tour_files) {
    const std::string path = tour_folder + "/" + std::string(f.name);
    auto t = ParseTour(path, f.text, walk, d);
    if (!t) continue;
    for (const TourStop& s : t->stops) {
      for (const std::string& id : s.passages)
        if (!lib.FindPassage(id))
          d.push_back({path, s.line, "stop '" + s.title + "' names no passage '" + id + "'"});
      if (const auto tried = TriedScenarioFlags(s); !tried)
        d.push_back({path, s.line, "stop '" + s.title + "': " + tried.error().message});
    }
    lib.tours.push_back(std::move(*t));
  }
  std::sort(lib.tours.begin(), lib.tours.end(), [](const Tour& a, const Tour& b) { return a.id < b.id; });
  const auto defaults =
      std::count_if(lib.tours.begin(), lib.tours.end(), [](const Tour& t) { return t.is_default; });
  if (!lib.tours.empty() && defaults != 1)
    d.push_back(
        {tour_folder, 0, "exactly one tour must say 'default: yes'; " + std::to_string(defaults) + " do"});
  return lib;
}

Library LoadLibrary(const KernelWalk& walk) {
  const kernel::KernelAssets& assets = walk.kernel->info().assets;
  return LoadLibrary(walk, assets.passages, assets.tours, assets.root);
}

}  // namespace tilewalk::walkthrough
