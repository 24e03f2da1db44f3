#include "app/check/check_verb.hpp"

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "app/check/check_report.hpp"
#include "app/check/dump_folder.hpp"
#include "app/check/watched_step.hpp"
#include "app/cli_options.hpp"
#include "app/json_text.hpp"
#include "app/kernel_scenario_args.hpp"
#include "app/progress_line.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "kernels/api/memory_guard.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {
namespace {

std::vector<OptionSpec> CheckOptionSpecs(CheckOptions& into, KernelScenarioArgs& scenario) {
  std::vector<OptionSpec> specs = scenario.Specs();
  specs.push_back(SwitchOption("--json", "print the report as one JSON object", into.json));
  specs.push_back(PathOption("--dump", "DIR", "a folder",
                             "write inputs and outputs as .npy files and config.json", into.dump));
  specs.push_back(SwitchOption("--force", "let --dump replace an earlier dump folder", into.force));
  specs.push_back(ThreadsOption());
  specs.push_back(MaxMemoryOption());
  return specs;
}

}  // namespace

std::string CheckHelp() {
  CheckOptions options;
  KernelScenarioArgs scenario;
  return base::OptionsHelp(CheckOptionSpecs(options, scenario));
}

base::Result<CheckOptions> ParseCheckOptions(std::span<const std::string_view> args) {
  CheckOptions options;
  KernelScenarioArgs scenario_args(args);
  if (!scenario_args.status()) return scenario_args.status().error();
  if (const auto parsed = base::ParseOptions(args, CheckOptionSpecs(options, scenario_args)); !parsed)
    return parsed.error();
  const auto built = scenario_args.scenario().Build();
  if (!built) return built.error();
  if (const base::Status runnable = kernel::CheckRunnable(*built, {.record = false}); !runnable)
    return runnable.error();
  options.scenario = *built;
  if (options.force && !options.dump)
    return base::Fail(base::Reason::Usage, "--force only applies with --dump");
  return options;
}

VerbResult RunCheckVerb(const VerbCall& call) {
  const auto parsed = ParseCheckOptions(call.args);
  if (!parsed) return parsed.error();
  const CheckOptions& args = *parsed;
  if (args.dump) {
    if (const base::Status writable = CheckDumpDestination(*args.dump, args.force); !writable)
      return writable.error();
  }
  // Until the dump, nothing is written, so a Ctrl-C only has to stop the work and say so.
  const base::InterruptGuard interrupts;
  const auto interrupted = [&] {
    return interrupts.AsError(args.dump ? "nothing was written to " + base::Quote(*args.dump)
                                        : std::string("nothing was checked"));
  };
  ProgressLine progress(call.err, "check", ProgressLine::StderrIsTerminal());
  const kernel::Scenario& s = *args.scenario;
  const kernel::Kernel& k = s.kernel();
  const std::unique_ptr<kernel::KernelRun> prepared = k.Prepare(s, {.record_events = true});

  CheckRun run{.scenario = s};
  run.memory_estimate = k.EstimateHostMemory(s, {.record = false}).Total();
  run.memory_cap = kernel::MaxHostBytes();
  const auto start = std::chrono::steady_clock::now();
  auto step = RunWatchedStep(*prepared, progress, interrupts);
  prepared->ReleaseLaunches();  // the reference needs the room; the dump needs only the inputs
  if (!step) return interrupted();
  run.step = std::move(*step);
  run.simulate_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!run.step.error) {
    progress.Phase("the dense reference");
    run.comparison = prepared->CompareWithReference(run.step.outputs);
  }
  progress.Finish();
  if (interrupts.Interrupted()) return interrupted();
  run.pass = !run.step.error && run.comparison.pass;

  if (args.json) {
    call.out << JsonText(CheckReportJson(run), 2) << "\n";
  } else if (!run.step.error) {
    PrintCheckReport(run, call.out);
  }
  if (run.step.error)
    call.err << walkthrough::DescribeKernelError(*run.step.error, walkthrough::WalkOf(k)) << "\n"
             << k.ErrorAdvice(*run.step.error, run.step.error_launch) << "\n";
  if (args.dump) {
    if (const base::Status dumped = DumpCheckRun(*args.dump, args.force, run, *prepared, interrupts); !dumped)
      return dumped.error();
  }
  return run.pass ? ExitCode::Ok : ExitCode::Failure;
}

}  // namespace tilewalk::app
