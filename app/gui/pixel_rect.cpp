#include "app/gui/pixel_rect.hpp"

#include <algorithm>
#include <cmath>

namespace tilewalk::app {

PixelRect BackendScissor(const ImVec4& clip, PixelSize framebuffer) {
  // The backend's expressions, float and int alike: glScissor(x, y, width, height) with y from the bottom.
  if (clip.z <= clip.x || clip.w <= clip.y) return {};
  const int x = static_cast<int>(clip.x);
  const int y = static_cast<int>(static_cast<float>(framebuffer.height) - clip.w);
  const int width = static_cast<int>(clip.z - clip.x);
  const int height = static_cast<int>(clip.w - clip.y);
  const PixelRect box{
      .x0 = x, .y0 = framebuffer.height - y - height, .x1 = x + width, .y1 = framebuffer.height - y};
  return Intersect(box, {.x0 = 0, .y0 = 0, .x1 = framebuffer.width, .y1 = framebuffer.height});
}

ImVec4 ClipRectOf(const PixelRect& box) {
  return {static_cast<float>(box.x0), static_cast<float>(box.y0), static_cast<float>(box.x1),
          static_cast<float>(box.y1)};
}

PixelRect TriangleBounds(const ImVec2& a, const ImVec2& b, const ImVec2& c) {
  constexpr int kFar = 100000000;  // beyond any framebuffer
  for (const float v : {a.x, a.y, b.x, b.y, c.x, c.y})
    if (std::isnan(v)) return {.x0 = -kFar, .y0 = -kFar, .x1 = kFar, .y1 = kFar};  // wherever it may land
  const float x0 = std::min({a.x, b.x, c.x}), x1 = std::max({a.x, b.x, c.x});
  const float y0 = std::min({a.y, b.y, c.y}), y1 = std::max({a.y, b.y, c.y});
  const auto whole = [](float v) { return static_cast<int>(std::clamp(v, -1e8f, 1e8f)); };
  return {.x0 = whole(std::floor(x0)) - 1,
          .y0 = whole(std::floor(y0)) - 1,
          .x1 = whole(std::ceil(x1)) + 1,
          .y1 = whole(std::ceil(y1)) + 1};
}

}  // namespace tilewalk::app
