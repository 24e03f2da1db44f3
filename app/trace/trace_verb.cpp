#include "app/trace/trace_verb.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/cli_options.hpp"
#include "app/kernel_scenario_args.hpp"
#include "app/pallas_for_verb.hpp"
#include "app/progress_line.hpp"
#include "app/trace/trace_json.hpp"
#include "base/file_ops.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/safe_output.hpp"
#include "kernels/api/memory_guard.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

namespace {

struct TraceOptions {
  std::optional<std::filesystem::path> out{};
  std::optional<std::filesystem::path> pallas_source{};
  std::string launch = "step";  // a launch of the kernel, or step: all of them
  std::string launch_names{};   // "fwd|dkv|dq|step": --launch's value name in --help
  std::string launch_words{};   // "fwd, dkv, dq or step"
};

std::vector<OptionSpec> TraceOptionSpecs(TraceOptions& into, KernelScenarioArgs& scenario) {
  const kernel::KernelInfo& info = scenario.kernel().info();
  into.launch_names.clear();
  into.launch_words.clear();
  for (std::size_t i = 0; i < info.launches.size(); ++i) {
    into.launch_names += std::string(info.launches[i].name) + "|";
    into.launch_words += std::string(info.launches[i].name) + (i + 1 == info.launches.size() ? " or " : ", ");
  }
  into.launch_names += "step";
  into.launch_words += "step";
  std::vector<OptionSpec> specs = scenario.Specs();
  specs.push_back({.name = "--launch",
                   .value_name = into.launch_names,
                   .needs = "a launch",
                   .help = "which launch to write (default: step, all of them)",
                   .set = [&into, &info](std::string_view value) -> base::Status {
                     if (value != "step" && info.FindLaunch(value) == nullptr)
                       return base::Fail(base::Reason::Usage, "expected " + into.launch_words);
                     into.launch = std::string(value);
                     return {};
                   }});
  specs.push_back(PathOption("--out", "FILE.json", "a file name",
                             "where to write the trace (written atomically); - for standard output",
                             into.out));
  specs.push_back(PathOption("--pallas-source", "PATH", "a file",
                             "the Pallas file whose lines events carry as pallas_line (else the one found)",
                             into.pallas_source));
  specs.push_back(ThreadsOption());
  specs.push_back(MaxMemoryOption());
  return specs;
}

// A FILE that writes into a C++ stream, so that `--out -` streams the JSON to the verb's own out stream
// (standard output, or a test's buffer) as the file path streams it to its file.
ssize_t WriteToStream(void* stream, const char* data, std::size_t size) {
  std::ostream& out = *static_cast<std::ostream*>(stream);
  out.write(data, static_cast<std::streamsize>(size));
  return out ? static_cast<ssize_t>(size) : -1;
}

std::unique_ptr<std::FILE, int (*)(std::FILE*)> OpenStreamFile(std::ostream& out) {
  const cookie_io_functions_t io{.read = nullptr, .write = WriteToStream, .seek = nullptr, .close = nullptr};
  return {fopencookie(&out, "w", io), &std::fclose};
}

bool IsStandardOutput(const std::filesystem::path& path) {
  return path == "-";
}

// "fwd", "fwd and dq".
std::string LaunchesInWords(const std::vector<std::string_view>& launches) {
  std::string text;
  for (std::size_t i = 0; i < launches.size(); ++i)
    text += (i == 0 ? "" : i + 1 == launches.size() ? " and " : ", ") + std::string(launches[i]);
  return text;
}

}  // namespace

std::string TraceHelp() {
  TraceOptions options;
  KernelScenarioArgs scenario;
  return base::OptionsHelp(TraceOptionSpecs(options, scenario));
}

VerbResult RunTraceVerb(const VerbCall& call) {
  TraceOptions options;
  KernelScenarioArgs scenario_args(call.args);
  if (!scenario_args.status()) return scenario_args.status().error();
  if (const auto parsed = base::ParseOptions(call.args, TraceOptionSpecs(options, scenario_args)); !parsed)
    return parsed.error();
  const auto built = scenario_args.scenario().Build();
  if (!built) return built.error();
  // trace writes its JSON event by event: measured, it adds nothing to the recording's peak.
  if (const base::Status runnable = kernel::CheckRunnable(*built); !runnable) return runnable.error();
  if (!options.out) return base::Fail(base::Reason::Usage, "--out FILE.json is required");
  const std::filesystem::path* out_path = &*options.out;
  std::vector<std::string> launches;
  if (options.launch != "step") launches.push_back(options.launch);
  if (const std::vector<std::string_view> runs = built->kernel().Settings(*built).launches;
      !launches.empty() && !runs.empty() &&
      std::find(runs.begin(), runs.end(), launches.front()) == runs.end())
    return base::Fail(base::Reason::Usage, "this scenario runs " + LaunchesInWords(runs) + " only, not " +
                                               launches.front() + "; change the scenario or trace --launch " +
                                               std::string(runs.front()));

  // A bad --out is refused before the recording, which can take a while; nothing is created until the
  // recording is done, so a Ctrl-C before then has nothing to clean up.
  const bool to_stdout = IsStandardOutput(*out_path);
  if (!to_stdout)
    if (const auto destination = base::CheckOutputDestination(*out_path); !destination)
      return destination.error();
  const auto pallas = LoadPallasForVerb(options.pallas_source, "trace", call.err, built->kernel());
  if (!pallas) return pallas.error();
  if (*pallas && !to_stdout && base::SameFile(*out_path, pallas->get()->source().path))
    return base::Fail(base::Reason::Refused,
                      "--out names the Pallas file trace reads (" + base::Quote(*out_path) +
                          "); the trace would replace it; give the trace another name");
  const base::InterruptGuard guard;
  const std::string where = to_stdout ? "standard output" : base::Quote(*out_path);
  const auto interrupted = [&] { return guard.AsError("nothing was written to " + where); };
  ProgressLine progress(call.err, "trace", ProgressLine::StderrIsTerminal());
  // The recording asks the guard between grid steps, so a Ctrl-C stops it there.
  progress.Phase("recording the scenario");
  const auto recording =
      walkthrough::Recording::Record(*built, {.cancelled = [&guard] { return guard.Interrupted(); }});
  progress.Finish();
  if (guard.Interrupted()) return interrupted();
  const auto report = [&](uint64_t done, uint64_t total) {
    progress.Update(static_cast<int64_t>(done), static_cast<int64_t>(total), "events written");
    return !guard.Interrupted();
  };
  // The process's own standard output is written as any stream is, waiting for room with poll, so that a
  // reader that stops reading cannot hold the first Ctrl-C; another ostream (a test's) through stdio.
  if (to_stdout && &call.out != &std::cout) {
    // Standard output cannot be written atomically: an interrupted trace there ends where it stopped.
    const auto stream = OpenStreamFile(call.out);
    if (!stream) return base::Fail(base::Reason::Unwritable, "cannot write the trace to standard output");
    const bool complete = WriteTraceJson(
        stream.get(), *recording, launches, pallas->get(),
        [&](uint64_t done, uint64_t total) { return report(done, total) && std::ferror(stream.get()) == 0; });
    progress.Finish();
    if (guard.Interrupted()) return guard.AsError("the trace on standard output is incomplete");
    if (!complete || std::fflush(stream.get()) != 0 || !call.out)
      return base::Fail(base::Reason::Unwritable, "cannot write the trace to standard output");
  } else {
    auto file = base::OutputFile::Open(to_stdout ? std::filesystem::path("/dev/stdout") : *out_path);
    if (!file) return file.error();
    const bool complete = WriteTraceJson(
        file->File(), *recording, launches, pallas->get(),
        [&](uint64_t done, uint64_t total) { return report(done, total) && file->Status().ok(); });
    progress.Finish();
    const bool in_place =
        file->kind() == base::OutputKind::Stream || file->kind() == base::OutputKind::StandardStream;
    if (guard.Interrupted())  // a file's temporary goes with `file`; a pipe keeps what it was given
      return in_place ? guard.AsError("the trace on " + where + " is incomplete") : interrupted();
    if (!complete) return file->Status().error();
    if (const auto committed = file->Commit(); !committed) return committed.error();
  }
  uint64_t written = 0;
  for (int launch = 0; launch < static_cast<int>(recording->launches().size()); ++launch)
    if (launches.empty() || recording->launches()[static_cast<std::size_t>(launch)].name == launches.front())
      written += recording->EventRange(launch).size();
  call.err << "wrote " << written << " events to " << where << "\n";
  if (recording->error()) {
    call.err << walkthrough::DescribeKernelError(*recording->error(),
                                                 walkthrough::WalkOf(recording->scenario().kernel()))
             << "\n"
             << built->kernel().ErrorAdvice(*recording->error(), recording->error_launch()) << "\n"
             << "The trace holds what ran before the error.\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
