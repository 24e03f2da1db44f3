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

enum class ImageFormat : std::uint8_t { Png, Webp };

std::optional<ImageFormat> ParseImageFormat(std::string_view name);  // "png", "webp"
std::string_view ImageFormatName(ImageFormat format);                // also the file extension
std::string ImageFormatNames();                                      // "png or webp", for messages

// "frames/00001.png" for the frame of 0-based `index`.
std::string FrameFileName(int index, std::string_view extension);
// "frames/00001-grid.png": one pane of the frame of 0-based `index`, drawn as a figure.
std::string PaneFrameFileName(int index, Pane pane, std::string_view extension);

}  // namespace tilewalk::app
