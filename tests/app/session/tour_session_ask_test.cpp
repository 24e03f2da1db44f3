// A stop's question in the tour session: the choices show at the landing, a pick is remembered, and the
// next step forward reveals the recorded answer (stepping to the ask's reveal event); a pick after the
// reveal changes nothing, and the next stop starts afresh. Over the shipped intro tour, whose stop 5 asks
// whether alpha is exactly 1; a rejected stop (misconceptions' block_k = 64) asks and reveals too.
#include <doctest/doctest.h>

#include "app/session/tour_session.hpp"

namespace tilewalk::session {

TEST_CASE("tour session: an ask shows its choices, keeps the pick, and the next step reveals the answer") {
  TourSession s({.tour = "intro", .stop = 5});
  REQUIRE(s.HasTour());
  REQUIRE(s.Pictures().passage.ask);
  const views::AskPicture before = *s.Pictures().passage.ask;
  CHECK(before.question.find("alpha") != std::string::npos);
  CHECK(before.choices.size() == 2);
  CHECK_FALSE(before.revealed);
  CHECK(before.picked == -1);
  REQUIRE(before.correct >= 0);
  const uint64_t landed = *s.cursor();

  s.Apply({.kind = views::IntentKind::PickChoice, .value = 7});  // no such choice
  CHECK(s.Pictures().passage.ask->picked == -1);
  s.Apply({.kind = views::IntentKind::PickChoice, .value = 1 - before.correct});
  CHECK(s.Pictures().passage.ask->picked == 1 - before.correct);
  CHECK_FALSE(s.Pictures().passage.ask->revealed);
  CHECK(*s.cursor() == landed);  // picking does not move the cursor

  s.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
  const views::AskPicture after = *s.Pictures().passage.ask;
  CHECK(after.revealed);
  CHECK(*s.cursor() > landed);
  CHECK_FALSE(after.recorded.empty());
  CHECK_FALSE(after.explanation.empty());
  CHECK(after.explanation.find('{') == std::string::npos);  // placeholders filled
  s.Apply({.kind = views::IntentKind::PickChoice, .value = before.correct});
  CHECK(s.Pictures().passage.ask->picked == 1 - before.correct);  // the pick is final once revealed

  s.Apply({.kind = views::IntentKind::NextStop});
  s.Apply({.kind = views::IntentKind::PreviousStop});
  REQUIRE(s.Pictures().passage.ask);
  CHECK_FALSE(s.Pictures().passage.ask->revealed);
  CHECK(s.Pictures().passage.ask->picked == -1);
}

TEST_CASE("tour session: stepping back does not reveal, and RevealAnswer does without a pick") {
  TourSession s({.tour = "intro", .stop = 5});
  s.Apply({.kind = views::IntentKind::StepStatement, .value = -1});
  CHECK_FALSE(s.Pictures().passage.ask->revealed);
  s.Apply({.kind = views::IntentKind::RevealAnswer});
  CHECK(s.Pictures().passage.ask->revealed);
  CHECK(s.Pictures().passage.ask->picked == -1);
}

TEST_CASE("tour session: a rejected stop still asks, and a step forward reveals its answer") {
  // misconceptions stop 5: block_k = 64 is rejected while tracing; nothing runs, so there is no cursor
  TourSession s({.tour = "misconceptions", .stop = 5});
  REQUIRE(s.HasTour());
  CHECK_FALSE(s.cursor());
  REQUIRE(s.Pictures().passage.ask);
  CHECK_FALSE(s.Pictures().passage.ask->revealed);
  s.Apply({.kind = views::IntentKind::StepStatement, .value = -1});
  CHECK_FALSE(s.Pictures().passage.ask->revealed);
  s.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
  const views::AskPicture after = *s.Pictures().passage.ask;
  CHECK(after.revealed);
  CHECK(after.recorded == "tracing");
  CHECK(after.correct >= 0);
}

TEST_CASE("tour session: a stop without a question has no ask picture") {
  TourSession s({.tour = "intro", .stop = 1});
  CHECK_FALSE(s.Pictures().passage.ask);
}

}  // namespace tilewalk::session
