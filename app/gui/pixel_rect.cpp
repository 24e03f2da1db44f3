#include "app/gui/pixel_rect.hpp"

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

}  // namespace tilewalk::app
