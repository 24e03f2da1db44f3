#include "app/session/picture_builders.hpp"

#include <algorithm>
#include <filesystem>

#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/pallas_outline.hpp"

namespace tilewalk::session {
namespace {

views::SourceTab MirrorTab(const std::string& file, int executing_line, const walkthrough::Passage* passage) {
  views::SourceTab tab{
      .title = file + " (C++ mirror)", .file = file, .executing_line = executing_line, .clickable = true};
  for (std::string_view line : walkthrough::MirrorLines(file)) tab.lines.emplace_back(line);
  if (passage != nullptr) {
    std::vector<std::string> elsewhere;
    for (const std::string& anchor : passage->cpp) {
      const auto at = walkthrough::ResolveCppAnchor(anchor);
      if (!at) continue;
      if (at->file == file) {
        tab.passage_lines.push_back(at->line);
      } else if (std::find(elsewhere.begin(), elsewhere.end(), at->file) == elsewhere.end()) {
        elsewhere.push_back(at->file);
      }
    }
    std::sort(tab.passage_lines.begin(), tab.passage_lines.end());
    tab.passage_lines.erase(std::unique(tab.passage_lines.begin(), tab.passage_lines.end()),
                            tab.passage_lines.end());
    for (const std::string& other : elsewhere)
      tab.note += (tab.note.empty() ? "The passage also covers " : ", ") + other;
  }
  return tab;
}

views::SourceTab PallasTab(const walkthrough::PallasSource& pallas, const walkthrough::Passage* passage) {
  views::SourceTab tab{.title = pallas.path.filename().string() + " (Pallas)",
                       .file = pallas.path.string(),
                       .language = views::SourceLanguage::Python,
                       .lines = pallas.lines};
  if (passage == nullptr) return tab;
  const walkthrough::AnchorResult found =
      walkthrough::ResolveAnchor(pallas.lines, walkthrough::OutlinePython(pallas.lines), passage->pallas);
  if (found.status == walkthrough::AnchorStatus::Resolved) {
    for (int line = found.first; line <= found.last; ++line) tab.passage_lines.push_back(line);
    // Nothing executes in the Python file; the passage is what to look at, so the pane scrolls to it.
    tab.focus_line = found.first;
  } else {
    tab.note = std::string("The passage's region is ") + walkthrough::AnchorStatusName(found.status) +
               " here: " + found.note;
  }
  return tab;
}

}  // namespace

std::optional<MirrorPosition> MirrorPositionOf(const walkthrough::Snapshot& snap) {
  if (snap.site.name.empty() || snap.site.file.empty() || snap.site.line == 0) return std::nullopt;
  return MirrorPosition{std::filesystem::path(snap.site.file).filename().string(),
                        static_cast<int>(snap.site.line)};
}

views::SourcePicture BuildSourcePicture(const std::optional<MirrorPosition>& position,
                                        const MirrorPosition& fallback, const walkthrough::Passage* passage,
                                        const walkthrough::PallasSource* pallas) {
  views::SourcePicture picture;
  const MirrorPosition& shown = position ? *position : fallback;
  if (!shown.file.empty()) {
    picture.tabs.push_back(MirrorTab(shown.file, position ? position->line : 0, passage));
    if (!position) picture.tabs.back().focus_line = fallback.line;
  }
  if (pallas != nullptr) picture.tabs.push_back(PallasTab(*pallas, passage));
  if (picture.tabs.empty())
    picture.empty_message = "No statement has run yet: step forward to see its source.";
  return picture;
}

views::SourcePicture BuildRejectedSourcePicture(const tpu::KernelError& error,
                                                const walkthrough::Passage* passage,
                                                const walkthrough::PallasSource* pallas) {
  views::SourcePicture picture;
  const tpu::SiteInfo site = error.site == tpu::kNoSite ? tpu::SiteInfo{} : tpu::GetSite(error.site);
  if (!site.file.empty() && site.line > 0) {
    views::SourceTab tab = MirrorTab(std::filesystem::path(site.file).filename().string(), 0, passage);
    tab.error_line = static_cast<int>(site.line);
    tab.note = error.Describe();
    picture.tabs.push_back(std::move(tab));
  } else {
    picture.empty_message = "The scenario is rejected: " + error.Describe();
  }
  if (pallas != nullptr) picture.tabs.push_back(PallasTab(*pallas, passage));
  return picture;
}

}  // namespace tilewalk::session
