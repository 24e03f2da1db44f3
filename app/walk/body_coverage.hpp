// How much of the four kernel bodies of the Pallas file the sites light, body by body. A body is
// measured in a scenario where it runs: the tiled forward, dK/dV and dQ bodies in the default causal
// training step, the single-step forward body when one kv block covers the sequence. Some statements run
// only with a bias, segment ids, a softmax scale, a narrow head or no causal mask, so two more scenarios
// show which of the remaining ones the sites reach at all; what no scenario lights is listed by line.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <string>
#include <vector>

#include "walkthrough/pallas_coverage.hpp"
#include "walkthrough/pallas_index.hpp"

namespace tilewalk::app {

// A scenario of the coverage run: its name in the JSON and its flags, as `check` takes them.
struct CoverageScenario {
  std::string name;
  std::string flags;
};

struct BodyCoverage {
  std::string function;           // the Python def
  std::string scenario;           // the scenario its lit figure is measured in
  walkthrough::LineCoverage own;  // in that scenario
  walkthrough::LineCoverage any;  // lit in any coverage scenario
};

struct BodiesCoverage {
  walkthrough::LineCoverage in_default;  // the four bodies, lit during the default causal step
  walkthrough::LineCoverage in_any;      // the four bodies, lit in any coverage scenario
  int lit_where_each_runs = 0;           // the four bodies, each lit in the scenario it is measured in
  std::vector<BodyCoverage> bodies;
};

const std::vector<CoverageScenario>& CoverageScenarios();  // the first is the default causal step

// The sites that fired in each coverage scenario, by its name.
using FiredByScenario = std::map<std::string, std::set<std::string>>;
FiredByScenario RecordCoverageScenarios();

// Counts the bodies' statements in `index`, lit by the sites that fired.
BodiesCoverage CoverBodies(const walkthrough::PallasIndex& index, const FiredByScenario& fired);

// The `coverage.bodies` object of `anchors --json`.
nlohmann::ordered_json BodiesJson(const BodiesCoverage& coverage);
// The lines of the `anchors` table about the bodies.
void PrintBodies(std::ostream& out, const BodiesCoverage& coverage);

}  // namespace tilewalk::app
