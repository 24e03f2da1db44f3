#include "app/check/check_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "app/scenario_json.hpp"
#include "base/sha256.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

namespace {

std::string Format(const char* fmt, double a) {
  char buf[64];
  std::snprintf(buf, sizeof buf, fmt, a);
  return buf;
}

nlohmann::json LaunchJson(const kernel::LaunchOutcome& launch) {
  const tpu::LaunchStats& st = launch.result.stats;
  nlohmann::json j;
  j["grid"] = nlohmann::json::array();
  for (int64_t d : launch.result.grid) j["grid"].push_back(d);
  j["steps"] = st.steps;
  j["steps_run"] = st.steps_run;
  j["steps_skipped"] = st.steps_skipped;
  j["cores"] = launch.result.plan.cores.cores;  // TensorCores the grid is shared between (grid_slices.hpp)
  for (const tpu::OperandTraffic& t : st.copies)
    j["copies"][t.name] = {{"issued", t.issued}, {"skipped", t.skipped}, {"bytes", t.bytes}};
  for (const tpu::OperandTraffic& t : st.writebacks)
    j["writebacks"][t.name] = {{"count", t.issued}, {"bytes", t.bytes}};
  j["events"] = launch.result.events.size();  // recorded events (check records them, as a tour does)
  j["matmuls"] = st.ops.matmuls;
  j["est_time_us"] = st.cost.total_us;
  j["est_compute_us"] = st.cost.compute_us;
  j["est_step_overhead_us"] = st.cost.overhead_us;
  j["est_dma_us"] = st.cost.dma_us;
  j["est_bubble_us"] = st.cost.bubble_us;
  j["est_bound"] = std::string(tpu::BoundName(st.cost.bound));
  return j;
}

}  // namespace

nlohmann::json KernelErrorJson(const tpu::KernelError& e, const std::string& launch,
                               const kernel::Kernel& kernel) {
  const tpu::SiteInfo site = tpu::GetSite(e.site);
  return {{"type", std::string(tpu::ErrorTypeName(e.type))},
          {"message", e.message},
          {"phase", std::string(tpu::PhaseName(e.phase))},
          {"launch", launch},
          {"site", site.name},
          {"file", site.file},
          {"line", site.line},
          {"pallas_function", walkthrough::PallasFunctionOf(site.name, walkthrough::WalkOf(kernel))}};
}

nlohmann::json CheckReportJson(const CheckRun& run) {
  nlohmann::json j;
  j["scenario"] = ScenarioJson(run.scenario);
  j["outputs"] = nlohmann::json::object();
  for (const kernel::OutputError& e : run.comparison.outputs)
    j["outputs"][e.name] = {{"max_abs", e.max_abs},
                            {"max_rel", e.max_rel},
                            {"magnitude", e.magnitude},
                            {"term_magnitude", e.term_magnitude},
                            {"condition", e.Condition()},
                            {"tolerance", e.tolerance},
                            {"tolerance_terms",
                             {{"base", e.budget.base},
                              {"sum_length", e.budget.sum_length},
                              {"sm_scale", e.budget.sm_scale},
                              {"logit_bound", e.budget.logit_bound}}},
                            {"nonfinite", e.nonfinite},
                            {"reference_nonfinite", e.reference_nonfinite},
                            {"nonfinite_mismatches", e.nonfinite_mismatches},
                            {"verdict", std::string(kernel::VerdictName(e.verdict))},
                            {"pass", e.pass}};
  // Each output array's bytes, hashed: whether two builds (the app and the web module) computed the same
  // bits, which the errors above cannot tell.
  j["output_sha256"] = nlohmann::json::object();
  for (const auto& [name, array] : run.step.outputs.named)
    j["output_sha256"][std::string(name)] =
        base::Sha256Hex(std::string_view(reinterpret_cast<const char*>(array->RawData()), array->bytes()));
  j["masked_rows"] = run.comparison.masked_rows;
  for (const kernel::ReportFact& fact : run.scenario.kernel().ReportFacts(run.scenario))
    j[fact.object][fact.key] = fact.value;
  j["launches"] = nlohmann::json::object();
  for (const kernel::LaunchOutcome& l : run.step.launches) j["launches"][l.name] = LaunchJson(l);
  if (run.step.error)
    j["error"] = KernelErrorJson(*run.step.error, run.step.error_launch, run.scenario.kernel());
  j["timing"] = {{"simulate_ms", run.simulate_ms}, {"reference_ms", run.comparison.reference_ms}};
  // What the memory guard judged the run by: its estimate (docs/bad-input.md) and the cap it allowed.
  j["memory"] = {{"estimate_bytes", run.memory_estimate},
                 {"cap_bytes", run.memory_cap.bytes},
                 {"cap_source", run.memory_cap.source}};
  j["pass"] = run.pass;
  j["verdict"] = run.pass                                          ? "pass"
                 : run.comparison.Uncheckable() && !run.step.error ? "cannot check"
                                                                   : "fail";
  return j;
}

namespace {

std::string ResultWord(kernel::Verdict v) {
  return v == kernel::Verdict::Fail ? "FAIL" : std::string(kernel::VerdictName(v));
}

// Why outputs could not be checked: their names, and which term of the tolerance reached 1.
std::string UncheckableWords(const kernel::ReferenceComparison& c) {
  std::string names;
  const kernel::ErrorBudget* budget = nullptr;
  for (const kernel::OutputError& e : c.outputs) {
    if (e.verdict != kernel::Verdict::Uncheckable) continue;
    names += (names.empty() ? "" : ", ") + e.name;
    budget = &e.budget;
  }
  const double scaled = std::abs(budget->sm_scale) * budget->logit_bound;
  const std::string why =
      scaled >= budget->sum_length
          ? "|sm_scale| x the logit bound is " + Format("%.1e", scaled) +
                ", so one float32 rounding of a logit " +
                "may move exp by more than the value itself; lower --sm-scale"
          : "the sums are " + Format("%.0f", budget->sum_length) + " terms long; shorten --q-len or --kv-len";
  return "  " + names +
         " cannot be checked at this scale: the tolerance is 1 or more, so an error as large as " +
         "the output itself would pass. " + why;
}

// The table of errors, then a line for each thing it does not say by itself.
void PrintOutputs(const kernel::ReferenceComparison& c, std::ostream& out) {
  // The names' column: 7 wide, or as wide as the longest name ("logsumexp").
  std::size_t width = 7;
  for (const kernel::OutputError& e : c.outputs) width = std::max(width, e.name.size());
  out << "output" << std::string(width - 4, ' ') << "max abs error   max rel error   tolerance   result\n";
  for (const kernel::OutputError& e : c.outputs)
    out << "  " << e.name << std::string(width - e.name.size(), ' ') << Format("%13.3e", e.max_abs) << "   "
        << Format("%13.3e", e.max_rel) << "   " << Format("%9.1e", e.tolerance) << "   "
        << ResultWord(e.verdict) << "\n";
  for (const kernel::OutputError& e : c.outputs)
    if (e.verdict == kernel::Verdict::IllConditioned)
      out << "  " << e.name << " is ill-conditioned: the terms it sums are " << Format("%.1e", e.Condition())
          << " times its largest value, so rounding alone moves it further than its tolerance; its error is "
          << Format("%.1e", e.max_abs / e.term_magnitude) << " of its terms, within tolerance\n";
  if (c.Uncheckable()) out << UncheckableWords(c) << "\n";
  if (c.masked_rows > 0)
    out << "  " << c.masked_rows
        << " query rows have no key to attend to (fully masked); they are compared with what the tiled "
           "kernels define: the average of v over the keys of the blocks each launch runs\n";
  // The errors above cover finite places only; NaN and Inf are counted apart, so that a poisoned input
  // reads as what it is rather than as an infinite error.
  for (const kernel::OutputError& e : c.outputs) {
    if (e.nonfinite == 0 && e.reference_nonfinite == 0) continue;
    const std::string where = e.nonfinite_mismatches
                                  ? "; they differ at " + std::to_string(e.nonfinite_mismatches) + " places"
                                  : ", at the same places";
    out << "  " << e.name << ": " << e.nonfinite << " NaN or Inf values, the reference "
        << e.reference_nonfinite << where << "\n";
  }
  if (!c.outputs.empty()) {
    const kernel::ErrorBudget& b = c.outputs.front().budget;
    out << "  tolerance = " << Format("%.0e", b.base) << " + 2^-24 x (length of the sum + |sm_scale| "
        << Format("%g", b.sm_scale) << " x logit bound " << Format("%.1f", b.logit_bound)
        << "), relative to each output's largest value (docs/check.md)\n";
  }
}

}  // namespace

void PrintCheckReport(const CheckRun& run, std::ostream& out) {
  out << "scenario: " << run.scenario.kernel().DescribeScenario(run.scenario) << "\n\n";
  PrintOutputs(run.comparison, out);
  const bool nonfinite_mismatch =
      std::any_of(run.comparison.outputs.begin(), run.comparison.outputs.end(),
                  [](const kernel::OutputError& e) { return e.nonfinite_mismatches > 0; });
  const bool ill_conditioned =
      std::any_of(run.comparison.outputs.begin(), run.comparison.outputs.end(),
                  [](const kernel::OutputError& e) { return e.verdict == kernel::Verdict::IllConditioned; });

  for (const kernel::LaunchOutcome& l : run.step.launches) {
    const tpu::LaunchStats& st = l.result.stats;
    out << "\nlaunch " << l.name << ": grid " << l.result.grid.ToString() << " = " << st.steps << " steps, "
        << st.steps_run << " ran, " << st.steps_skipped << " skipped arithmetic, " << st.ops.matmuls
        << " matmuls, estimated " << Format("%.2f", st.cost.total_us) << " us ("
        << tpu::BoundName(st.cost.bound) << ", bubbles " << Format("%.2f", st.cost.bubble_us) << " us)\n";
    if (l.result.plan.cores.cores > 1)
      out << "  on 2 TensorCores (megacore): steps 0-" << l.result.plan.cores.core1_first_step - 1
          << " on core 0 until " << Format("%.2f", st.cost.core_end_us[0]) << " us, "
          << l.result.plan.cores.core1_first_step << "-" << st.steps - 1 << " on core 1 until "
          << Format("%.2f", st.cost.core_end_us[1]) << " us\n";
    out << "  operand           copies issued   skipped        bytes in\n";
    for (const tpu::OperandTraffic& t : st.copies) {
      std::string name = "  " + t.name;
      name.resize(20, ' ');
      out << name << Format("%13.0f", t.issued) << Format("%10.0f", t.skipped) << Format("%16.0f", t.bytes)
          << "\n";
    }
    out << "  output            writebacks                 bytes out\n";
    for (const tpu::OperandTraffic& t : st.writebacks) {
      std::string name = "  " + t.name;
      name.resize(20, ' ');
      out << name << Format("%13.0f", t.issued) << Format("%26.0f", t.bytes) << "\n";
    }
  }
  out << "\ntiming: simulated step " << Format("%.1f", run.simulate_ms) << " ms, dense reference "
      << Format("%.1f", run.comparison.reference_ms) << " ms (wall time, this machine)\n";
  if (run.pass)
    out << "PASS: every output is within tolerance of the dense reference"
        << (ill_conditioned ? " (an ill-conditioned output, of the terms it sums)" : "") << "\n";
  else if (run.comparison.Uncheckable() && !run.step.error)
    out << "CANNOT CHECK: no output failed, but a tolerance of 1 or more cannot fail, so this is no pass\n";
  else if (nonfinite_mismatch)
    out << "FAIL: an output has NaN or Inf where the dense reference does not, or the other way round\n";
  else
    out << "FAIL: an output is outside its tolerance of the dense reference\n";
}

}  // namespace tilewalk::app
