// How much of the real Pallas file tilewalk explains, counted in code lines (not regions): the lines inside
// some passage's range, and the lines lit by some site that fired during a recording. `anchors` reports
// both for the default causal training step.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "walkthrough/pallas_index.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

struct LineCoverage {
  int code_lines = 0;    // lines that hold code (of the functions asked for, or the whole file)
  int in_passages = 0;   // of those, inside a passage that resolved (exactly or approximately)
  int lit_by_sites = 0;  // of those, lit by a site that fired
};

// The site-table names of every event of the recording.
std::set<std::string> FiredSites(const Recording& recording);

// Counts over the top-level `functions` given, or over the whole file when none are.
LineCoverage CoverLines(const PallasIndex& index, const std::set<std::string>& fired,
                        const std::vector<std::string>& functions = {});

}  // namespace tilewalk::walkthrough
