#include "app/walk/body_coverage.hpp"

#include <cassert>
#include <cstdio>
#include <sstream>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

namespace {

constexpr const char* kSingleStep = " --block-k-major 512 --block-k 512";  // kv length 512, in one block
// Every option the bodies test. The tiled run has no causal mask, so that the other side of each `if
// causal:` runs; the single-step run has one, so that dQ zeroes ds above the diagonal with a bias.
constexpr const char* kEveryOption = "--bias --segments 2 --sm-scale 0.125 --head-dim 64";

// Each body, with the scenario it is measured in.
const std::vector<std::pair<std::string, std::string>> kBodies = {
    {"_flash_attention_kernel_single_batch", "default"},
    {"_flash_attention_kernel_single_batch_single_step", "single_step"},
    {"_flash_attention_dkv_kernel", "default"},
    {"_flash_attention_dq_kernel", "default"}};

std::set<std::string> FiredIn(const CoverageScenario& scenario) {
  std::vector<std::string> words;
  std::istringstream in(scenario.flags);
  for (std::string word; in >> word;) words.push_back(word);
  const auto parsed = flash::ParseScenario(words);
  assert(parsed && "the coverage scenarios are ours and must parse");
  const auto recording = Recording::Record(flash::Erased(*parsed));
  assert(!recording->error() && "the coverage scenarios are ours and must run to the end");
  return FiredSites(*recording);
}

double Share(int part, int whole) {
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

}  // namespace

const std::vector<CoverageScenario>& CoverageScenarios() {
  static const std::vector<CoverageScenario> scenarios = {
      {"default", "--causal"},
      {"single_step", std::string("--causal") + kSingleStep},
      {"every_option", kEveryOption},
      {"every_option_single_step", std::string("--causal ") + kEveryOption + kSingleStep}};
  return scenarios;
}

FiredByScenario RecordCoverageScenarios() {
  FiredByScenario fired;
  for (const CoverageScenario& s : CoverageScenarios()) fired[s.name] = FiredIn(s);
  return fired;
}

BodiesCoverage CoverBodies(const PallasIndex& index, const FiredByScenario& fired) {
  std::set<std::string> any;
  for (const auto& [name, sites] : fired) any.insert(sites.begin(), sites.end());
  std::vector<std::string> functions;
  BodiesCoverage c;
  for (const auto& [function, scenario] : kBodies) {
    functions.push_back(function);
    c.bodies.push_back({.function = function,
                        .scenario = scenario,
                        .own = CoverLines(index, fired.at(scenario), {function}),
                        .any = CoverLines(index, any, {function})});
  }
  c.in_default = CoverLines(index, fired.at(CoverageScenarios().front().name), functions);
  for (const BodyCoverage& b : c.bodies) c.lit_where_each_runs += b.own.lit_by_sites;
  c.in_any = CoverLines(index, any, functions);
  return c;
}

nlohmann::ordered_json BodiesJson(const BodiesCoverage& c) {
  nlohmann::ordered_json scenarios = nlohmann::ordered_json::object(),
                         bodies = nlohmann::ordered_json::array();
  for (const CoverageScenario& s : CoverageScenarios()) scenarios[s.name] = s.flags;
  for (const BodyCoverage& b : c.bodies)
    bodies.push_back({{"function", b.function},
                      {"code_lines", b.own.code_lines},
                      {"mapped_by_sites", b.own.mapped_by_sites},
                      {"lit_scenario", b.scenario},
                      {"lit_by_sites", b.own.lit_by_sites},
                      {"lit_in_any_scenario", b.any.lit_by_sites},
                      {"unmapped", b.own.unmapped},
                      {"unlit", b.own.unlit},
                      {"unlit_in_any_scenario", b.any.unlit}});
  return {{"code_lines", c.in_default.code_lines},
          {"mapped_by_sites", c.in_default.mapped_by_sites},
          {"lit_by_sites", c.in_default.lit_by_sites},
          {"lit_where_each_runs", c.lit_where_each_runs},
          {"lit_in_any_scenario", c.in_any.lit_by_sites},
          {"scenarios", scenarios},
          {"per_body", bodies}};
}

void PrintBodies(std::ostream& out, const BodiesCoverage& c) {
  char line[240];
  std::snprintf(line, sizeof line,
                "the four kernel bodies: %d statements, %d (%.0f%%) mapped by a site row, %d (%.0f%%) lit "
                "during 'check %s', %d (%.0f%%) in the scenario where each runs, %d (%.0f%%) in any "
                "coverage scenario\n",
                c.in_default.code_lines, c.in_default.mapped_by_sites,
                Share(c.in_default.mapped_by_sites, c.in_default.code_lines), c.in_default.lit_by_sites,
                Share(c.in_default.lit_by_sites, c.in_default.code_lines),
                CoverageScenarios().front().flags.c_str(), c.lit_where_each_runs,
                Share(c.lit_where_each_runs, c.in_default.code_lines), c.in_any.lit_by_sites,
                Share(c.in_any.lit_by_sites, c.in_any.code_lines));
  out << line;
  for (const BodyCoverage& b : c.bodies) {
    std::snprintf(line, sizeof line,
                  "  %-50s %3d statements, %3.0f%% mapped, %3.0f%% lit (%s), %3.0f%% in any\n",
                  b.function.c_str(), b.own.code_lines, Share(b.own.mapped_by_sites, b.own.code_lines),
                  Share(b.own.lit_by_sites, b.own.code_lines), b.scenario.c_str(),
                  Share(b.any.lit_by_sites, b.any.code_lines));
    out << line;
  }
  for (const CoverageScenario& s : CoverageScenarios())
    out << "  scenario " << s.name << ": " << s.flags << "\n";
}

}  // namespace tilewalk::app
