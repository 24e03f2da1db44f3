#include "app/walk/body_coverage.hpp"

#include <cstdio>
#include <sstream>

#include "kernels/api/scenario_args.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

namespace {

base::Result<std::set<std::string>> FiredIn(const kernel::Kernel& kernel,
                                            const kernel::CoverageScenario& scenario) {
  std::vector<std::string> words;
  std::istringstream in{std::string(scenario.flags)};
  for (std::string word; in >> word;) words.push_back(word);
  const std::string which = "the coverage scenario " + std::string(scenario.name) + " of " +
                            std::string(kernel.info().name) + " ('" + std::string(scenario.flags) + "')";
  const auto parsed = kernel::ParseScenario(kernel, words);
  if (!parsed)
    return base::Fail(base::Reason::Malformed, which + " does not parse: " + parsed.error().message);
  const auto recording = Recording::Record(*parsed);
  if (recording == nullptr) return base::Fail(base::Reason::Interrupted, which + " was cancelled");
  if (recording->error())
    return base::Fail(base::Reason::Malformed,
                      which + " does not run to the end: " + recording->error()->Describe());
  return FiredSites(*recording);
}

double Share(int part, int whole) {
  return whole > 0 ? 100.0 * part / whole : 0.0;
}

// "four": how many bodies, in a word up to twelve.
std::string CountWord(std::size_t count) {
  constexpr const char* kWords[] = {"no",    "one",   "two",  "three", "four",   "five",  "six",
                                    "seven", "eight", "nine", "ten",   "eleven", "twelve"};
  return count < std::size(kWords) ? kWords[count] : std::to_string(count);
}

}  // namespace

base::Result<FiredByScenario> RecordCoverageScenarios(const kernel::Kernel& kernel) {
  FiredByScenario fired;
  for (const kernel::CoverageScenario& s : kernel.info().python.coverage) {
    auto sites = FiredIn(kernel, s);
    if (!sites) return sites.error();
    fired[std::string(s.name)] = std::move(*sites);
  }
  return fired;
}

BodiesCoverage CoverBodies(const kernel::PythonFile& python, const PallasIndex& index,
                           const FiredByScenario& fired) {
  std::set<std::string> any;
  for (const auto& [name, sites] : fired) any.insert(sites.begin(), sites.end());
  const std::set<std::string> none;
  const auto fired_in = [&](std::string_view scenario) -> const std::set<std::string>& {
    const auto found = fired.find(std::string(scenario));
    return found == fired.end() ? none : found->second;
  };
  std::vector<std::string> functions;
  BodiesCoverage c;
  c.scenarios = python.coverage;
  for (const kernel::CoverageBody& body : python.bodies) {
    const std::string function(body.function);
    functions.push_back(function);
    c.bodies.push_back({.function = function,
                        .scenario = std::string(body.scenario),
                        .own = CoverLines(index, fired_in(body.scenario), {function}),
                        .any = CoverLines(index, any, {function})});
  }
  c.in_default = CoverLines(index, fired_in(c.scenarios.empty() ? "" : c.scenarios.front().name), functions);
  for (const BodyCoverage& b : c.bodies) c.lit_where_each_runs += b.own.lit_by_sites;
  c.in_any = CoverLines(index, any, functions);
  return c;
}

std::string DefaultScenarioFlags(const BodiesCoverage& c) {
  return c.scenarios.empty() ? std::string() : std::string(c.scenarios.front().flags);
}

nlohmann::ordered_json BodiesJson(const BodiesCoverage& c) {
  nlohmann::ordered_json scenarios = nlohmann::ordered_json::object(),
                         bodies = nlohmann::ordered_json::array();
  for (const kernel::CoverageScenario& s : c.scenarios) scenarios[std::string(s.name)] = s.flags;
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
                "the %s kernel bodies: %d statements, %d (%.0f%%) mapped by a site row, %d (%.0f%%) lit "
                "during 'check %s', %d (%.0f%%) in the scenario where each runs, %d (%.0f%%) in any "
                "coverage scenario\n",
                CountWord(c.bodies.size()).c_str(), c.in_default.code_lines, c.in_default.mapped_by_sites,
                Share(c.in_default.mapped_by_sites, c.in_default.code_lines), c.in_default.lit_by_sites,
                Share(c.in_default.lit_by_sites, c.in_default.code_lines), DefaultScenarioFlags(c).c_str(),
                c.lit_where_each_runs, Share(c.lit_where_each_runs, c.in_default.code_lines),
                c.in_any.lit_by_sites, Share(c.in_any.lit_by_sites, c.in_any.code_lines));
  out << line;
  for (const BodyCoverage& b : c.bodies) {
    std::snprintf(line, sizeof line,
                  "  %-50s %3d statements, %3.0f%% mapped, %3.0f%% lit (%s), %3.0f%% in any\n",
                  b.function.c_str(), b.own.code_lines, Share(b.own.mapped_by_sites, b.own.code_lines),
                  Share(b.own.lit_by_sites, b.own.code_lines), b.scenario.c_str(),
                  Share(b.any.lit_by_sites, b.any.code_lines));
    out << line;
  }
  for (const kernel::CoverageScenario& s : c.scenarios)
    out << "  scenario " << s.name << ": " << s.flags << "\n";
}

}  // namespace tilewalk::app
