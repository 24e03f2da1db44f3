// A size in pixels, width × height: a window, a layout, a frame.
#pragma once

namespace tilewalk::app {

struct PixelSize {
  int width = 0, height = 0;
};

}  // namespace tilewalk::app
