// Splash's passages and tours, as shipped: they load clean against splash's mirror and sites, every stop
// lands on an event of its scenario and fills every placeholder of its narration, passages and ask, each
// ask's recorded answer picks the choice its author meant, the prose keeps its shape (40 to 140 words a
// passage, nine lines a stop), and, with TILEWALK_SPLASH_SOURCE naming the pinned
// splash_attention_kernel.py, every passage resolves in it with drift 0.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "base/bounded_read.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/ask.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_outline.hpp"
#include "walkthrough/pallas_source.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

const KernelWalk& SplashWalkOfRegistry() {
  const kernel::Kernel* k = kernel::FindKernel("splash");
  REQUIRE(k != nullptr);
  return WalkOf(*k);
}

// The choice each ask's author meant, by (tour, stop title).
const std::map<std::pair<std::string, std::string>, std::string>& SplashMeantAnswers() {
  static const std::map<std::pair<std::string, std::string>, std::string> answers = {
      {{"splash-skipping", "A grid is a rectangle"}, "16"},
      {{"splash-skipping", "What does a padded step copy?"}, "issued"},
      {{"splash-window", "The grid narrows to the window"}, "24"},
      {{"splash-window", "What the window saves"}, ">30"},
      {{"splash-fused", "One partial per kv block"}, "1024 KiB"},
      {{"splash-fused", "The fused grid does not shrink"}, "64"},
  };
  return answers;
}

// Words, with each placeholder counted as one.
int SplashProseWords(const std::string& text) {
  std::string flat;
  bool inside = false;
  for (char c : text) {
    if (c == '{') inside = true;
    if (!inside) flat += c;
    if (c == '}') {
      inside = false;
      flat += 'X';
    }
  }
  std::istringstream in(flat);
  int n = 0;
  for (std::string w; in >> w;) ++n;
  return n;
}

int SplashProseLines(const std::string& text) {
  std::istringstream in(text);
  int n = 0;
  for (std::string line; std::getline(in, line);) n += line.find_first_not_of(" \t") != std::string::npos;
  return n;
}

}  // namespace

TEST_CASE("splash's passages and tours load clean, with a default tour and an ask in every tour") {
  const Library lib = LoadLibrary(SplashWalkOfRegistry());
  for (const Diagnostic& d : lib.diagnostics) FAIL_CHECK(d.ToString());
  CHECK(lib.passages.size() >= 10);
  CHECK(lib.tours.size() >= 2);
  CHECK(lib.DefaultTour() != nullptr);
  std::size_t asks = 0;
  for (const Tour& t : lib.tours) {
    CHECK_MESSAGE((t.stops.size() >= 5 && t.stops.size() <= 15),
                  t.file << ": " << t.stops.size() << " stops");
    const auto asked = std::count_if(t.stops.begin(), t.stops.end(), [](const TourStop& s) { return s.ask; });
    CHECK_MESSAGE(asked >= 1, t.file << ": a question tour needs a predict-then-reveal stop");
    for (const TourStop& s : t.stops) {
      if (!s.ask) continue;
      ++asks;
      CHECK_MESSAGE(SplashMeantAnswers().count({t.id, s.title}) == 1,
                    t.file << ":" << s.ask->line << ": add this ask to SplashMeantAnswers");
    }
  }
  CHECK(asks == SplashMeantAnswers().size());
}

TEST_CASE("splash's prose: 40 to 140 words a passage, at most nine lines a stop") {
  const Library lib = LoadLibrary(SplashWalkOfRegistry());
  REQUIRE(lib.diagnostics.empty());
  for (const Passage& p : lib.passages) {
    const int words = SplashProseWords(p.body);
    CHECK_MESSAGE((words >= 40 && words <= 140), p.file << ": " << words << " words");
  }
  for (const Tour& t : lib.tours)
    for (const TourStop& s : t.stops)
      CHECK_MESSAGE(SplashProseLines(s.narration) <= 9,
                    t.file << ":" << s.narration_line << ": " << SplashProseLines(s.narration) << " lines");
}

TEST_CASE("every splash stop lands, fills its placeholders and reveals the answer its author meant") {
  const Library lib = LoadLibrary(SplashWalkOfRegistry());
  REQUIRE(lib.diagnostics.empty());
  StopLander lander;
  std::map<const Recording*, std::unique_ptr<PlaceholderSource>> sources;
  int stops = 0;
  for (const Tour& t : lib.tours) {
    for (const TourStop& s : t.stops) {
      ++stops;
      const StopLanding landing = lander.Land(s);
      CHECK_MESSAGE(landing.problem.empty(), t.file << ":" << s.line << ": " << landing.problem);
      if (!landing.recording) continue;
      CHECK_MESSAGE(landing.event.has_value(), t.file << ":" << s.line);
      auto& cached = sources[landing.recording.get()];
      if (!cached) cached = std::make_unique<PlaceholderSource>(*landing.recording);
      PlaceholderSource& source = *cached;
      const Figure narration = FillPlaceholders(s.narration, source);
      CHECK_MESSAGE(narration, t.file << ":" << s.narration_line << ": " << narration.error().message);
      for (const std::string& id : s.passages)
        if (const Passage* p = lib.FindPassage(id)) {
          const Figure body = FillPlaceholders(p->body, source);
          CHECK_MESSAGE(body,
                        p->file << ": " << body.error().message << " (in " << t.file << ":" << s.line << ")");
        }
      if (!s.ask) continue;
      const auto reveal = RevealAsk(*s.ask, *landing.recording, source);
      REQUIRE_MESSAGE(reveal, t.file << ":" << s.ask->line << ": " << reveal.error().message);
      int fits = 0;
      for (const AskChoice& c : s.ask->choices) fits += ChoiceMatches(c.value, reveal->recorded);
      CHECK_MESSAGE(fits == 1, t.file << ":" << s.ask->line << ": " << fits << " choices fit '"
                                      << reveal->recorded << "'");
      REQUIRE(reveal->correct >= 0);
      const auto meant = SplashMeantAnswers().find({t.id, s.title});
      REQUIRE(meant != SplashMeantAnswers().end());
      CHECK_MESSAGE(s.ask->choices[static_cast<std::size_t>(reveal->correct)].value == meant->second,
                    t.file << ":" << s.ask->line << ": the recording answers '" << reveal->recorded << "'");
      const auto characters =
          std::count_if(reveal->explanation.begin(), reveal->explanation.end(),
                        [](char c) { return (static_cast<unsigned char>(c) & 0xC0) != 0x80; });
      CHECK_MESSAGE(characters <= 200,
                    t.file << ":" << s.ask->explain_line << ": " << characters << " characters revealed");
    }
  }
  CHECK(stops >= 15);
}

TEST_CASE("every splash passage resolves in the pinned splash_attention_kernel.py with drift 0") {
  const char* path = std::getenv("TILEWALK_SPLASH_SOURCE");
  if (path == nullptr || *path == '\0') {
    MESSAGE("TILEWALK_SPLASH_SOURCE is not set: the passages' anchors are not checked against the file");
    return;
  }
  const base::Result<std::string> text = base::ReadTextFile(path, std::size_t{1} << 22);
  REQUIRE_MESSAGE(text, path << ": " << (text ? "" : text.error().message));
  const std::vector<std::string> lines = SplitPythonLines(*text);
  const PythonOutline outline = OutlinePython(lines);
  const Library lib = LoadLibrary(SplashWalkOfRegistry());
  REQUIRE_FALSE(lib.passages.empty());
  for (const Passage& p : lib.passages) {
    const AnchorResult r = ResolveAnchor(lines, outline, p.pallas);
    CHECK_MESSAGE(r.status == AnchorStatus::Resolved,
                  p.file << ": " << AnchorStatusName(r.status) << " " << r.note);
    CHECK_MESSAGE(r.drift == 0, p.file << ": drift " << r.drift);
    CHECK_MESSAGE(r.last == p.pallas.hint_last,
                  p.file << ": ends at " << r.last << ", hint says " << p.pallas.hint_last);
  }
}

TEST_CASE("splash declares its Python file: coverage scenarios that parse, bodies that name them") {
  const kernel::Kernel* splash = kernel::FindKernel("splash");
  REQUIRE(splash != nullptr);
  const kernel::PythonFile& python = splash->info().python;
  CHECK(python.file_name == "splash_attention_kernel.py");
  CHECK(python.env_var == "TILEWALK_SPLASH_SOURCE");
  REQUIRE_FALSE(python.coverage.empty());
  for (const kernel::CoverageScenario& c : python.coverage) {
    std::vector<std::string> words;
    std::istringstream in{std::string(c.flags)};
    for (std::string w; in >> w;) words.push_back(w);
    const auto parsed = kernel::ParseScenario(*splash, words);
    CHECK_MESSAGE(parsed.ok(), c.name << ": " << (parsed.ok() ? "" : parsed.error().message));
  }
  for (const kernel::CoverageBody& body : python.bodies)
    CHECK_MESSAGE(std::any_of(python.coverage.begin(), python.coverage.end(),
                              [&](const kernel::CoverageScenario& c) { return c.name == body.scenario; }),
                  body.function);
  const char* path = std::getenv("TILEWALK_SPLASH_SOURCE");
  if (path == nullptr || *path == '\0') return;
  const base::Result<std::string> text = base::ReadTextFile(path, std::size_t{1} << 22);
  REQUIRE(text);
  const PythonOutline outline = OutlinePython(SplitPythonLines(*text));
  for (const kernel::PallasRegion& region : python.regions)
    for (std::string_view function : region.functions)
      CHECK_MESSAGE((function == "<module>" ||
                     std::any_of(outline.blocks.begin(), outline.blocks.end(),
                                 [&](const PythonBlock& b) { return b.indent == 0 && b.name == function; })),
                    region.name << ": " << function);
}
