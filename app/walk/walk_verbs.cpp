// [SECTIONS] shared · anchors · tours · tour --print
#include "app/walk/walk_verbs.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>

#include "app/cli_args.hpp"
#include "app/session/library_loader.hpp"
#include "kernels/flash/flash_error.hpp"
#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/pallas_regions.hpp"
#include "walkthrough/pallas_source.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

// ---- shared -------------------------------------------------------------------------------------

namespace {

// Loads the shipped library, or with --library DIR the files in DIR; prints its problems and returns
// nullopt when there are any.
std::optional<Library> LoadChecked(const std::optional<std::filesystem::path>& folder, const VerbCall& call) {
  std::ostream& err = call.err;
  session::LoadedLibrary loaded = session::LoadTourLibrary(folder);
  if (!loaded.problem.empty()) {
    err << "tilewalk " << call.verb << ": " << loaded.problem
        << "; --library takes a folder holding passages/*.md and tours/*.tour\n";
    return std::nullopt;
  }
  Library& lib = loaded.library;
  if (folder && lib.tours.empty() && lib.diagnostics.empty()) {
    err << "tilewalk " << call.verb << ": there are no tours in " << (*folder / "tours").string()
        << "; add a .tour file (docs/authoring.md)\n";
    return std::nullopt;
  }
  if (lib.diagnostics.empty()) return std::move(lib);
  for (const Diagnostic& d : lib.diagnostics) err << d.ToString() << "\n";
  if (folder)
    err << lib.diagnostics.size() << " problem(s) in the passages and tours of " << folder->string()
        << "; fix them.\n";
  else
    err << lib.diagnostics.size() << " problem(s) in the shipped passages and tours; fix them and rebuild.\n";
  return std::nullopt;
}

// A path option's value; an empty one would quietly mean the current folder.
std::filesystem::path NonEmpty(std::string_view value, const char* what_to_give) {
  if (value.empty()) throw UsageError(what_to_give);
  return std::filesystem::path(value);
}

std::filesystem::path LibraryFolder(std::string_view value) {
  return NonEmpty(value, "--library needs a folder");
}

std::string Pad(std::string s, std::size_t width) {
  if (s.size() < width) s.resize(width, ' ');
  return s;
}

}  // namespace

// ---- anchors ------------------------------------------------------------------------------------

ExitCode RunAnchorsVerb(const VerbCall& call) {
  std::optional<std::filesystem::path> path;
  bool json = false;
  ArgReader args(call.args);
  while (!args.Done()) {
    const std::string_view option = args.NextOption();
    if (option == "--pallas-source")
      path = NonEmpty(args.Value(), "--pallas-source needs a file");
    else if (option == "--json")
      json = true;
    else
      args.RejectOption();
  }
  const PallasSourceLookup lookup = FindPallasSource(path);
  if (!lookup.source) {
    call.err << "tilewalk anchors: " << lookup.problem << "\n";
    return ExitCode::Failure;
  }
  const auto library = LoadChecked(std::nullopt, call);
  if (!library) return ExitCode::Failure;

  const std::vector<std::string>& lines = lookup.source->lines;
  const PythonOutline outline = OutlinePython(lines);
  std::vector<std::pair<int, int>> ranges;
  nlohmann::json rows = nlohmann::json::array();
  int not_found = 0;
  if (!json) call.out << "passage                        status      lines       hint        drift  note\n";
  for (const Passage& p : library->passages) {
    const AnchorResult r = ResolveAnchor(lines, outline, p.pallas);
    if (r.status == AnchorStatus::Resolved) ranges.emplace_back(r.first, r.last);
    not_found += r.status == AnchorStatus::NotFound;
    const std::string span =
        r.status == AnchorStatus::NotFound ? "-" : std::to_string(r.first) + "-" + std::to_string(r.last);
    const std::string hint = std::to_string(p.pallas.hint_first) + "-" + std::to_string(p.pallas.hint_last);
    if (json) {
      rows.push_back({{"passage", p.id},
                      {"status", AnchorStatusName(r.status)},
                      {"function", r.function},
                      {"first", r.first},
                      {"last", r.last},
                      {"hint_first", p.pallas.hint_first},
                      {"hint_last", p.pallas.hint_last},
                      {"drift", r.drift},
                      {"note", r.note}});
    } else {
      call.out << Pad(p.id, 31) << Pad(AnchorStatusName(r.status), 12) << Pad(span, 12) << Pad(hint, 12)
               << Pad(r.status == AnchorStatus::NotFound ? "-" : std::to_string(r.drift), 7) << r.note
               << "\n";
    }
  }
  const RegionCoverage coverage = CoverRegions(lines, outline, ranges);
  const double fraction = coverage.total ? static_cast<double>(coverage.covered) / coverage.total : 0.0;
  if (json) {
    nlohmann::json uncovered = nlohmann::json::array();
    for (const auto& [name, covered] : coverage.regions)
      if (!covered) uncovered.push_back(name);
    call.out << nlohmann::json{{"file", lookup.source->path.string()},
                               {"passages", rows},
                               {"regions_covered", coverage.covered},
                               {"regions_total", coverage.total},
                               {"coverage", fraction},
                               {"uncovered_regions", uncovered},
                               {"not_found", not_found}}
                    .dump(2)
             << "\n";
  } else {
    char line[160];
    std::snprintf(line, sizeof line, "\nregions covered: %d of %d (%.0f%%) of %s\n", coverage.covered,
                  coverage.total, fraction * 100, lookup.source->path.string().c_str());
    call.out << line;
    for (const auto& [name, covered] : coverage.regions)
      if (!covered) call.out << "  not covered: " << name << "\n";
  }
  if (not_found > 0) {
    call.err << not_found << " passage anchor(s) not found in " << lookup.source->path.string() << "\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

// ---- tours --------------------------------------------------------------------------------------

ExitCode RunToursVerb(const VerbCall& call) {
  std::optional<std::filesystem::path> folder;
  for (ArgReader args(call.args); !args.Done();) {
    if (args.NextOption() == "--library")
      folder = LibraryFolder(args.Value());
    else
      args.RejectOption();
  }
  const auto library = LoadChecked(folder, call);
  if (!library) return ExitCode::Failure;
  for (const Tour& t : library->tours) {
    std::string tags = std::to_string(t.stops.size()) + " stops";
    if (t.question) tags += ", question " + std::to_string(t.question);
    if (t.is_default) tags += ", default";
    call.out << Pad(t.id, 20) << Pad(t.title, 70) << "(" << tags << ")\n";
  }
  return ExitCode::Ok;
}

// ---- tour --print -------------------------------------------------------------------------------

ExitCode RunTourVerb(const VerbCall& call) {
  std::optional<std::string> name;
  std::optional<std::filesystem::path> folder;
  bool print = false;
  const auto args = call.args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string_view a = args[i];
    if (a == "--print") {
      print = true;
    } else if (a == "--library" || a.starts_with("--library=")) {
      if (a == "--library" && i + 1 == args.size()) throw UsageError("--library needs a folder");
      folder = LibraryFolder(a == "--library" ? args[++i] : a.substr(a.find('=') + 1));
    } else if (a.starts_with("-")) {
      throw UsageError("unknown option '" + std::string(a) + "'");
    } else if (name) {
      throw UsageError("unexpected argument '" + std::string(a) + "'; name one tour");
    } else {
      name = std::string(a);
    }
  }
  if (!name || name->empty()) throw UsageError("name a tour (see 'tilewalk tours')");
  if (!print)
    throw UsageError("only --print is supported here; open a tour in the window with 'tilewalk gui'");
  const auto library = LoadChecked(folder, call);
  if (!library) return ExitCode::Failure;
  const Tour* tour = library->FindTour(*name);
  if (!tour) {
    call.err << "tilewalk tour: no tour '" << *name << "'; 'tilewalk tours' lists them\n";
    return ExitCode::Failure;
  }
  call.out << tour->id << ": " << tour->title << "\n";
  StopLander lander;
  int failures = 0;
  for (std::size_t i = 0; i < tour->stops.size(); ++i) {
    const TourStop& stop = tour->stops[i];
    const StopLanding landing = lander.Land(stop);
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
      call.err << tour->file << ":" << stop.line << ": stop '" << stop.title
               << "' does not resolve: " << problem << "\n";
      failures += 1;
    }
    call.out << "\n"
             << i + 1 << "/" << tour->stops.size() << "  " << stop.title << "\n"
             << "    passage: " << stop.passages.front() << "   C++: " << cpp << "   " << where << "\n"
             << "    " << narration << "\n";
    if (ask) {
      call.out << "    ask: " << ask->question << "\n";
      for (std::size_t c = 0; c < ask->choices.size(); ++c)
        call.out << "      " << c + 1 << ") " << ask->choices[c] << "\n";
      call.out << "    answer: " << ask->recorded << ", choice " << ask->correct + 1 << ". "
               << ask->explanation << "\n";
    }
  }
  if (failures) {
    call.err << failures << " stop(s) of '" << tour->id << "' do not resolve\n";
    return ExitCode::Failure;
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
