// [SECTIONS] options · the index and the coverage run · JSON · the table
#include "app/walk/anchors_verb.hpp"

#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>

#include "app/cli_options.hpp"
#include "app/json_text.hpp"
#include "app/pallas_for_verb.hpp"
#include "app/walk/body_coverage.hpp"
#include "base/text_pad.hpp"
#include "kernels/registry/kernel_option.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_coverage.hpp"
#include "walkthrough/pallas_regions.hpp"
#include "walkthrough/pallas_source.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

namespace {

// ---- options --------------------------------------------------------------------------------------

struct AnchorsOptions {
  const kernel::Kernel* kernel = &kernel::DefaultKernel();
  std::optional<std::filesystem::path> pallas_source{};
  bool json = false;
};

// The help of --pallas-source, with the default kernel's variable as the example.
std::string PallasSourceHelp(const kernel::KernelInfo& fallback) {
  return "the kernel's Pallas file (else its variable, $" + std::string(fallback.python.env_var) + " for " +
         std::string(fallback.name) + ", the installed jax,\nor the copy 'tilewalk source fetch' keeps)";
}

std::vector<OptionSpec> AnchorsOptionSpecs(AnchorsOptions& into) {
  return {kernel::KernelOptionSpec(&into.kernel),
          PathOption("--pallas-source", "PATH", "a file", PallasSourceHelp(kernel::DefaultKernel().info()),
                     into.pallas_source),
          SwitchOption("--json", "one JSON object instead of the table", into.json), ThreadsOption()};
}

// ---- the index and the coverage run ---------------------------------------------------------------

std::string Range(const ResolvedAnchor& at) {
  return at.status == AnchorStatus::NotFound ? "-" : std::to_string(at.first) + "-" + std::to_string(at.last);
}

std::map<AnchorStatus, int> Tally(const std::vector<std::pair<std::string, ResolvedAnchor>>& anchors) {
  std::map<AnchorStatus, int> tally;
  for (const auto& [name, at] : anchors) ++tally[at.status];
  return tally;
}

std::string TallyText(const std::map<AnchorStatus, int>& tally) {
  std::string text;
  for (const auto& [status, count] : tally)
    text += (text.empty() ? "" : ", ") + std::to_string(count) + " " + AnchorStatusName(status);
  return text;
}

// ---- JSON -------------------------------------------------------------------------------------------

nlohmann::ordered_json AnchorsJson(const KernelWalk& walk, const PallasIndex& index,
                                   const LineCoverage& coverage, const BodiesCoverage& bodies,
                                   const RegionCoverage& regions) {
  using nlohmann::ordered_json;
  ordered_json passages = ordered_json::array(), sites = ordered_json::array(),
               uncovered = ordered_json::array();
  for (const auto& [id, at] : index.passages())
    passages.push_back({{"id", id},
                        {"status", AnchorStatusName(at.status)},
                        {"first", at.first},
                        {"last", at.last},
                        {"drift", at.drift},
                        {"note", at.note}});
  for (const auto& [site, at] : index.sites())
    sites.push_back({{"site", site},
                     {"status", AnchorStatusName(at.status)},
                     {"first", at.first},
                     {"last", at.last},
                     {"note", at.note}});
  for (const auto& [name, covered] : regions.regions)
    if (!covered) uncovered.push_back(name);
  return {{"file", index.source().path.string()},
          {"origin", PallasSourceOriginName(index.source())},
          {"sha256", index.source().sha256},
          {"pinned", index.source().sha256 == walk.pinned.sha256},
          {"passages", passages},
          {"sites", sites},
          {"coverage",
           {{"code_lines", coverage.code_lines},
            {"in_passages", coverage.in_passages},
            {"lit_by_sites", coverage.lit_by_sites},
            {"lit_scenario", DefaultScenarioFlags(bodies)},
            {"mapped_by_sites", coverage.mapped_by_sites},
            {"bodies", BodiesJson(bodies)}}},
          {"regions", {{"covered", regions.covered}, {"total", regions.total}, {"uncovered", uncovered}}}};
}

// ---- the table --------------------------------------------------------------------------------------

void PrintTable(std::ostream& out, const PallasIndex& index, const LineCoverage& coverage,
                const BodiesCoverage& bodies, const RegionCoverage& regions) {
  out << "passage                        status       lines       drift  note\n";
  for (const auto& [id, at] : index.passages())
    out << base::PadRight(id, 31) << base::PadRight(AnchorStatusName(at.status), 13)
        << base::PadRight(Range(at), 12)
        << base::PadRight(at.status == AnchorStatus::NotFound ? "-" : std::to_string(at.drift), 7) << at.note
        << "\n";
  out << "\nsites: " << TallyText(Tally(index.sites())) << " of " << index.sites().size() << "\n";
  for (const auto& [site, at] : index.sites())
    if (at.status != AnchorStatus::Resolved)
      out << "  " << base::PadRight(site, 34) << base::PadRight(AnchorStatusName(at.status), 13)
          << base::PadRight(Range(at), 12) << at.note << "\n";
  char line[240];
  const auto share = [](int part, int whole) { return whole > 0 ? 100.0 * part / whole : 0.0; };
  std::snprintf(
      line, sizeof line,
      "\nstatements: %d; inside a passage: %d (%.0f%%); lit by a site during 'check %s': %d (%.0f%%)\n",
      coverage.code_lines, coverage.in_passages, share(coverage.in_passages, coverage.code_lines),
      DefaultScenarioFlags(bodies).c_str(), coverage.lit_by_sites,
      share(coverage.lit_by_sites, coverage.code_lines));
  out << line;
  PrintBodies(out, bodies);
  out << "regions covered: " << regions.covered << " of " << regions.total << " of "
      << index.source().path.string() << "\n";
  for (const auto& [name, covered] : regions.regions)
    if (!covered) out << "  not covered: " << name << "\n";
}

}  // namespace

std::string AnchorsHelp() {
  AnchorsOptions options;
  return base::OptionsHelp(AnchorsOptionSpecs(options));
}

VerbResult RunAnchorsVerb(const VerbCall& call) {
  AnchorsOptions options;
  if (const auto parsed = base::ParseOptions(call.args, AnchorsOptionSpecs(options)); !parsed)
    return parsed.error();
  const kernel::Kernel& kernel = *options.kernel;
  const kernel::PythonFile& python = kernel.info().python;
  if (python.coverage.empty())
    return base::Fail(base::Reason::NotFound, "the kernel " + std::string(kernel.info().name) +
                                                  " declares no coverage scenarios for its Pallas file, so "
                                                  "anchors has nothing to measure it by");
  const KernelWalk& walk = WalkOf(kernel);
  auto source = FindKernelPallasSource(kernel, options.pallas_source);
  if (!source) return source.error();
  const Library library = LoadLibrary(walk);
  if (!library.diagnostics.empty())
    return base::Fail(base::Reason::Malformed,
                      "the shipped passages have problems: " + library.diagnostics.front().ToString() +
                          "; rebuild tilewalk");
  const PallasIndex index(std::move(*source), walk.sites, library.passages, walk.pinned);

  const auto fired = RecordCoverageScenarios(kernel);
  if (!fired) return fired.error();
  const LineCoverage coverage = CoverLines(index, fired->at(std::string(python.coverage.front().name)));
  const BodiesCoverage bodies = CoverBodies(python, index, *fired);
  std::vector<std::pair<int, int>> ranges;
  for (const auto& [id, at] : index.passages())
    if (at.status != AnchorStatus::NotFound) ranges.emplace_back(at.first, at.last);
  const RegionCoverage regions = CoverRegions(python.regions, index.lines(), index.outline(), ranges);

  if (options.json)
    call.out << JsonText(AnchorsJson(walk, index, coverage, bodies, regions), 2) << "\n";
  else
    PrintTable(call.out, index, coverage, bodies, regions);
  const std::map<AnchorStatus, int> passages = Tally(index.passages());
  const int unresolved =
      (passages.contains(AnchorStatus::NotFound) ? passages.at(AnchorStatus::NotFound) : 0) +
      (passages.contains(AnchorStatus::Ambiguous) ? passages.at(AnchorStatus::Ambiguous) : 0);
  if (unresolved > 0)
    return base::Fail(base::Reason::Malformed,
                      std::to_string(unresolved) + " passage anchor(s) are not found or ambiguous in " +
                          index.source().path.string() + " (" + TallyText(passages) + ")");
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
