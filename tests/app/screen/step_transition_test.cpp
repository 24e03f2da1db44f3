// A step's transition: a step of the cursor animates for about 200 ms, eased from 0 to 1; a seek, playback,
// reduce motion, or a second step while the first still animates (a clicker pressed quickly) is instant.
#include "app/screen/step_transition.hpp"

#include <doctest/doctest.h>

namespace tilewalk::app {

TEST_CASE("step transition: a step glides, eased, and ends after 200 ms") {
  StepTransition t;
  CHECK(t.Progress() == 1.0f);
  CHECK_FALSE(t.Active());
  t.Moved({.kind = views::IntentKind::Step, .value = 1}, views::GridCell{0, 1, 2}, false);
  REQUIRE(t.Active());
  CHECK(t.Progress() == 0.0f);
  CHECK(t.from_cell() == views::GridCell{0, 1, 2});
  t.Advance(0.05);
  const float quarter = t.Progress();
  CHECK(quarter > 0.0f);
  CHECK(quarter < 0.25f);  // eased in: slower than linear at the start
  t.Advance(0.05);
  CHECK(t.Progress() == doctest::Approx(0.5f));
  t.Advance(0.05);
  CHECK(t.Progress() > 0.75f);  // eased out
  t.Advance(0.06);
  CHECK_FALSE(t.Active());
  CHECK(t.Progress() == 1.0f);
}

TEST_CASE("step transition: seeks, playback, reduce motion and quick repeats are instant") {
  StepTransition t;
  t.Moved({.kind = views::IntentKind::SeekToEvent, .value = 40}, views::GridCell{}, false);
  CHECK_FALSE(t.Active());
  t.Moved({.kind = views::IntentKind::StepGridStep, .value = 1}, views::GridCell{}, true);
  CHECK_FALSE(t.Active());
  t.Moved({.kind = views::IntentKind::StepStatement, .value = 1}, views::GridCell{}, false);
  CHECK(t.Active());
  t.Advance(0.02);
  t.Moved({.kind = views::IntentKind::StepStatement, .value = 1}, views::GridCell{}, false);
  CHECK_FALSE(t.Active());  // the second press came while the first still moved: it lands at once
  CHECK(t.Progress() == 1.0f);
  t.Moved({.kind = views::IntentKind::StepStatement, .value = 1}, views::GridCell{}, false);
  CHECK(t.Active());  // and the one after that animates again
}

}  // namespace tilewalk::app
