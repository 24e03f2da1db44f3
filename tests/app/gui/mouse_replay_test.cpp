// Mouse buttons reach ImGui one event a frame, each where it happened: a click or drag quicker than a frame
// is seen whole, in order, and a flood of events is bounded.
#include "app/gui/mouse_replay.hpp"

#include <doctest/doctest.h>

namespace tilewalk::app {

TEST_CASE(
    "mouse replay: a drag between two frames is shown down where it began, held where it ended, then up") {
  MouseReplay mouse;
  mouse.Press(0, {100, 50});
  mouse.Release(0, {300, 50});
  REQUIRE(mouse.Pending());
  const MouseReplay::Frame down = mouse.Next();
  REQUIRE(down.pointer.has_value());
  CHECK(down.pointer->x == 100);
  CHECK(down.down[0]);
  const MouseReplay::Frame held = mouse.Next();
  CHECK(held.pointer->x == 300);
  CHECK(held.down[0]);  // still held where it was let go: a drag ends there
  const MouseReplay::Frame up = mouse.Next();
  CHECK(up.pointer->x == 300);
  CHECK_FALSE(up.down[0]);
  CHECK_FALSE(mouse.Pending());
  // With nothing due, no position is imposed and the buttons keep their state.
  const MouseReplay::Frame idle = mouse.Next();
  CHECK_FALSE(idle.pointer.has_value());
  CHECK_FALSE(idle.down[0]);
}

TEST_CASE("mouse replay: a held button stays down across frames, and other buttons keep their own state") {
  MouseReplay mouse;
  mouse.Press(1, {10, 10});
  mouse.Next();
  for (int frame = 0; frame < 3; ++frame) {
    const MouseReplay::Frame f = mouse.Next();
    CHECK(f.down[1]);
    CHECK_FALSE(f.down[0]);
  }
  mouse.Release(1, {10, 10});
  mouse.Next();
  CHECK_FALSE(mouse.Next().down[1]);
}

TEST_CASE("mouse replay: buttons it does not know, and a flood of clicks past its bound, are dropped") {
  MouseReplay mouse;
  mouse.Press(-1, {0, 0});
  mouse.Press(MouseReplay::kButtons, {0, 0});
  CHECK_FALSE(mouse.Pending());
  for (int i = 0; i < 10000; ++i) {
    mouse.Press(0, {0, 0});
    mouse.Release(0, {0, 0});
  }
  int frames = 0;
  while (mouse.Pending() && frames < 100000) {
    mouse.Next();
    ++frames;
  }
  CHECK(frames <= 256 + 2 * 10000);   // the presses are bounded; each release is kept
  CHECK_FALSE(mouse.Next().down[0]);  // and no button is left down
}

}  // namespace tilewalk::app
