#include "web/web_check.hpp"

#include <chrono>

#include "app/check/check_report.hpp"
#include "kernels/api/host_memory.hpp"
#include "web/web_request.hpp"

namespace tilewalk::web {

nlohmann::json CheckJson(const nlohmann::json& request, const app::GridStepWatcher& progress) {
  const auto kernel = RequestKernel(request);
  if (!kernel) return {{"error", kernel.error().message}};
  const auto words = ScenarioWords(request);
  if (!words) return {{"error", words.error().message}};
  const auto scenario = ParseRequestScenario(*kernel, *words, /*record=*/false);
  if (!scenario) return {{"error", scenario.error().message}};
  // As RunCheckVerb runs it: every grid step with its events, the launches let go, then the reference.
  const kernel::Scenario& s = *scenario;
  const kernel::Kernel& k = s.kernel();
  const std::unique_ptr<kernel::KernelRun> prepared = k.Prepare(s, {.record_events = true});
  app::CheckRun run{.scenario = s};
  run.memory_estimate = k.EstimateHostMemory(s, {.record = false}).Total();
  run.memory_cap = kernel::MaxHostBytes();
  const auto start = std::chrono::steady_clock::now();
  auto step = app::RunGridSteps(*prepared, progress);
  prepared->ReleaseLaunches();
  if (!step) return {{"error", "the check was stopped"}};
  run.step = std::move(*step);
  run.simulate_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!run.step.error) run.comparison = prepared->CompareWithReference(run.step.outputs);
  run.pass = !run.step.error && run.comparison.pass;
  return app::CheckReportJson(run);
}

}  // namespace tilewalk::web
