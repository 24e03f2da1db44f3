// How much of the kernel bodies of a kernel's Pallas file the sites light, body by body
// (KernelInfo::python: its bodies and coverage scenarios). A body is measured in a scenario where it runs
// (CoverageBody::scenario). Some statements run only with options the first scenario lacks, so more scenarios
// show which of the remaining ones the sites reach at all; what no scenario lights is listed by line.
#pragma once

#include <map>
#include <nlohmann/json.hpp>
#include <ostream>
#include <set>
#include <span>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/kernel.hpp"
#include "walkthrough/pallas_coverage.hpp"
#include "walkthrough/pallas_index.hpp"

namespace tilewalk::app {

struct BodyCoverage {
  std::string function;           // the Python def
  std::string scenario;           // the scenario its lit figure is measured in
  walkthrough::LineCoverage own;  // in that scenario
  walkthrough::LineCoverage any;  // lit in any coverage scenario
};

struct BodiesCoverage {
  std::span<const kernel::CoverageScenario> scenarios;  // the kernel's; the first is the default step
  walkthrough::LineCoverage in_default;                 // the bodies, lit during the default step
  walkthrough::LineCoverage in_any;                     // the bodies, lit in any coverage scenario
  int lit_where_each_runs = 0;  // the bodies, each lit in the scenario it is measured in
  std::vector<BodyCoverage> bodies;
};

// The sites that fired in each of the kernel's coverage scenarios, by its name. A scenario that does not
// parse or run is an error that names it.
using FiredByScenario = std::map<std::string, std::set<std::string>>;
base::Result<FiredByScenario> RecordCoverageScenarios(const kernel::Kernel& kernel);

// Counts the statements of the kernel's bodies in `index`, lit by the sites that fired.
BodiesCoverage CoverBodies(const kernel::PythonFile& python, const walkthrough::PallasIndex& index,
                           const FiredByScenario& fired);

// The flags of the default coverage scenario ("--causal"), or "" when the kernel has none.
std::string DefaultScenarioFlags(const BodiesCoverage& coverage);

// The `coverage.bodies` object of `anchors --json`.
nlohmann::ordered_json BodiesJson(const BodiesCoverage& coverage);
// The lines of the `anchors` table about the bodies.
void PrintBodies(std::ostream& out, const BodiesCoverage& coverage);

}  // namespace tilewalk::app
