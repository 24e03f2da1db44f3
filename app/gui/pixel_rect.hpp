// Rectangles of framebuffer pixels for the partial redraw, from the top left: the scissor box ImGui's OpenGL3
// backend sets for a command's clip rectangle (with the backend's own truncations, so that a command cut to
// a smaller box draws exactly the pixels it drew before, inside that box), the clip rectangle that the
// backend turns back into a given box, and the pixels a triangle may touch.
#pragma once

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/pixel_size.hpp"

namespace tilewalk::app {

struct PixelRect {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;  // columns [x0, x1), rows [y0, y1)

  bool Empty() const { return x1 <= x0 || y1 <= y0; }
  long long Area() const { return Empty() ? 0 : static_cast<long long>(x1 - x0) * (y1 - y0); }
  bool operator==(const PixelRect&) const = default;
};

// Inline: the damage tiles call it for every tile a triangle touches.
inline PixelRect Intersect(const PixelRect& a, const PixelRect& b) {
  return {.x0 = std::max(a.x0, b.x0),
          .y0 = std::max(a.y0, b.y0),
          .x1 = std::min(a.x1, b.x1),
          .y1 = std::min(a.y1, b.y1)};
}

// The pixels ImGui_ImplOpenGL3_RenderDrawData lets a command with this clip rectangle touch, inside the
// framebuffer; empty for a command it skips. The draw data must have DisplayPos (0, 0) and
// FramebufferScale (1, 1).
PixelRect BackendScissor(const ImVec4& clip, PixelSize framebuffer);

// The clip rectangle for which BackendScissor gives `box` exactly.
ImVec4 ClipRectOf(const PixelRect& box);

// Every pixel whose centre the triangle may cover, with a pixel to spare on each side. Inline, as Intersect.
inline PixelRect TriangleBounds(const ImVec2& a, const ImVec2& b, const ImVec2& c) {
  constexpr float kFar = 1e8f;  // beyond any framebuffer
  const float x0 = std::min({a.x, b.x, c.x}), x1 = std::max({a.x, b.x, c.x});
  const float y0 = std::min({a.y, b.y, c.y}), y1 = std::max({a.y, b.y, c.y});
  // A corner that is NaN (the sum is NaN then, where min and max may skip it) or far away: anywhere.
  if (std::isnan(a.x + a.y + b.x + b.y + c.x + c.y) ||
      !(x0 >= -kFar && y0 >= -kFar && x1 <= kFar && y1 <= kFar))
    return {.x0 = -100000000, .y0 = -100000000, .x1 = 100000000, .y1 = 100000000};
  return {.x0 = static_cast<int>(std::floor(x0)) - 1,
          .y0 = static_cast<int>(std::floor(y0)) - 1,
          .x1 = static_cast<int>(std::ceil(x1)) + 1,
          .y1 = static_cast<int>(std::ceil(y1)) + 1};
}

}  // namespace tilewalk::app
