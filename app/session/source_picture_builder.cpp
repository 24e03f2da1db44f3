#include <algorithm>
#include <filesystem>

#include "app/session/picture_builders.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::session {
namespace {

// The mirror file, its executing line lit, the passage's C++ anchors in this file marked, and a note
// naming the other files the passage covers.
views::SourcePane MirrorPane(const walkthrough::MirrorIndex& mirror, const std::string& file, int lit_line,
                             const walkthrough::Passage* passage, SourceDocuments& documents) {
  views::SourcePane pane{.document = documents.Mirror(mirror, file), .clickable = true};
  if (lit_line > 0) pane.lit_lines.push_back(lit_line);
  if (passage == nullptr) return pane;
  std::vector<std::string> elsewhere;
  for (const std::string& anchor : passage->cpp) {
    const auto at = mirror.ResolveCppAnchor(anchor);
    if (!at) continue;
    if (at->file == file)
      pane.passage_lines.push_back(at->line);
    else if (std::find(elsewhere.begin(), elsewhere.end(), at->file) == elsewhere.end())
      elsewhere.push_back(at->file);
  }
  std::sort(pane.passage_lines.begin(), pane.passage_lines.end());
  pane.passage_lines.erase(std::unique(pane.passage_lines.begin(), pane.passage_lines.end()),
                           pane.passage_lines.end());
  for (const std::string& other : elsewhere)
    pane.note += (pane.note.empty() ? "The passage also covers " : ", ") + other;
  return pane;
}

// The Pallas file: the lines the site mirrors lit, the passage's range marked, and a note when either was
// placed only approximately or not found in this version of the file.
views::SourcePane PallasPane(const walkthrough::PallasIndex& pallas, const std::string& site,
                             const walkthrough::Passage* passage, SourceDocuments& documents) {
  views::SourcePane pane{.document = documents.Pallas(pallas), .clickable = true};
  if (!site.empty()) {
    pane.lit_lines = pallas.LitLines(site);
    const walkthrough::ResolvedAnchor& at = pallas.Site(site);
    if (at.status == walkthrough::AnchorStatus::Approximate)
      pane.note = "This statement is placed approximately in this version of the file: " + at.note + ".";
    else if (at.status == walkthrough::AnchorStatus::NotFound && !at.note.empty())
      pane.note = "This statement's line is not found in this version of the file: " + at.note + ".";
  }
  if (passage != nullptr) {
    const walkthrough::ResolvedAnchor& region = pallas.PassageAnchor(passage->id);
    if (region.status != walkthrough::AnchorStatus::NotFound) {
      for (int line = region.first; line <= region.last; ++line) pane.passage_lines.push_back(line);
      if (pane.lit_lines.empty()) pane.scroll_line = region.first;
    }
  }
  return pane;
}

// What the C++ pane says at an event the pipeline raises itself (a copy, a writeback, a grid step begun, as
// the site table's roles say): whose it is, and that no kernel statement runs.
std::string PipelineNote(const walkthrough::SiteTable& sites, std::string_view site) {
  const walkthrough::SiteRow* row = sites.Find(site);
  if (row == nullptr) return {};
  const std::string operand(site.substr(site.rfind('.') + 1));  // a copy's or writeback's pseudo-site ends so
  switch (row->role) {
    case walkthrough::SiteRole::Copy:
      return "Nothing lit: the pipeline copies " + operand +
             " in, the block its index map chose; no statement runs.";
    case walkthrough::SiteRole::Writeback:
      return "Nothing lit: the pipeline writes " + operand + " back to HBM; no statement runs.";
    case walkthrough::SiteRole::Step:
      return "Nothing lit: a grid step of " + row->launch + " begins; its body runs next.";
    default:
      return {};
  }
}

}  // namespace

std::shared_ptr<const views::SourceDocument> SourceDocuments::Mirror(const walkthrough::MirrorIndex& mirror,
                                                                     const std::string& file) {
  auto& document = m_documents[file];
  if (!document) {
    std::vector<std::string> lines;
    for (std::string_view line : mirror.Lines(file)) lines.emplace_back(line);
    document =
        views::MakeSourceDocument(file + " (C++ mirror)", file, views::SourceLanguage::Cpp, std::move(lines));
  }
  return document;
}

std::shared_ptr<const views::SourceDocument> SourceDocuments::Pallas(const walkthrough::PallasIndex& pallas) {
  const std::string file = pallas.source().path.string();
  auto& document = m_documents[file];
  if (!document)
    document =
        views::MakeSourceDocument(pallas.source().path.filename().string() + " (Pallas, " +
                                      std::string(walkthrough::PallasSourceOriginName(pallas.source())) + ")",
                                  file, views::SourceLanguage::Python, pallas.lines());
  return document;
}

std::optional<MirrorPosition> MirrorPositionOf(const walkthrough::Snapshot& snap) {
  if (snap.site.name.empty() || snap.site.file.empty() || snap.site.line == 0) return std::nullopt;
  return MirrorPosition{std::filesystem::path(snap.site.file).filename().string(),
                        static_cast<int>(snap.site.line)};
}

views::SourcePicture BuildSourcePicture(const walkthrough::KernelWalk& walk, const SourceInput& input,
                                        SourceDocuments& documents) {
  views::SourcePicture picture;
  const MirrorPosition& shown = input.position ? *input.position : input.fallback;
  if (!shown.file.empty()) {
    picture.cpp = MirrorPane(walk.mirror, shown.file, input.position ? input.position->line : 0,
                             input.passage, documents);
    if (!input.position) {
      // A pipeline event: no statement of the kernel runs, so none is lit; the pane stays near the last.
      picture.cpp->scroll_line = input.fallback.line;
      const std::string pipeline = PipelineNote(walk.sites, input.site);
      if (!pipeline.empty())
        picture.cpp->note = picture.cpp->note.empty() ? pipeline : pipeline + " " + picture.cpp->note;
    }
  }
  if (input.pallas != nullptr)
    picture.python = PallasPane(*input.pallas, input.site, input.passage, documents);
  else
    picture.python_missing = input.pallas_missing;
  if (!picture.cpp && !picture.python)
    picture.empty_message = "No statement has run yet: step forward to see its source.";
  return picture;
}

views::SourcePicture BuildRejectedSourcePicture(const tpu::KernelError& error,
                                                const walkthrough::KernelWalk& walk, const SourceInput& input,
                                                SourceDocuments& documents) {
  views::SourcePicture picture;
  const tpu::SiteInfo site = error.site == tpu::kNoSite ? tpu::SiteInfo{} : tpu::GetSite(error.site);
  if (!site.file.empty() && site.line > 0) {
    picture.cpp = MirrorPane(walk.mirror, std::filesystem::path(site.file).filename().string(), 0,
                             input.passage, documents);
    picture.cpp->error_line = static_cast<int>(site.line);
    picture.cpp->note = error.Describe();
  } else {
    picture.empty_message = "The scenario is rejected: " + error.Describe();
  }
  if (input.pallas != nullptr) {
    picture.python = PallasPane(*input.pallas, site.name, input.passage, documents);
    if (!picture.python->lit_lines.empty()) {
      picture.python->error_line = picture.python->lit_lines.front();
      picture.python->lit_lines.clear();
    }
  } else {
    picture.python_missing = input.pallas_missing;
  }
  return picture;
}

}  // namespace tilewalk::session
