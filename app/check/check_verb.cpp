#include "app/check/check_verb.hpp"

#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/check/check_report.hpp"
#include "app/check/dump_folder.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_flags.hpp"

namespace tilewalk::app {

namespace {}  // namespace

std::string_view CheckOptions() {
  static const std::string text =
      flash::ScenarioFlagsHelp() +
      "  --json                     print the report as one JSON object\n"
      "  --dump DIR                 write inputs and outputs as .npy files and config.json\n"
      "  --force                    let --dump replace an earlier dump folder\n";
  return text;
}

namespace {

struct CheckArgs {
  flash::Scenario scenario;
  bool json = false;
  std::optional<std::filesystem::path> dump;
  bool force = false;
};

CheckArgs ParseCheckArgs(std::span<const std::string_view> raw) {
  const std::vector<std::string> args(raw.begin(), raw.end());
  CheckArgs out;
  std::vector<std::string> rest;
  try {
    rest = flash::ParseScenarioFlags(args, out.scenario);
    flash::CheckRunnable(out.scenario);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == "--json") {
      out.json = true;
    } else if (rest[i] == "--force") {
      out.force = true;
    } else if (rest[i] == "--dump") {
      if (i + 1 >= rest.size() || rest[i + 1].empty()) throw UsageError("--dump needs a folder");
      out.dump = rest[++i];
    } else {
      throw UsageError("unknown option '" + rest[i] + "'");
    }
  }
  return out;
}

}  // namespace

ExitCode RunCheckVerb(const VerbCall& call) {
  const CheckArgs args = ParseCheckArgs(call.args);
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
    call.err << flash::DescribeError(*run.step.error) << "\n"
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
