// How much of the real Pallas file tilewalk explains, counted in statements (their first lines, as
// coverage tools count them; not regions): the statements inside some passage's range, the statements some
// site row maps, and those lit by a site that fired during a recording. `anchors` reports them for the
// default causal training step.
#pragma once

#include <set>
#include <string>
#include <vector>

#include "walkthrough/pallas_index.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

struct LineCoverage {
  int code_lines = 0;   // statements (of the functions asked for, or the whole file), by their first lines
  int in_passages = 0;  // of those, inside a passage that resolved (exactly or approximately)
  int mapped_by_sites = 0;  // of those, inside some site row's lines, whether it fired or not
  int lit_by_sites = 0;     // of those, lit by a site that fired
};

// The site-table names of every event of the recording.
std::set<std::string> FiredSites(const Recording& recording);

// Counts over the top-level `functions` given, or over the whole file when none are.
LineCoverage CoverLines(const PallasIndex& index, const std::set<std::string>& fired,
                        const std::vector<std::string>& functions = {});

}  // namespace tilewalk::walkthrough
