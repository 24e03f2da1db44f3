// A size in pixels, width × height: a window, a layout, a frame.
#pragma once

#include <cmath>
#include <string>

namespace tilewalk::app {

struct PixelSize {
  int width = 0, height = 0;
};

// The frame a layout gives at a scale (frame pixels per layout pixel), rounded as the renderer rounds it.
inline PixelSize ScaledSize(PixelSize layout, float scale) {
  return {.width = static_cast<int>(std::lround(layout.width * scale)),
          .height = static_cast<int>(std::lround(layout.height * scale))};
}

inline std::string SizeText(PixelSize size) {
  return std::to_string(size.width) + "x" + std::to_string(size.height);
}

}  // namespace tilewalk::app
