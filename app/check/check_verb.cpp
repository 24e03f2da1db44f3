#include "app/check/check_verb.hpp"

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "app/check/check_report.hpp"
#include "app/check/dump_folder.hpp"
#include "app/cli_options.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/kernel_error_text.hpp"

namespace tilewalk::app {
namespace {

std::vector<OptionSpec> CheckOptionSpecs(CheckOptions& into, flash::ScenarioArgs& scenario) {
  std::vector<OptionSpec> specs = scenario.Specs();
  specs.push_back(SwitchOption("--json", "print the report as one JSON object", into.json));
  specs.push_back(PathOption("--dump", "DIR", "a folder",
                             "write inputs and outputs as .npy files and config.json", into.dump));
  specs.push_back(SwitchOption("--force", "let --dump replace an earlier dump folder", into.force));
  specs.push_back(ThreadsOption());
  return specs;
}

}  // namespace

std::string CheckHelp() {
  CheckOptions options;
  flash::ScenarioArgs scenario;
  return base::OptionsHelp(CheckOptionSpecs(options, scenario));
}

base::Result<CheckOptions> ParseCheckOptions(std::span<const std::string_view> args) {
  CheckOptions options;
  flash::ScenarioArgs scenario_args;
  if (const auto parsed = base::ParseOptions(args, CheckOptionSpecs(options, scenario_args)); !parsed)
    return parsed.error();
  auto scenario = scenario_args.Build();
  if (!scenario) return scenario.error();
  if (const base::Status runnable = flash::CheckRunnable(*scenario); !runnable)
    return base::Fail(base::Reason::Usage, runnable.error().message);
  options.scenario = *scenario;
  if (options.force && !options.dump)
    return base::Fail(base::Reason::Usage, "--force only applies with --dump");
  return options;
}

VerbResult RunCheckVerb(const VerbCall& call) {
  const auto parsed = ParseCheckOptions(call.args);
  if (!parsed) return parsed.error();
  const CheckOptions& args = *parsed;
  if (args.dump) {
    try {
      CheckDumpDestination(*args.dump, args.force);
    } catch (const std::exception& e) {
      call.err << "tilewalk check: " << e.what() << "\n";
      return ExitCode::Failure;
    }
  }
  const flash::Scenario& s = args.scenario;
  const flash::ScenarioInputs data = flash::MakeInputs(s);

  CheckRun run;
  run.scenario = s;
  const auto start = std::chrono::steady_clock::now();
  flash::StepOptions options{
      .forward_only = s.forward_only,
      .launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = true}};
  run.step = flash::RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
  run.simulate_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (!run.step.error) run.comparison = flash::CompareWithReference(s, data, run.step);
  run.pass = !run.step.error && run.comparison.pass;

  if (args.json) {
    call.out << CheckReportJson(run).dump(2) << "\n";
  } else if (!run.step.error) {
    PrintCheckReport(run, call.out);
  }
  if (run.step.error)
    call.err << walkthrough::DescribeKernelError(*run.step.error) << "\n"
             << flash::ErrorAdvice(*run.step.error, run.step.error_launch) << "\n";
  if (args.dump) {
    try {
      DumpCheckRun(*args.dump, args.force, run, data);
    } catch (const std::exception& e) {
      call.err << "tilewalk check: " << e.what() << "\n";
      return ExitCode::Failure;
    }
  }
  return run.pass ? ExitCode::Ok : ExitCode::Failure;
}

}  // namespace tilewalk::app
