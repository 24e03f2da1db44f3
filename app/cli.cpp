#include "app/cli.hpp"

#include <algorithm>
#include <exception>
#include <iostream>
#include <vector>

#include "app/verb.hpp"
#include "app/verb_table.hpp"
#include "app/version.hpp"
#include "base/stdout_check.hpp"
#include "base/terminal_text.hpp"
#include "kernels/api/host_memory.hpp"
#include "kernels/tpu/threads.hpp"

namespace tilewalk::app {
namespace {

bool IsHelpFlag(std::string_view arg) {
  return arg == "--help" || arg == "-h";
}

void PrintGlobalHelp(std::ostream& out) {
  out << "tilewalk " << kVersion
      << ": step through Pallas TPU attention kernels on a simulated TPU ('tilewalk kernels' lists them).\n"
      << "\n"
      << "Usage: tilewalk [VERB] [OPTIONS]\n"
      << "       tilewalk VERB --help\n"
      << "       tilewalk --help | --version\n"
      << "\n"
      << "Verbs:\n";
  std::size_t width = 0;
  for (const Verb& verb : VerbTable()) width = std::max(width, verb.name.size());
  for (const Verb& verb : VerbTable()) {
    out << "  " << verb.name << std::string(width - verb.name.size() + 3, ' ') << verb.summary << "\n";
  }
  out << "\n"
      << "Options:\n"
      << "  -h, --help   Show this help, or a verb's help after the verb\n"
      << "  --version    Print the version\n"
      << "\n"
      << "Exit codes: 0 success, 1 failure, 2 bad command line, 3 no display.\n";
}

void PrintVerbHelp(const Verb& verb, std::ostream& out) {
  out << "Usage: tilewalk " << verb.name << " " << verb.synopsis << "\n"
      << "\n"
      << verb.summary << ".\n"
      << "\n"
      << "Options:\n"
      << verb.options() << "  -h, --help                 Show this help\n";
}

// `implied` is true when the user typed no verb and the options went to the default one; the message
// then says so, since "tilewalk gui:" would name something the user never typed.
int RunVerb(const Verb& verb, bool implied, std::span<const std::string_view> args, std::ostream& out,
            std::ostream& err) {
  if (std::any_of(args.begin(), args.end(), IsHelpFlag)) {
    PrintVerbHelp(verb, out);
    return 0;
  }
  if (const auto problem = tpu::ThreadsVariableProblem())
    err << "tilewalk: warning: " << base::TerminalSafe(*problem) << "\n";
  const VerbResult result = verb.run({.verb = verb.name, .args = args, .out = out, .err = err});
  tpu::SetThreadCount(0);  // --threads and --max-memory belong to this command line only
  kernel::SetMaxHostBytes(0);
  if (result) return static_cast<int>(*result);
  const base::Error& error = result.error();
  if (error.reason != base::Reason::Usage) {
    err << "tilewalk " << verb.name << ": " << error.message << "\n";
    return static_cast<int>(ExitCode::Failure);
  }
  // A usage error quotes what the user typed as it was typed (base::CutText); it is escaped here, once.
  const std::string message = base::TerminalSafe(error.message);
  if (implied) {
    err << "tilewalk: " << message << " (with no verb given, options go to '" << verb.name << "').\n";
  } else {
    err << "tilewalk " << verb.name << ": " << message << ".\n";
  }
  err << "Run 'tilewalk " << verb.name << " --help' for its options, or 'tilewalk --help' for the verbs.\n";
  return static_cast<int>(ExitCode::Usage);
}

}  // namespace

int RunCli(std::span<const std::string_view> args, std::ostream& out, std::ostream& err) {
  const Verb* default_verb = FindVerb(kDefaultVerb);
  if (args.empty()) return RunVerb(*default_verb, true, args, out, err);
  const std::string_view first = args.front();
  if (IsHelpFlag(first)) {
    PrintGlobalHelp(out);
    return 0;
  }
  if (first == "--version") {
    out << "tilewalk " << kVersion << "\n";
    return 0;
  }
  if (first.starts_with("-")) return RunVerb(*default_verb, true, args, out, err);
  const Verb* verb = FindVerb(first);
  if (verb == nullptr) {
    err << "tilewalk: unknown verb '" << base::TerminalSafe(first) << "'.\n"
        << "Run 'tilewalk --help' to list the verbs.\n";
    return static_cast<int>(ExitCode::Usage);
  }
  return RunVerb(*verb, false, args.subspan(1), out, err);
}

int Main(int argc, char** argv) {
  int code = static_cast<int>(ExitCode::Failure);
  try {
    const std::vector<std::string_view> args(argv + std::min(argc, 1), argv + argc);
    code = RunCli(args, std::cout, std::cerr);
  } catch (const std::exception& e) {
    // Not a crash: whatever escaped a verb is still reported in a sentence.
    std::cerr << "tilewalk: internal error: " << base::TerminalSafe(e.what()) << "\n";
  }
  // A report that never reached stdout (a full disk, a closed pipe) is a failure, not a success.
  return base::ExitCodeAfterFlush(code);
}

}  // namespace tilewalk::app
