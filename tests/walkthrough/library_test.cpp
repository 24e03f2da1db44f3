// Passage and tour files: malformed and truncated ones give file:line and what to fix; the shipped ones
// load clean, resolve in the C++ mirror, and every tour stop lands on an event of its scenario.
#include <doctest/doctest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/flash_walk.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

bool Mentions(const Diagnostics& d, const std::string& where, const std::string& what) {
  for (const Diagnostic& x : d)
    if (x.ToString().find(where) != std::string::npos && x.message.find(what) != std::string::npos)
      return true;
  return false;
}

const char* kGoodPassage = R"(---
id: running-max
title: Why is m 128 lanes wide?
pallas: _kernel_body
tokens: m_next | alpha
hint: 14-15
cpp: fwd.run.m_next, below_or_on_diag
---
The running max lives in a register row of 128 lanes, {fwd.steps_skipped} steps skip.
)";

}  // namespace

TEST_CASE("a well-formed passage parses") {
  Diagnostics d;
  const auto p = ParsePassage("01-running-max.md", kGoodPassage,
                              tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d);
  REQUIRE(p);
  CHECK(d.empty());
  CHECK(p->pallas.tokens == std::vector<std::string>{"m_next", "alpha"});
  CHECK(p->cpp.size() == 2);
  CHECK(p->body_line == 9);
}

TEST_CASE("malformed passages name the file, the line and the fix") {
  Diagnostics d;
  CHECK_FALSE(ParsePassage("01-x.md", "no front matter\n",
                           tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "01-x.md:1", "starts with a '---' line"));
  d.clear();
  CHECK_FALSE(ParsePassage("01-x.md", "---\nid: x\ntitle: t\n",
                           tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));  // truncated
  CHECK(Mentions(d, "01-x.md:", "never ends"));
  d.clear();
  std::string bad = kGoodPassage;
  bad.replace(bad.find("hint: 14-15"), 11, "hint: fifteen");
  bad.replace(bad.find("{fwd.steps_skipped}"), 19, "{fwd.nonsense}");
  CHECK_FALSE(ParsePassage("01-running-max.md", bad,
                           tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "01-running-max.md:6", "hint must be FIRST-LAST"));
  CHECK(Mentions(d, "01-running-max.md:9", "unknown placeholder {fwd.nonsense}"));
  d.clear();
  CHECK_FALSE(ParsePassage("02-other.md", kGoodPassage,
                           tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "02-other.md:2", "must match the file name"));
}

TEST_CASE("malformed and truncated tours name the file, the line and the fix") {
  const std::string stop =
      "## stop: S\npassage: running-max\nscenario: --causal\nland: site fwd.run.alpha #1\nshow: "
      "lanes\n\nSome "
      "narration.\n";
  std::string five;
  for (int i = 0; i < 5; ++i) five += stop;
  Diagnostics d;
  CHECK(ParseTour("t.tour", "# tour: t\ntitle: T\n\n" + five,
                  tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(d.empty());
  CHECK_FALSE(ParseTour("t.tour", "# tour: t\ntitle: T\n\n" + stop,
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "t.tour:1", "5 to 15 stops"));
  d.clear();
  std::string bad_land = five;
  bad_land.replace(bad_land.find("site fwd.run.alpha #1"), 21, "site fwd.run.alpha one");
  CHECK_FALSE(ParseTour("t.tour", "# tour: t\ntitle: T\n\n" + bad_land,
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "t.tour:7", "expected an occurrence like #1"));
  d.clear();
  CHECK_FALSE(ParseTour("t.tour", "# tour: t\ntitle: T\n\n## stop: cut\npassage: running-max\n",
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "t.tour:4", "needs 'land:'"));
  CHECK(Mentions(d, "t.tour:5", "needs narration"));
  CHECK(Mentions(d, "t.tour:4", "needs 'show:'"));
  d.clear();
  // The five stops with the first `from` replaced by `to`, parsed into d.
  const auto parse_edited = [&](std::string_view from, std::string_view to) {
    d.clear();
    std::string edited = five;
    edited.replace(edited.find(from), from.size(), to);
    return ParseTour("t.tour", "# tour: t\ntitle: T\n\n" + edited,
                     tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d)
        .has_value();
  };
  CHECK_FALSE(parse_edited("show: lanes", "show: lane"));
  CHECK(Mentions(d, "t.tour:8", "got 'lane'"));
  CHECK_FALSE(parse_edited("Some narration.", "See the Memory pane."));
  CHECK(Mentions(d, "t.tour:10", "names the memory pane but shows lanes"));
  CHECK_FALSE(parse_edited("show: lanes", "show: lanes\nfocus: line 999999"));
  CHECK(Mentions(d, "t.tour:9", "999999"));
  CHECK_FALSE(parse_edited("show: lanes", "show: memory\nfocus: operand q_scratch"));
  CHECK(Mentions(d, "t.tour:9", "no launch has an operand or scratch buffer 'q_scratch'"));
  CHECK(parse_edited("show: lanes", "show: memory\nfocus: operand l_scratch"));
  CHECK(d.empty());
  // The other focuses: a cell or a range of cells, a launch, rows of the tile; each wrong one at its line.
  CHECK(parse_edited("show: lanes", "show: grid\nfocus: cell 0,0,0-3,1"));
  CHECK(parse_edited("show: lanes", "show: cost\nfocus: launch dkv"));
  CHECK(parse_edited("show: lanes", "show: lanes\nfocus: rows 0-7"));
  CHECK(d.empty());
  CHECK_FALSE(parse_edited("show: lanes", "show: grid\nfocus: cell 0,0,3-1,1"));
  CHECK(Mentions(d, "t.tour:9", "each a number or a range first-last"));
  CHECK_FALSE(parse_edited("show: lanes", "show: grid\nfocus: cell 0,0,2"));
  CHECK(Mentions(d, "t.tour:9", "the four indices of a grid step"));
  CHECK_FALSE(parse_edited("show: lanes", "show: cost\nfocus: launch backward"));
  CHECK(Mentions(d, "t.tour:9", "focus: launch takes fwd, dkv or dq, got 'backward'"));
  CHECK_FALSE(parse_edited("show: lanes", "show: lanes\nfocus: rows 7-0"));
  CHECK(Mentions(d, "t.tour:9", "focus: rows takes a row or a range"));
  CHECK_FALSE(parse_edited("show: lanes", "show: lanes\nfocus: columns 0-7"));
  CHECK(Mentions(d, "t.tour:9", "focus takes 'operand NAME'"));
  CHECK_FALSE(parse_edited("show: lanes", "show: grid\nfocus: cell 0-1,0,3,1"));
  CHECK(Mentions(d, "t.tour:9", "a range goes in the two block indices only"));
  d.clear();
  CHECK_FALSE(
      ParseTour("u.tour", "# tour: t\n", tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, "u.tour:1", "must equal the file name"));
}

TEST_CASE("a tour's kernel: line names the kernel of the walk it is read with") {
  const std::string stop =
      "## stop: S\npassage: running-max\nscenario: --causal\nland: site fwd.run.alpha #1\nshow: "
      "lanes\n\nSome narration.\n";
  std::string five;
  for (int i = 0; i < 5; ++i) five += stop;
  const KernelWalk& walk = tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry());
  Diagnostics d;
  const auto tour = ParseTour("t.tour", "# tour: t\ntitle: T\nkernel: flash\n\n" + five, walk, d);
  REQUIRE(tour);
  CHECK(d.empty());
  CHECK(tour->stops.front().kernel == walk.kernel);
  CHECK_FALSE(ParseTour("t.tour", "# tour: t\ntitle: T\nkernel: splash\n\n" + five, walk, d));
  CHECK(Mentions(d, "t.tour:3", "kernel: 'splash', but this tour is read with the flash kernel's passages"));
  d.clear();
  CHECK_FALSE(ParseTour("t.tour", "# tour: t\ntitle: T\nkernels: flash\n\n" + five, walk, d));
  CHECK(Mentions(d, "t.tour:3", "a tour takes title, question, default, kernel, then stops"));
}

TEST_CASE("a library cross-checks passages named by stops and anchors in the mirror") {
  std::string unknown_cpp = kGoodPassage;
  unknown_cpp.replace(unknown_cpp.find("below_or_on_diag"), 16, "no_such_symbol");
  const EmbeddedFile passages[] = {{"01-running-max.md", unknown_cpp}};
  const std::string tour =
      "# tour: t\ntitle: T\ndefault: yes\n\n" +
      std::string("## stop: S\npassage: elsewhere\nscenario: --causal\nland: launch fwd\nshow: grid\n\nN.\n");
  std::string five;
  for (int i = 0; i < 5; ++i) five += tour.substr(tour.find("## stop"));
  const std::string text = tour.substr(0, tour.find("## stop")) + five;
  const EmbeddedFile tours[] = {{"t.tour", text}};
  const Library lib =
      LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), passages, tours);
  CHECK(
      Mentions(lib.diagnostics, "assets/flash/passages/01-running-max.md:7", "cpp anchor 'no_such_symbol'"));
  CHECK(Mentions(lib.diagnostics, "assets/flash/tours/t.tour:5", "names no passage 'elsewhere'"));
}

TEST_CASE("the mirror is embedded, with its sites and symbols") {
  const MirrorIndex& mirror = tilewalk::test::FlashWalk().mirror;
  const auto alpha = mirror.FindSite("fwd.run.alpha");
  REQUIRE(alpha);
  CHECK(alpha->file == "forward_kernel.cpp");
  CHECK(mirror.Lines("forward_kernel.cpp")[static_cast<std::size_t>(alpha->line - 1)].find(
            "\"fwd.run.alpha\"") != std::string::npos);
  CHECK(mirror.FindSymbol("below_or_on_diag"));
  CHECK_FALSE(mirror.FindSite("fwd.run.nowhere"));
}

namespace {

// (tour, stop title) → the value of the choice the author meant.
const std::map<std::pair<std::string, std::string>, std::string>& MeantAnswers() {
  static const std::map<std::pair<std::string, std::string>, std::string> answers = {
      {{"intro", "When the max does not move, alpha is 1"}, "1"},
      {{"intro", "A causal step that does no arithmetic"}, "no"},
      {{"intro", "A new max arrives, and alpha drops"}, ">0"},
      {{"q1-two-kernels", "dK/dV walks the q blocks innermost"}, "1"},
      {{"q1-two-kernels", "dQ flips the loop order"}, "6"},
      {{"q2-major-minor", "A new major block, the same round"}, "16"},
      {{"q3-causal-skip", "What does an idle step copy?"}, "skipped"},
      {{"q3-causal-skip", "Block 0 is what comes next"}, "issued"},
      {{"q4-multiple-of-128", "A narrow head_dim is sliced, not refused"}, "PASS"},
      {{"q4-multiple-of-128", "The backward body has no check of its own"}, "TypeError"},
      {{"q5-residuals", "Written back 128 lanes wide, kept as one"}, "4"},
      {{"q5-residuals", "In dQ, di is widened too far"}, "4"},
      {{"backward", "Written once, after the last q block"}, "2"},
      {{"causal", "dQ cannot redirect its bias"}, "issued"},
      {{"causal", "Two TensorCores share a causal grid unevenly"}, "7"},
      {{"precision", "The default precision rounds inside the MXU"}, ">1e-4"},
      {{"precision", "o is stored in the input dtype"}, "PASS"},
      {{"misconceptions", "\"A skipped step moves no data\""}, "issued"},
      {{"misconceptions", "\"A causal grid leaves out the upper triangle\""}, "16"},
      {{"misconceptions", "\"Flash attention stores N² arrays\""}, "1024 KiB"},
      {{"misconceptions", "\"A fully masked row outputs zeros\""}, "256"},
      {{"misconceptions", "\"block_k = 64 fails in BlockSizes\""}, "tracing"},
      {{"fix-the-file", "Give l and m the causal redirect"}, "13"},
      {{"fix-the-file", "Redirect to the block that runs next"}, "9"},
      {{"fix-the-file", "The bias map's floor wastes a copy"}, "5"},
      {{"fix-the-file", "The same floor runs off the end"}, "PASS"},
      {{"fix-the-file", "A corner on the diagonal"}, "PASS"},
      {{"packing", "Why q ids come 128 lanes wide"}, "128 KiB"},
      {{"packing", "block_b: more than one sequence per grid step"}, "8"},
      {{"performance", "dK/dV: the scores again, and three products more"}, "4"},
      {{"performance", "dK/dV re-reads everything that belongs to a query row"}, "6"},
      {{"performance", "What a launch holds in VMEM"}, "2816 KiB"},
      {{"performance", "\"parallel\" and \"arbitrary\""}, "2"},
      {{"api-traps", "sm_scale defaults to 1"}, "<4"},
      {{"api-traps", "k and v must have as many heads as q"}, "512 KiB"},
      {{"api-traps", "A bias brings a gradient as large as itself"}, "4 MiB"},
  };
  return answers;
}

// An ask reveals against its stop's recording: exactly one choice fits, it is the one its author meant, and
// the filled explanation is at most 200 characters (the limit of a reveal, docs/authoring.md).
void CheckAsk(const Tour& t, const TourStop& s, const Recording& recording, PlaceholderSource& source) {
  const auto meant = MeantAnswers().find({t.id, s.title});
  if (meant == MeantAnswers().end()) return;  // reported by the test that every ask has a row
  const auto reveal = RevealAsk(*s.ask, recording, source);
  REQUIRE_MESSAGE(reveal, t.file << ":" << s.ask->line << ": " << reveal.error().message);
  int fits = 0;
  for (const AskChoice& c : s.ask->choices) fits += ChoiceMatches(c.value, reveal->recorded);
  CHECK_MESSAGE(fits == 1, t.file << ":" << s.ask->line << ": " << fits
                                  << " choices fit the recorded answer '" << reveal->recorded << "'");
  REQUIRE_MESSAGE(reveal->correct >= 0, t.file << ":" << s.ask->line);
  const auto characters = std::count_if(reveal->explanation.begin(), reveal->explanation.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  });
  CHECK_MESSAGE(characters <= 200, t.file << ":" << s.ask->explain_line << ": the revealed answer has "
                                          << characters << " characters; at most 200 fit beside the choices");
  CHECK_MESSAGE(s.ask->choices[static_cast<std::size_t>(reveal->correct)].value == meant->second,
                t.file << ":" << s.ask->line << ": the recording answers '" << reveal->recorded << "'");
}

// Lands every stop of the named tours (or, with `others`, of every tour not named) and fills its
// narration, passages and ask. The tours are checked in four groups, four CTest tests, so that each stays
// well inside its time limit under the sanitizers.
void CheckToursLand(const Library& lib, const std::vector<std::string>& ids, bool others = false) {
  StopLander lander;
  // One source per recording, as the app keeps them: its variants and reference check are made once.
  std::map<const Recording*, std::unique_ptr<PlaceholderSource>> sources;
  int tours = 0;
  for (const Tour& t : lib.tours) {
    if ((std::find(ids.begin(), ids.end(), t.id) != ids.end()) == others) continue;
    ++tours;
    for (const TourStop& s : t.stops) {
      const StopLanding landing = lander.Land(s);
      CHECK_MESSAGE(landing.problem.empty(), t.file << ":" << s.line << ": " << landing.problem);
      if (!landing.recording) continue;
      CHECK_MESSAGE((landing.event.has_value() || s.land.kind == Landing::Kind::Rejected),
                    t.file << ":" << s.line);
      auto& cached = sources[landing.recording.get()];
      if (!cached) cached = std::make_unique<PlaceholderSource>(*landing.recording);
      PlaceholderSource& source = *cached;
      const Figure narration = FillPlaceholders(s.narration, source);
      CHECK_MESSAGE(narration, t.file << ":" << s.narration_line << ": " << narration.error().message);
      for (const std::string& id : s.passages)
        if (const Passage* p = lib.FindPassage(id)) {
          const Figure body = FillPlaceholders(p->body, source);
          CHECK_MESSAGE(body, p->file << ":" << p->body_line << ": " << body.error().message << " (in stop "
                                      << t.file << ":" << s.line << ")");
        }
      if (s.ask) CheckAsk(t, s, *landing.recording, source);
    }
  }
  CHECK(tours > 0);
}

const std::vector<std::string> kFirstTours = {"intro", "q1-two-kernels", "q2-major-minor"};
const std::vector<std::string> kQuestionTours = {"q3-causal-skip", "q4-multiple-of-128", "q5-residuals"};
const std::vector<std::string> kWalkTours = {"causal", "backward", "whole-file"};

}  // namespace

TEST_CASE("every shipped passage and tour loads and resolves in the mirror") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  for (const Diagnostic& d : lib.diagnostics) FAIL_CHECK(d.ToString());
  REQUIRE_FALSE(lib.passages.empty());
  REQUIRE_FALSE(lib.tours.empty());
  REQUIRE(lib.DefaultTour());
  for (const Passage& p : lib.passages)
    for (const std::string& anchor : p.cpp)
      CHECK_MESSAGE(lib.walk->mirror.ResolveCppAnchor(anchor), p.id << ": " << anchor);
}

TEST_CASE("every ask has the answer its author meant on record, and there are at least ten") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  std::size_t asks = 0;
  for (const Tour& t : lib.tours)
    for (const TourStop& s : t.stops) {
      if (!s.ask) continue;
      ++asks;
      CHECK_MESSAGE(
          MeantAnswers().count({t.id, s.title}) == 1,
          t.file << ":" << s.ask->line << ": add this ask to MeantAnswers with the choice you mean");
    }
  CHECK(asks == MeantAnswers().size());
  CHECK(asks >= 10);
}

TEST_CASE("every stop lands, fills its placeholders and reveals its ask: intro, q1 and q2") {
  CheckToursLand(LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())), kFirstTours);
}

TEST_CASE("every stop lands, fills its placeholders and reveals its ask: q3, q4 and q5") {
  CheckToursLand(LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())), kQuestionTours);
}

TEST_CASE(
    "every stop lands, fills its placeholders and reveals its ask: the causal, backward and whole-file "
    "walks") {
  CheckToursLand(LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())), kWalkTours);
}

TEST_CASE("every stop lands, fills its placeholders and reveals its ask: every other tour") {
  std::vector<std::string> named = kFirstTours;
  named.insert(named.end(), kQuestionTours.begin(), kQuestionTours.end());
  named.insert(named.end(), kWalkTours.begin(), kWalkTours.end());
  CheckToursLand(LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())), named,
                 /*others=*/true);
}
