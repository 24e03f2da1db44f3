// Predictions in the shipped tours are the recorded truth. Every ask's right choice is the one its author
// meant (the table below holds one row per ask, so a new ask needs a row), and every figure a stop
// predicts for its own `try:` flags ({with FLAGS: ...} with the stop's try flags) is what a recording of
// the stop's scenario with those flags gives.
#include <doctest/doctest.h>

#include <map>
#include <memory>
#include <string>
#include <utility>

#include "walkthrough/library.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

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
      {{"backward", "Written once, after the last q block"}, "2"},
      {{"causal", "dQ cannot redirect its bias"}, "issued"},
      {{"precision", "The default precision rounds inside the MXU"}, ">1e-4"},
      {{"precision", "o is stored in the input dtype"}, "PASS"},
      {{"misconceptions", "\"A skipped step moves no data\""}, "issued"},
      {{"misconceptions", "\"Idle steps are unavoidable\""}, "10"},
      {{"misconceptions", "\"Flash attention stores N² arrays\""}, "1024 KiB"},
      {{"misconceptions", "\"A fully masked row outputs zeros\""}, "256"},
      {{"misconceptions", "\"block_k = 64 fails in BlockSizes\""}, "tracing"},
      {{"fix-the-file", "Give l and m the causal redirect"}, "13"},
      {{"fix-the-file", "Redirect to the block that runs next"}, "9"},
      {{"fix-the-file", "The bias map's floor wastes a copy"}, "5"},
      {{"fix-the-file", "The same floor runs off the end"}, "PASS"},
      {{"fix-the-file", "A corner on the diagonal"}, "PASS"},
      {{"packing", "Why q ids come 128 lanes wide"}, "256 KiB"},
      {{"packing", "block_b: more than one sequence per grid step"}, "8"},
  };
  return answers;
}

}  // namespace

TEST_CASE("every ask reveals the choice its author meant, and only that one fits") {
  const Library lib = LoadLibrary();
  REQUIRE(lib.diagnostics.empty());
  StopLander lander;
  std::map<const Recording*, std::unique_ptr<PlaceholderSource>> sources;  // one per recording, as the app
  int asks = 0;
  for (const Tour& t : lib.tours) {
    for (const TourStop& s : t.stops) {
      if (!s.ask) continue;
      ++asks;
      const auto meant = MeantAnswers().find({t.id, s.title});
      if (meant == MeantAnswers().end()) {
        FAIL_CHECK(t.file << ":" << s.ask->line << ": add this ask to MeantAnswers with the choice you mean");
        continue;
      }
      const StopLanding landing = lander.Land(s);
      REQUIRE_MESSAGE(landing.recording, t.file << ":" << s.line << ": " << landing.problem);
      auto& source = sources[landing.recording.get()];
      if (!source) source = std::make_unique<PlaceholderSource>(*landing.recording);
      std::string why;
      const auto reveal = RevealAsk(*s.ask, *landing.recording, *source, why);
      REQUIRE_MESSAGE(reveal, t.file << ":" << s.ask->line << ": " << why);
      int fits = 0;
      for (const AskChoice& c : s.ask->choices) fits += ChoiceMatches(c.value, reveal->recorded);
      CHECK_MESSAGE(fits == 1, t.file << ":" << s.ask->line << ": " << fits
                                      << " choices fit the recorded answer '" << reveal->recorded << "'");
      REQUIRE_MESSAGE(reveal->correct >= 0, t.file << ":" << s.ask->line);
      CHECK_MESSAGE(s.ask->choices[static_cast<std::size_t>(reveal->correct)].value == meant->second,
                    t.file << ":" << s.ask->line << ": the recording answers '" << reveal->recorded << "'");
    }
  }
  CHECK(asks == static_cast<int>(MeantAnswers().size()));
  CHECK(asks >= 10);
}

TEST_CASE("a figure a stop predicts for its try flags is what the try records") {
  const Library lib = LoadLibrary();
  REQUIRE(lib.diagnostics.empty());
  StopLander lander;
  int predictions = 0;
  for (const Tour& t : lib.tours) {
    for (const TourStop& s : t.stops) {
      if (s.try_flags.empty()) continue;
      std::string text = s.narration;
      if (s.ask) text += s.ask->question + s.ask->explain + s.ask->answer;
      for (const std::string& id : s.passages)
        if (const Passage* p = lib.FindPassage(id)) text += p->body;
      TourStop tried = s;
      tried.scenario.insert(tried.scenario.end(), s.try_flags.begin(), s.try_flags.end());
      tried.land.kind = Landing::Kind::Launch;
      tried.land.launch = "fwd";
      std::shared_ptr<const Recording> before, after;
      std::unique_ptr<PlaceholderSource> predicted, recorded;
      ForEachPlaceholder(text, [&](std::size_t, std::string_view name, bool closed) {
        std::string why;
        const auto parsed = closed ? ParsePlaceholder(name, why) : std::nullopt;
        if (!parsed || parsed->with_flags != s.try_flags) return;
        if (!before) {
          before = lander.Land(s).recording;
          after = lander.Land(tried).recording;
          REQUIRE(before);
          REQUIRE(after);
          predicted = std::make_unique<PlaceholderSource>(*before);
          recorded = std::make_unique<PlaceholderSource>(*after);
        }
        const auto want = predicted->Value(name, why);
        const auto got =
            recorded->Value(parsed->body + (parsed->unit.empty() ? "" : ":" + parsed->unit), why);
        CHECK_MESSAGE((want && got && *want == *got), t.file << ":" << s.line << ": {" << name
                                                             << "} predicts " << want.value_or("?")
                                                             << ", the try records " << got.value_or(why));
        ++predictions;
      });
    }
  }
  CHECK(predictions >= 4);
}
