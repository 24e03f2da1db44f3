// [SECTIONS] shared · tours · tour --print
#include "app/walk/walk_verbs.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/cli_options.hpp"
#include "app/json_text.hpp"
#include "app/library_problems.hpp"
#include "app/progress_line.hpp"
#include "app/session/library_loader.hpp"
#include "app/walk/stop_text.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/terminal_text.hpp"
#include "base/text_pad.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

// ---- shared -------------------------------------------------------------------------------------

namespace {

// Loads the shipped passages and tours of every kernel, or with --library DIR the files in DIR; prints their
// problems (escaped, capped) and returns nullopt when there are any, unless `keep_going` lets it go on with
// what loaded. A folder that cannot be read, or holds no tours, stops it either way.
std::optional<session::LoadedLibrary> LoadChecked(const std::optional<std::filesystem::path>& folder,
                                                  const VerbCall& call, bool keep_going = false) {
  std::ostream& err = call.err;
  base::Result<session::LoadedLibrary> loaded = session::LoadTourLibrary(folder);
  if (!loaded) {
    err << "tilewalk " << call.verb << ": " << base::TerminalSafe(loaded.error().message)
        << "; --library takes a folder holding passages/*.md and tours/*.tour\n";
    return std::nullopt;
  }
  std::vector<std::string> problems;
  std::size_t tours = 0;
  for (const Library* lib : loaded->All()) {
    for (const Diagnostic& d : lib->diagnostics) problems.push_back(d.ToString());
    tours += lib->tours.size();
  }
  if (const base::Status usable = ReportLibraryProblems(problems, folder, keep_going, call.verb, err);
      !usable) {
    err << "tilewalk " << call.verb << ": " << usable.error().message << "\n";
    return std::nullopt;
  }
  if (folder && tours == 0) {
    err << "tilewalk " << call.verb << ": there are no tours in " << base::Quote(*folder / "tours")
        << "; add a .tour file (docs/authoring.md)\n";
    return std::nullopt;
  }
  return std::move(*loaded);
}

// The library that holds a tour: the one whose passages its stops name.
const Library& LibraryOf(const session::LoadedLibrary& loaded, const Tour& tour) {
  for (const Library* lib : loaded.All())
    if (lib->FindTour(tour.id) == &tour) return *lib;
  return loaded.library;
}

struct TourOptions {
  std::optional<std::filesystem::path> library{};
  bool print = false;
  bool json = false;
  bool keep_going = false;
};

OptionSpec LibraryOption(std::optional<std::filesystem::path>& into) {
  return PathOption("--library", "DIR", "a folder",
                    "passages and tours from DIR/passages and DIR/tours, not the built-in ones", into);
}

std::vector<OptionSpec> TourOptionSpecs(TourOptions& into) {
  return {
      SwitchOption("--print",
                   "print every stop: passage, C++ line, event index, its narration and passage text filled",
                   into.print),
      SwitchOption("--json",
                   "the same as JSON: tour, title, stops [{id, title, show, event, narration, passage}]",
                   into.json),
      LibraryOption(into.library),
      KeepGoingOption(into.keep_going),
      ThreadsOption(),
      MaxMemoryOption()};
}

struct ToursOptions {
  std::optional<std::filesystem::path> library{};
  bool keep_going = false;
};

std::vector<OptionSpec> ToursOptionSpecs(ToursOptions& into) {
  return {LibraryOption(into.library), KeepGoingOption(into.keep_going)};
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
  const auto loaded = LoadChecked(options.library, call, options.keep_going);
  if (!loaded) return ExitCode::Failure;
  for (const Library* library : loaded->All()) {
    // Another kernel's tours say whose they are; the default kernel's list reads as it always has.
    const bool other_kernel = library != &loaded->library && library->walk != nullptr;
    for (const Tour& t : library->tours) {
      std::string tags = std::to_string(t.stops.size()) + " stops";
      if (other_kernel) tags += ", kernel " + std::string(library->walk->kernel->info().name);
      if (t.question) tags += ", question " + std::to_string(t.question);
      if (t.is_default) tags += ", default";
      call.out << base::PadRight(t.id, 20) << base::PadRight(base::TerminalSafe(t.title), 70) << "(" << tags
               << ")\n";
    }
  }
  return ExitCode::Ok;
}

// ---- tour --print -------------------------------------------------------------------------------

std::string TourHelp() {
  TourOptions options;
  return base::OptionsHelp(TourOptionSpecs(options));
}

namespace {

void PrintStop(std::ostream& out, const TourStop& stop, const StopText& text, std::size_t number,
               std::size_t count) {
  std::string where = text.event                ? "event " + std::to_string(*text.event)
                      : !text.rejection.empty() ? "rejected: " + text.rejection
                                                : std::string();
  if (!text.problem.empty()) where = "DOES NOT RESOLVE: " + text.problem;
  out << "\n"
      << number << "/" << count << "  " << base::TerminalSafe(stop.title) << "\n"
      << "    passage: " << base::TerminalSafe(text.passage_id) << "   C++: " << text.cpp << "   "
      << base::TerminalSafe(where) << "\n";
  const auto indented = [&out](const std::string& block, const char* indent) {
    for (const std::string& line : TextLines(block))
      out << (line.empty() ? "" : indent) << base::TerminalSafe(line) << "\n";
  };
  indented(text.narration, "    ");
  if (text.ask) {
    out << "    ask: " << base::TerminalSafe(text.ask->question) << "\n";
    for (std::size_t c = 0; c < text.ask->choices.size(); ++c)
      out << "      " << c + 1 << ") " << base::TerminalSafe(text.ask->choices[c]) << "\n";
    out << "    answer: " << base::TerminalSafe(text.ask->recorded) << ", choice " << text.ask->correct + 1
        << ". " << base::TerminalSafe(text.ask->explanation) << "\n";
  }
  if (!text.passage_text.empty()) {
    out << "    passage text:\n";
    indented(text.passage_text, "      ");
  }
}

nlohmann::ordered_json StopJson(const Tour& tour, const TourStop& stop, const StopText& text,
                                std::size_t number) {
  nlohmann::ordered_json j{
      {"id", tour.id + "/" + std::to_string(number)},
      {"title", stop.title},
      {"show", StopPaneName(stop.show)},
      {"event", text.event ? nlohmann::ordered_json(*text.event) : nullptr},
      {"narration", text.narration},
      {"passage", {{"id", text.passage_id}, {"cpp", text.cpp}, {"text", text.passage_text}}}};
  if (!text.rejection.empty()) j["rejected"] = text.rejection;
  if (text.ask) {
    j["ask"] = {{"question", text.ask->question},
                {"choices", text.ask->choices},
                {"answer", text.ask->recorded},
                {"correct_choice", text.ask->correct + 1},
                {"explanation", text.ask->explanation}};
  }
  j["problem"] =
      text.problem.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(text.problem);
  return j;
}

}  // namespace

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
  if (!options.print && !options.json)
    return base::Fail(
        base::Reason::Usage,
        "give --print (text) or --json; open a tour in the window with 'tilewalk gui --tour " + name + "'");
  if (options.print && options.json)
    return base::Fail(base::Reason::Usage, "give --print or --json, not both");
  // Each stop records its scenario, which can take seconds: a Ctrl-C is answered between stops.
  const base::InterruptGuard interrupts;
  const auto loaded = LoadChecked(options.library, call, options.keep_going);
  if (!loaded) return ExitCode::Failure;
  const Tour* tour = loaded->FindTour(name);
  if (!tour)
    return base::Fail(base::Reason::NotFound,
                      "no tour '" + base::Excerpt(name) + "'; 'tilewalk tours' lists them");
  ProgressLine progress(call.err, "tour", ProgressLine::StderrIsTerminal());
  if (options.print) call.out << tour->id << ": " << base::TerminalSafe(tour->title) << "\n";
  nlohmann::ordered_json stops = nlohmann::ordered_json::array();
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
    const StopText text = ReadStop(LibraryOf(*loaded, *tour), stop, landing);
    if (!text.problem.empty()) {
      call.err << base::TerminalSafe(tour->file + ":" + std::to_string(stop.line) + ": stop '" + stop.title +
                                     "' does not resolve: " + text.problem)
               << "\n";
      failures += 1;
    }
    if (options.print)
      PrintStop(call.out, stop, text, i + 1, tour->stops.size());
    else
      stops.push_back(StopJson(*tour, stop, text, i + 1));
  }
  if (options.json) {
    const nlohmann::ordered_json doc{{"tour", tour->id}, {"title", tour->title}, {"stops", std::move(stops)}};
    call.out << JsonText(doc, 2) << "\n";
  }
  if (failures) {
    call.err << failures << " stop(s) of '" << tour->id << "' do not resolve\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
