// [SECTIONS] shared · tours · tour --print
#include "app/walk/walk_verbs.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/cli_options.hpp"
#include "app/library_problems.hpp"
#include "app/progress_line.hpp"
#include "app/session/library_loader.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/terminal_text.hpp"
#include "kernels/flash/flash_error.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

// ---- shared -------------------------------------------------------------------------------------

namespace {

// Loads the shipped library, or with --library DIR the files in DIR; prints its problems (escaped, capped)
// and returns nullopt when there are any, unless `keep_going` lets it go on with what loaded. A folder that
// cannot be read, or holds no tours, stops it either way.
std::optional<Library> LoadChecked(const std::optional<std::filesystem::path>& folder, const VerbCall& call,
                                   bool keep_going = false) {
  std::ostream& err = call.err;
  session::LoadedLibrary loaded = session::LoadTourLibrary(folder);
  if (!loaded.problem.empty()) {
    err << "tilewalk " << call.verb << ": " << base::TerminalSafe(loaded.problem)
        << "; --library takes a folder holding passages/*.md and tours/*.tour\n";
    return std::nullopt;
  }
  Library& lib = loaded.library;
  std::vector<std::string> problems;
  for (const Diagnostic& d : lib.diagnostics) problems.push_back(d.ToString());
  if (const base::Status usable = ReportLibraryProblems(problems, folder, keep_going, call.verb, err);
      !usable) {
    err << "tilewalk " << call.verb << ": " << usable.error().message << "\n";
    return std::nullopt;
  }
  if (folder && lib.tours.empty()) {
    err << "tilewalk " << call.verb << ": there are no tours in " << base::Quote(*folder / "tours")
        << "; add a .tour file (docs/authoring.md)\n";
    return std::nullopt;
  }
  return std::move(lib);
}

struct TourOptions {
  std::optional<std::filesystem::path> library{};
  bool print = false;
  bool keep_going = false;
};

OptionSpec LibraryOption(std::optional<std::filesystem::path>& into) {
  return PathOption("--library", "DIR", "a folder",
                    "passages and tours from DIR/passages and DIR/tours, not the built-in ones", into);
}

std::vector<OptionSpec> TourOptionSpecs(TourOptions& into) {
  return {SwitchOption("--print", "print every stop: passage, C++ line, event index, first line of narration",
                       into.print),
          LibraryOption(into.library), KeepGoingOption(into.keep_going), ThreadsOption(), MaxMemoryOption()};
}

struct ToursOptions {
  std::optional<std::filesystem::path> library{};
  bool keep_going = false;
};

std::vector<OptionSpec> ToursOptionSpecs(ToursOptions& into) {
  return {LibraryOption(into.library), KeepGoingOption(into.keep_going)};
}

std::string Pad(std::string s, std::size_t width) {
  if (s.size() < width) s.resize(width, ' ');
  return s;
}

}  // namespace

// ---- tours --------------------------------------------------------------------------------------

std::string ToursHelp() {
  ToursOptions options;
  return base::OptionsHelp(ToursOptionSpecs(options));
}

VerbResult RunToursVerb(const VerbCall& call) {
  ToursOptions options;
  if (const auto parsed = base::ParseOptions(call.args, ToursOptionSpecs(options)); !parsed)
    return parsed.error();
  const auto library = LoadChecked(options.library, call, options.keep_going);
  if (!library) return ExitCode::Failure;
  for (const Tour& t : library->tours) {
    std::string tags = std::to_string(t.stops.size()) + " stops";
    if (t.question) tags += ", question " + std::to_string(t.question);
    if (t.is_default) tags += ", default";
    call.out << Pad(t.id, 20) << Pad(base::TerminalSafe(t.title), 70) << "(" << tags << ")\n";
  }
  return ExitCode::Ok;
}

// ---- tour --print -------------------------------------------------------------------------------

std::string TourHelp() {
  TourOptions options;
  return base::OptionsHelp(TourOptionSpecs(options));
}

VerbResult RunTourVerb(const VerbCall& call) {
  TourOptions options;
  const auto names = base::ParseOptions(call.args, TourOptionSpecs(options), /*positional_allowed=*/true);
  if (!names) return names.error();
  if (names->empty() || names->front().empty())
    return base::Fail(base::Reason::Usage, "name a tour (see 'tilewalk tours')");
  if (names->size() > 1)
    return base::Fail(base::Reason::Usage,
                      "unexpected argument '" + std::string((*names)[1]) + "'; name one tour");
  const std::string name((*names)[0]);
  if (!options.print)
    return base::Fail(
        base::Reason::Usage,
        "only --print is supported here; open a tour in the window with 'tilewalk gui --tour " + name + "'");
  // Each stop records its scenario, which can take seconds: a Ctrl-C is answered between stops.
  const base::InterruptGuard interrupts;
  const auto library = LoadChecked(options.library, call, options.keep_going);
  if (!library) return ExitCode::Failure;
  const Tour* tour = library->FindTour(name);
  if (!tour)
    return base::Fail(base::Reason::NotFound,
                      "no tour '" + base::TerminalSafe(name) + "'; 'tilewalk tours' lists them");
  ProgressLine progress(call.err, "tour", ProgressLine::StderrIsTerminal());
  call.out << tour->id << ": " << base::TerminalSafe(tour->title) << "\n";
  StopLander lander;
  int failures = 0;
  for (std::size_t i = 0; i < tour->stops.size(); ++i) {
    const TourStop& stop = tour->stops[i];
    progress.Update(static_cast<int64_t>(i), static_cast<int64_t>(tour->stops.size()), "landing the stops");
    const StopLanding landing =
        lander.Land(stop, {.cancelled = [&interrupts] { return interrupts.Interrupted(); }});
    progress.Finish();
    if (interrupts.Interrupted())
      return interrupts.AsError("stopped after " + std::to_string(i) + " of " +
                                std::to_string(tour->stops.size()) + " stops");
    std::string problem = landing.problem;
    std::string cpp = "-";
    if (const Passage* p = library->FindPassage(stop.passages.front()); p && !p->cpp.empty())
      if (const auto loc = ResolveCppAnchor(p->cpp.front()))
        cpp = loc->file + ":" + std::to_string(loc->line);
    std::string where;
    if (landing.event)
      where = "event " + std::to_string(*landing.event);
    else if (landing.recording && landing.recording->error())
      where = "rejected: " + std::string(tpu::ErrorTypeName(landing.recording->error()->type));
    std::string narration = stop.narration.substr(0, stop.narration.find('\n'));
    std::optional<AskReveal> ask;
    if (landing.recording && problem.empty()) {
      PlaceholderSource source(*landing.recording);
      if (auto filled = FillPlaceholders(narration, source, problem)) narration = *filled;
      if (stop.ask && problem.empty()) {
        ask = RevealAsk(*stop.ask, *landing.recording, source, problem);
        if (ask && ask->correct < 0)
          problem = "no choice of the ask fits the recorded answer '" + ask->recorded + "'";
      }
    }
    if (!problem.empty()) {
      where = "DOES NOT RESOLVE: " + problem;
      call.err << base::TerminalSafe(tour->file + ":" + std::to_string(stop.line) + ": stop '" + stop.title +
                                     "' does not resolve: " + problem)
               << "\n";
      failures += 1;
    }
    call.out << "\n"
             << i + 1 << "/" << tour->stops.size() << "  " << base::TerminalSafe(stop.title) << "\n"
             << "    passage: " << base::TerminalSafe(stop.passages.front()) << "   C++: " << cpp << "   "
             << base::TerminalSafe(where) << "\n"
             << "    " << base::TerminalSafe(narration) << "\n";
    if (ask) {
      call.out << "    ask: " << base::TerminalSafe(ask->question) << "\n";
      for (std::size_t c = 0; c < ask->choices.size(); ++c)
        call.out << "      " << c + 1 << ") " << base::TerminalSafe(ask->choices[c]) << "\n";
      call.out << "    answer: " << base::TerminalSafe(ask->recorded) << ", choice " << ask->correct + 1
               << ". " << base::TerminalSafe(ask->explanation) << "\n";
    }
  }
  if (failures) {
    call.err << failures << " stop(s) of '" << tour->id << "' do not resolve\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
