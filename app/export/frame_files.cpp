#include "app/export/frame_files.hpp"

#include <cstdio>

namespace tilewalk::app {

std::optional<ImageFormat> ParseImageFormat(std::string_view name) {
  if (name == "png") return ImageFormat::Png;
  if (name == "webp") return ImageFormat::Webp;
  return std::nullopt;
}

std::string_view ImageFormatName(ImageFormat format) {
  return format == ImageFormat::Webp ? "webp" : "png";
}

std::string ImageFormatNames() {
  return "png or webp";
}

std::string FrameFileName(int index, std::string_view extension) {
  char number[16];
  std::snprintf(number, sizeof number, "%05d", index + 1);
  return "frames/" + std::string(number) + "." + std::string(extension);
}

std::string PaneFrameFileName(int index, Pane pane, std::string_view extension) {
  char number[16];
  std::snprintf(number, sizeof number, "%05d", index + 1);
  return "frames/" + std::string(number) + "-" + std::string(PaneName(pane)) + "." + std::string(extension);
}

}  // namespace tilewalk::app
