// The scissor box the partial redraw reasons with is the one ImGui's OpenGL3 backend sets, truncations and
// all, and a box handed back as a clip rectangle comes out of the backend unchanged.
#include "app/gui/pixel_rect.hpp"

#include <doctest/doctest.h>

#include <cmath>

namespace tilewalk::app {

TEST_CASE("pixel rect: the backend's scissor for a fractional clip rectangle, from the top left") {
  const PixelSize fb{.width = 200, .height = 100};
  // glScissor(x = (int)0.7, y = (int)(100 - 20.2), w = (int)(10.5 - 0.7), h = (int)(20.2 - 0.5)): columns
  // [0, 9), and rows from the bottom [79, 98), which are rows [2, 21) from the top; not [0, 10) x [0, 20).
  CHECK(BackendScissor({0.7f, 0.5f, 10.5f, 20.2f}, fb) == PixelRect{.x0 = 0, .y0 = 2, .x1 = 9, .y1 = 21});
  CHECK(BackendScissor({10.0f, 20.0f, 30.0f, 40.0f}, fb) ==
        PixelRect{.x0 = 10, .y0 = 20, .x1 = 30, .y1 = 40});
  // Cut to the framebuffer; empty where the backend skips the command.
  CHECK(BackendScissor({-50.0f, -50.0f, 10000.0f, 10000.0f}, fb) ==
        PixelRect{.x0 = 0, .y0 = 0, .x1 = 200, .y1 = 100});
  CHECK(BackendScissor({30.0f, 10.0f, 30.0f, 40.0f}, fb).Empty());
  CHECK(BackendScissor({30.0f, 10.0f, 40.0f, 9.0f}, fb).Empty());
}

TEST_CASE("pixel rect: a box given back as a clip rectangle is the box the backend scissors") {
  const PixelSize fb{.width = 1920, .height = 1080};
  for (const PixelRect box : {PixelRect{.x0 = 0, .y0 = 0, .x1 = 1920, .y1 = 1080},
                              PixelRect{.x0 = 33, .y0 = 7, .x1 = 64, .y1 = 1079},
                              PixelRect{.x0 = 1888, .y0 = 1056, .x1 = 1920, .y1 = 1080}})
    CHECK(BackendScissor(ClipRectOf(box), fb) == box);
}

TEST_CASE("pixel rect: a triangle's bounds hold every pixel whose centre it may cover, with a pixel spare") {
  CHECK(TriangleBounds({10.0f, 20.0f}, {30.5f, 20.0f}, {10.0f, 40.2f}) ==
        PixelRect{.x0 = 9, .y0 = 19, .x1 = 32, .y1 = 42});
  const PixelRect nan = TriangleBounds({std::nanf(""), 0.0f}, {1.0f, 1.0f}, {2.0f, 0.0f});
  CHECK(nan.x0 < -1000000);  // a NaN corner may land anywhere
  CHECK(nan.x1 > 1000000);
  CHECK(Intersect({.x0 = 0, .y0 = 0, .x1 = 10, .y1 = 10}, {.x0 = 5, .y0 = 12, .x1 = 20, .y1 = 20}).Empty());
  CHECK(PixelRect{.x0 = 2, .y0 = 3, .x1 = 5, .y1 = 7}.Area() == 12);
}

}  // namespace tilewalk::app
