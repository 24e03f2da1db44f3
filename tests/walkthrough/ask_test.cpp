// Asks (predict, then step): how a choice fits a recorded answer, how an ask is parsed and checked with
// file:line, and how it reveals against a recording: the right index, the explanation, the reveal event.
#include <doctest/doctest.h>

#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"
#include "walkthrough/tour.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

std::string TourWith(const std::string& ask_lines) {
  std::string stop =
      "## stop: S\npassage: p\nscenario: --scenario causal-small --forward-only\nland: moment skipped-step "
      "#1\n";
  std::string text = "# tour: t\ntitle: T\n\n" + stop + ask_lines + "show: grid\n\nNarration.\n";
  for (int i = 0; i < 4; ++i) text += stop + "show: grid\n\nNarration.\n";
  return text;
}

const char* kGoodAsk =
    "ask: Will step 2 do any arithmetic?\n"
    "choice yes: Yes\n"
    "choice no: No, it is above the diagonal\n"
    "answer: {fwd.step.2.ran}\n"
    "explain: {fwd.steps_skipped} of {fwd.steps} steps skip.\n"
    "reveal: moment skipped-step #2\n";

bool Mentions(const Diagnostics& d, int line, const std::string& what) {
  for (const Diagnostic& x : d)
    if (x.line == line && x.message.find(what) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST_CASE("a choice fits a recorded answer by text, by number, or by a comparison") {
  CHECK(ChoiceMatches("yes", "yes"));
  CHECK_FALSE(ChoiceMatches("yes", "no"));
  CHECK(ChoiceMatches("16", "16"));
  CHECK(ChoiceMatches("1", "1.00"));
  CHECK(ChoiceMatches("<1", "0.25"));
  CHECK_FALSE(ChoiceMatches("<1", "1"));
  CHECK(ChoiceMatches(">0", "3"));
  CHECK_FALSE(ChoiceMatches(">0", "0"));
  CHECK_FALSE(ChoiceMatches("<1", "PASS"));  // a comparison needs a number
  CHECK(ChoiceMatches("tracing", "tracing"));
}

TEST_CASE("an ask parses with its stop") {
  Diagnostics d;
  const auto tour = ParseTour("t.tour", TourWith(kGoodAsk),
                              tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d);
  for (const Diagnostic& x : d) FAIL_CHECK(x.ToString());
  REQUIRE(tour);
  REQUIRE(tour->stops[0].ask);
  const Ask& ask = *tour->stops[0].ask;
  CHECK(ask.question == "Will step 2 do any arithmetic?");
  REQUIRE(ask.choices.size() == 2);
  CHECK(ask.choices[1].value == "no");
  CHECK(ask.choices[1].text == "No, it is above the diagonal");
  CHECK(ask.answer == "{fwd.step.2.ran}");
  CHECK(ask.line == 8);
  REQUIRE(ask.reveal);
  CHECK(ask.reveal->occurrence == 2);
  CHECK(tour->stops[0].narration == "Narration.");
  CHECK_FALSE(tour->stops[1].ask);
}

TEST_CASE("malformed asks are refused with file:line") {
  Diagnostics d;
  CHECK_FALSE(ParseTour("t.tour", TourWith("choice yes: Yes\n"),
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, 8, "belongs to an ask"));
  d.clear();
  CHECK_FALSE(ParseTour("t.tour", TourWith("ask: Q?\nchoice 1: One\nanswer: 1\n"),
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, 8, "2 to 4 choices"));
  CHECK(Mentions(d, 10, "one placeholder"));
  CHECK(Mentions(d, 8, "needs 'explain:'"));
  d.clear();
  CHECK_FALSE(ParseTour("t.tour",
                        TourWith("ask: Q?\nchoice a: A\nchoice b: B\nchoice c: C\nchoice d: D\nchoice e: E\n"
                                 "answer: {fwd.steps}\nexplain: E.\n"),
                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, 8, "this one has 5"));
  d.clear();
  CHECK_FALSE(
      ParseTour("t.tour",
                TourWith("ask: Q {fwd.nothing}?\nchoice >x: A\nchoice 2: B\nchoice 2: C\nchoice: D\n"
                         "answer: {fwd.steps} and more\nexplain: E.\nreveal: rejected\nask: Again?\n"),
                tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d));
  CHECK(Mentions(d, 8, "unknown placeholder {fwd.nothing}"));
  CHECK(Mentions(d, 9, "compares with a number"));
  CHECK(Mentions(d, 11, "two choices have the value '2'"));
  CHECK(Mentions(d, 12, "choice VALUE: TEXT"));
  CHECK(Mentions(d, 13, "one placeholder"));
  CHECK(Mentions(d, 15, "names an event"));
  CHECK(Mentions(d, 16, "already has an 'ask:' at line 8"));
}

TEST_CASE("an ask reveals against a recording: the right choice, the filled explanation, the event") {
  Diagnostics d;
  const auto tour = ParseTour("t.tour", TourWith(kGoodAsk),
                              tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), d);
  REQUIRE(tour);
  StopLander lander;
  const StopLanding landing = lander.Land(tour->stops[0]);
  REQUIRE(landing.recording);
  PlaceholderSource source(*landing.recording);
  const auto reveal = RevealAsk(*tour->stops[0].ask, *landing.recording, source);
  REQUIRE_MESSAGE(reveal, reveal.error().message);
  CHECK(reveal->correct == 1);
  CHECK(reveal->recorded == "no");
  CHECK(reveal->choices == std::vector<std::string>{"Yes", "No, it is above the diagonal"});
  CHECK(reveal->explanation == "6 of 16 steps skip.");
  REQUIRE(reveal->reveal_event);
  CHECK(landing.recording->IsMoment(*reveal->reveal_event, Moment::SkippedStep));
  CHECK(landing.recording->StepOf(*reveal->reveal_event) == 2);

  // A recording in which no choice fits still reveals, with no right choice.
  Ask odd = *tour->stops[0].ask;
  odd.choices = {{"16", "Sixteen", 0}, {"4", "Four", 0}};
  odd.answer = "{fwd.steps_run}";
  const auto none = RevealAsk(odd, *landing.recording, source);
  REQUIRE(none);
  CHECK(none->correct == -1);
  CHECK(none->recorded == "10");
}
