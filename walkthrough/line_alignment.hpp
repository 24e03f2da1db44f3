// Aligning a user's Python file to the pinned file's fingerprint, so that a line number at the pinned
// commit maps to the user's line even when lines around it were added, removed or changed. A patience
// diff over the line hashes: lines whose hash is unique on both sides anchor the alignment, equal runs
// grow around them, and the gaps between are aligned the same way. A pinned line that has no equal (it
// was edited, or removed) maps approximately: to a line of its gap with the same key (what the line
// assigns or calls) when the keys align the same way, else to the line at the same relative place.
#pragma once

#include <cstdint>
#include <vector>

#include "walkthrough/line_fingerprint.hpp"

namespace tilewalk::walkthrough {

struct LineMatch {
  int line = 0;        // 1-based line of the user's file; 0: the user's file is empty
  bool exact = false;  // the same normalized text; else placed by its neighbours:
  int before = 0;      // the user's line of the nearest exact match above it (0: none)
  int after = 0;       // and below it (0: none)
};

class LineMap {
 public:
  LineMap() = default;
  explicit LineMap(std::vector<LineMatch> matches) : m_matches(std::move(matches)) {}
  // The user's line for a pinned line (1-based); {0, false} outside the pinned file.
  LineMatch Map(int pinned_line) const;
  std::size_t size() const { return m_matches.size(); }
  int exact_count() const;

 private:
  std::vector<LineMatch> m_matches;  // index: pinned line − 1
};

// Work is bounded: past about 50 million steps (a crafted file), the remaining gaps are placed
// proportionally rather than aligned.
LineMap AlignLines(const Fingerprint& pinned, const Fingerprint& user);

}  // namespace tilewalk::walkthrough
