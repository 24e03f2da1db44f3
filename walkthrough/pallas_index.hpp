// The real Pallas file, resolved once: its outline, its alignment to the pinned file's fingerprint, where
// every site of the site role table and every passage lands in it, and which of its lines hold code.
// Built when a file is found (the session, `anchors`, `export`, `trace`) and shared read-only after, so a
// frame never recomputes any of it.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/line_alignment.hpp"
#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/pallas_outline.hpp"
#include "walkthrough/pallas_source.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::walkthrough {

struct ResolvedAnchor {
  AnchorStatus status = AnchorStatus::NotFound;
  int first = 0, last = 0;  // lines of the user's file, when not NotFound
  int drift = 0;            // first − the pinned first line
  std::string note;         // how it was placed, or why it was not
};

// Where one site row lands: exactly (both ends' lines unchanged, inside the row's function), approximately
// (placed by its neighbours, still inside the function), or not at all (outside the function, or the file
// is not the one the table describes).
ResolvedAnchor ResolveSite(const SiteRow& row, const PythonOutline& outline, const LineMap& alignment);

// Where a passage lands: by the alignment of its pinned lines, else by its tokens, else by its pinned lines
// placed by their neighbours, else by some of its tokens.
ResolvedAnchor ResolvePassage(const PallasAnchor& anchor, const std::vector<std::string>& lines,
                              const PythonOutline& outline, const LineMap& alignment);

class PallasIndex {
 public:
  // `pinned`: the fingerprint the site rows' and passages' lines refer to (the kernel's walk's; tests bring
  // their own).
  PallasIndex(PallasSource source, const SiteTable& sites, std::span<const Passage> passages,
              const PinnedFile& pinned);

  const PallasSource& source() const { return m_source; }
  const std::vector<std::string>& lines() const { return *m_source.lines; }
  const PythonOutline& outline() const { return m_outline; }
  const LineMap& alignment() const { return m_alignment; }

  // The anchor of a site row or of a passage; NotFound for one the index was not built with.
  const ResolvedAnchor& Site(std::string_view site) const;
  const ResolvedAnchor& PassageAnchor(std::string_view id) const;
  // The lines a site lights: those of its range that hold code (never a comment, a docstring or a blank).
  std::vector<int> LitLines(std::string_view site) const;
  // The sites that light a line, for a click on it.
  std::vector<std::string> SitesAtLine(int line) const;

  const std::vector<std::pair<std::string, ResolvedAnchor>>& sites() const { return m_sites; }
  const std::vector<std::pair<std::string, ResolvedAnchor>>& passages() const { return m_passages; }

 private:
  PallasSource m_source;
  PythonOutline m_outline;
  LineMap m_alignment;
  std::vector<std::pair<std::string, ResolvedAnchor>> m_sites;     // sorted by site
  std::vector<std::pair<std::string, ResolvedAnchor>> m_passages;  // sorted by id
};

}  // namespace tilewalk::walkthrough
