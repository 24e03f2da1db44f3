#include "app/check/compare_verb.hpp"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/check/compare_figure.hpp"
#include "app/check/compare_report.hpp"
#include "app/check/compare_run.hpp"
#include "app/check/compare_window.hpp"
#include "app/cli_options.hpp"
#include "app/gui/gui_window.hpp"
#include "app/json_text.hpp"
#include "app/progress_line.hpp"
#include "base/interrupt_guard.hpp"
#include "base/safe_output.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {

bool AsksForComparison(std::span<const std::string_view> args) {
  for (std::string_view a : args)
    if (a == "--compare" || a.starts_with("--compare=")) return true;
  return false;
}

namespace {

struct CompareOptions {
  std::string kernels;                              // --compare A,B
  bool json = false;                                // --json
  std::optional<std::filesystem::path> svg, png;    // --svg FILE, --png FILE: the figure
  std::string chips;                                // --chips LIST: the estimates on other chips too
  bool show = false;                                // --show: the figure in a window
  std::optional<std::filesystem::path> screenshot;  // --screenshot FILE.png: of that window
  std::vector<CompareWord> words;                   // the scenario words, in command-line order
  std::string target;                               // the kernel of the words being read ("": every kernel)
};

OptionSpec RefusedWithCompare(std::string_view name, std::string_view value_name) {
  return {.name = name,
          .value_name = value_name,
          .needs = "a value",
          .help = "",
          .set = [name](std::string_view) {
            return base::Fail(base::Reason::Usage, std::string(name) +
                                                       " does not apply with --compare; give it to "
                                                       "check with one kernel");
          }};
}

// Every scenario option of every registered kernel, recorded as words for the kernel being read: each kernel
// reads them with its own table afterwards, so that one it lacks is named with the kernel.
std::vector<OptionSpec> ScenarioWordSpecs(CompareOptions& into, std::span<const OptionSpec> taken) {
  std::vector<OptionSpec> specs;
  for (const kernel::Kernel* k : kernel::Kernels()) {
    kernel::ScenarioArgs args(*k);
    for (OptionSpec spec : args.Specs()) {
      const auto same = [&](const OptionSpec& s) { return s.name == spec.name; };
      if (std::any_of(taken.begin(), taken.end(), same) || std::any_of(specs.begin(), specs.end(), same))
        continue;
      const bool is_switch = spec.value_name.empty();
      spec.set = [&into, name = spec.name, is_switch](std::string_view value) -> base::Status {
        into.words.push_back({.kernel = into.target, .word = std::string(name)});
        if (!is_switch) into.words.push_back({.kernel = into.target, .word = std::string(value)});
        return {};
      };
      specs.push_back(std::move(spec));
    }
  }
  return specs;
}

// The compare options, then the scenario words (for every kernel, before any --for).
std::vector<OptionSpec> CompareSpecs(CompareOptions& into) {
  std::vector<OptionSpec> specs{
      TextOption("--compare", "A,B", "kernel names", "run the scenario on each kernel named", into.kernels),
      SwitchOption("--json", "print the comparison as one JSON object", into.json),
      PathOption("--svg", "FILE", "a file name", "also draw the comparison as an SVG figure", into.svg),
      PathOption("--png", "FILE", "a file name", "also draw the comparison as a PNG, as the window shows it",
                 into.png),
      TextOption("--chips", "LIST", "chip names",
                 "also run each kernel on these chips (v4,v5e,v5p,v6e) and compare the estimated times",
                 into.chips),
      SwitchOption("--show", "also show the comparison in a window (Escape closes it, F11: full screen)",
                   into.show),
      PathOption("--screenshot", "FILE.png", "a file name",
                 "with --show: save the window as a PNG after a few frames and close it", into.screenshot),
      ThreadsOption(),
      MaxMemoryOption(),
      RefusedWithCompare("--dump", "DIR"),
      RefusedWithCompare("--force", ""),
      RefusedWithCompare("--kernel", "NAME"),
      {.name = "--for",
       .value_name = "KERNEL",
       .needs = "a kernel name",
       .help = "the scenario words after it are that kernel's alone (flash: --causal, splash: --mask causal)",
       .set = [](std::string_view) { return base::Status{}; }},  // SplitAtFor reads it
  };
  std::vector<OptionSpec> words = ScenarioWordSpecs(into, specs);
  specs.insert(specs.end(), std::make_move_iterator(words.begin()), std::make_move_iterator(words.end()));
  return specs;
}

// The command line cut at each --for KERNEL: the words before the first, then each kernel's. The compare
// options may stand in any part; the scenario words of a part after --for are that kernel's.
struct Segment {
  std::string kernel;  // "" for the first
  std::vector<std::string_view> args;
};
std::vector<Segment> SplitAtFor(std::span<const std::string_view> args) {
  std::vector<Segment> out(1);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--for" && i + 1 < args.size() && !args[i + 1].starts_with("--")) {
      out.push_back({.kernel = std::string(args[++i]), .args = {}});
    } else if (args[i].starts_with("--for=")) {
      out.push_back({.kernel = std::string(args[i].substr(6)), .args = {}});
    } else {
      out.back().args.push_back(args[i]);
    }
  }
  return out;
}

base::Result<CompareOptions> ParseCompareOptions(std::span<const std::string_view> args) {
  CompareOptions options;
  const std::vector<Segment> segments = SplitAtFor(args);
  if (const auto parsed = base::ParseOptions(segments.front().args, CompareSpecs(options)); !parsed)
    return parsed.error();
  for (std::size_t i = 1; i < segments.size(); ++i) {
    options.target = segments[i].kernel;
    if (options.target.empty()) return base::Fail(base::Reason::Usage, "--for needs a kernel name, got ''");
    if (const auto parsed = base::ParseOptions(segments[i].args, CompareSpecs(options)); !parsed)
      return base::Fail(base::Reason::Usage, "after --for " + options.target + ": " + parsed.error().message);
  }
  return options;
}

}  // namespace

VerbResult RunCompareVerb(const VerbCall& call) {
  const auto parsed = ParseCompareOptions(call.args);
  if (!parsed) return parsed.error();
  const CompareOptions& options = *parsed;
  if (options.screenshot && !options.show)
    return base::Fail(base::Reason::Usage, "--screenshot only applies with --show");
  const auto kernels = ParseCompareKernels(options.kernels);
  if (!kernels) return kernels.error();
  const auto scenarios = CompareScenarios(*kernels, options.words);
  if (!scenarios) return scenarios.error();
  std::vector<std::string> chips;
  if (!options.chips.empty()) {
    auto parsed_chips = ParseCompareChips(options.chips);
    if (!parsed_chips) return parsed_chips.error();
    chips = std::move(*parsed_chips);
  }
  // The window opens after the comparison has run: a missing display is said before that.
  if (options.show && !GuiWindow::DisplayNamed())
    return base::Fail(
        base::Reason::NotFound,
        "--show needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set: draw the figure "
        "without one with --svg FILE or --png FILE, or run under a virtual X server (xvfb-run -a)");
  for (const auto* figure : {&options.svg, &options.png, &options.screenshot})
    if (*figure)
      if (const auto writable = base::CheckOutputDestination(**figure); !writable) return writable.error();

  const base::InterruptGuard interrupts;
  ProgressLine progress(call.err, "check", ProgressLine::StderrIsTerminal());
  auto comparison = RunComparison(*scenarios, options.words, progress, interrupts);
  if (!comparison) return interrupts.AsError("nothing was compared");
  for (const std::string& chip : chips) {
    if (chip == comparison->kernels.front().chip) continue;  // the table has it already
    auto times = TimeOnChip(*kernels, options.words, chip, progress, interrupts);
    if (!times) return times.error();
    if (!*times) return interrupts.AsError("nothing was compared");
    comparison->chips.push_back(std::move(**times));
  }
  progress.Finish();
  if (options.json)
    call.out << JsonText(ComparisonJson(*comparison), 2) << "\n";
  else
    PrintComparison(*comparison, call.out);
  if (options.svg || options.png || options.show) {
    const views::ComparePicture picture = ComparisonPicture(*comparison);
    if (options.svg)
      if (const base::Status written = WriteComparisonSvg(*options.svg, picture); !written)
        return written.error();
    if (options.png)
      if (const base::Status written = WriteComparisonPng(*options.png, picture, call.err); !written)
        return written.error();
    if (options.show)
      if (const base::Status shown =
              ShowComparisonWindow(picture, {.screenshot = options.screenshot}, call.err);
          !shown)
        return shown.error();
  }
  for (const KernelTally& k : comparison->kernels)
    if (!k.pass) return ExitCode::Failure;
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
