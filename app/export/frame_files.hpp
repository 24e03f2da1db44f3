// What an export's frame files are called and in which image format they are written. A full-screen frame
// is `frames/00001.png`; a figure (export --figure) is one file per pane, `frames/00001-grid.png`. The
// number is the frame's index from 1, zero padded to five digits, so the files sort in frame order. Every
// writer of frame files (PNG, WebP, SVG) names them through these functions.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "app/screen/tour_layout.hpp"

namespace tilewalk::app {

// PNG and WebP are raster images of the screen or, with --figure, of each pane; SVG is always one file
// per pane, drawn from the pictures without ImGui.
enum class ImageFormat : std::uint8_t { Png, Webp, Svg };

std::optional<ImageFormat> ParseImageFormat(std::string_view name);  // "png", "webp", "svg"
std::string_view ImageFormatName(ImageFormat format);                // also the file extension
std::string ImageFormatNames();                                      // "png, webp or svg", for messages

// "frames/00001.png" for the frame of 0-based `index`.
std::string FrameFileName(int index, std::string_view extension);
// "frames/00001-grid.png": one pane of the frame of 0-based `index`, drawn as a figure (or an SVG).
std::string PaneFrameFileName(int index, Pane pane, std::string_view extension);
// "motion/00001-grid.webp": one pane animated from the frame of 0-based `index` on (export --motion).
std::string MotionFileName(int index, Pane pane);
// "pictures/00001-grid.json": the picture of one pane of the frame, as JSON.
std::string PanePictureFileName(int index, Pane pane);

}  // namespace tilewalk::app
