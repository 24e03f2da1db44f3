#include "app/trace/trace_verb.hpp"

#include <cstring>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <vector>

#include "app/io/temp_file.hpp"
#include "app/trace/trace_json.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_flags.hpp"

namespace tilewalk::app {

std::string_view TraceOptions() {
  static const std::string text =
      flash::ScenarioFlagsHelp() +
      "  --launch fwd|dkv|dq|step   which launch to write (default: step, all of them)\n"
      "  --out FILE.json            where to write the trace (written atomically)\n";
  return text;
}

ExitCode RunTraceVerb(const VerbCall& call) {
  const std::vector<std::string> args(call.args.begin(), call.args.end());
  flash::Scenario scenario;
  std::vector<std::string> rest;
  try {
    rest = flash::ParseScenarioFlags(args, scenario);
    flash::CheckRunnable(scenario);
  } catch (const std::invalid_argument& e) {
    throw UsageError(e.what());
  }
  std::optional<std::filesystem::path> out_path;
  std::vector<std::string> launches;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == "--out" && i + 1 < rest.size()) {
      if (rest[i + 1].empty()) throw UsageError("--out needs a file name");
      out_path = rest[++i];
    } else if (rest[i] == "--launch" && i + 1 < rest.size()) {
      const std::string which = rest[++i];
      if (which != "fwd" && which != "dkv" && which != "dq" && which != "step")
        throw UsageError("--launch got '" + which + "': expected fwd, dkv, dq or step");
      if (which != "step") launches.push_back(which);
    } else if (rest[i] == "--out" || rest[i] == "--launch") {
      throw UsageError(rest[i] + " needs a value");
    } else {
      throw UsageError("unknown option '" + rest[i] + "'");
    }
  }
  if (!out_path) throw UsageError("--out FILE.json is required");
  if (scenario.forward_only && !launches.empty() && launches.front() != "fwd")
    throw UsageError("--forward-only runs the fwd launch only; drop it to trace " + launches.front());

  std::error_code error;
  if (std::filesystem::is_directory(*out_path, error)) {
    call.err << "tilewalk trace: cannot write '" << out_path->string()
             << "': it is a folder; give a file name for --out\n";
    return ExitCode::Failure;
  }
  TempFile file(*out_path);
  if (!file.File()) {
    call.err << "tilewalk trace: cannot write '" << out_path->string() << "': " << std::strerror(file.Errno())
             << "; choose a writable path for --out\n";
    return ExitCode::Failure;
  }
  const auto recording = walkthrough::Recording::Record(scenario);
  WriteTraceJson(file.File(), *recording, launches);
  if (!file.Close() || !file.RenameTo(*out_path)) {
    call.err << "tilewalk trace: cannot write '" << out_path->string() << "': " << std::strerror(file.Errno())
             << "\n";
    return ExitCode::Failure;
  }
  uint64_t written = 0;
  for (const auto& t : recording->launches())
    if (launches.empty() || t.name == launches.front()) written += t.events.size();
  call.out << "wrote " << written << " events to " << out_path->string() << "\n";
  if (recording->error()) {
    call.err << flash::DescribeError(*recording->error()) << "\n"
             << flash::ErrorAdvice(*recording->error(), recording->error_launch()) << "\n"
             << "The trace holds what ran before the error.\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
