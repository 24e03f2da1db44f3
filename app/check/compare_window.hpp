// The comparison of kernels in a window of its own (`check --compare A,B --show`): the figure of
// compare_figure.hpp drawn by the ImGui view, scaled to the window, until Escape or Q closes it (F11: full
// screen, for a projector). With a screenshot path it draws a few frames, saves the window as a PNG and
// closes, which is how a test or an author shoots it under Xvfb.
#pragma once

#include <filesystem>
#include <optional>
#include <ostream>

#include "app/pixel_size.hpp"
#include "app/views/compare_picture.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

struct CompareWindowOptions {
  PixelSize size{.width = 1600, .height = 1000};      // the window's, in pixels
  std::optional<std::filesystem::path> screenshot{};  // set: save the window as a PNG after a few frames
};

base::Status ShowComparisonWindow(const views::ComparePicture& picture, const CompareWindowOptions& options,
                                  std::ostream& warnings);

}  // namespace tilewalk::app
