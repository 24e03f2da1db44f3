#include "app/export/frame_files.hpp"

#include <cstdio>

namespace tilewalk::app {

std::optional<ImageFormat> ParseImageFormat(std::string_view name) {
  if (name == "png") return ImageFormat::Png;
  if (name == "webp") return ImageFormat::Webp;
  if (name == "svg") return ImageFormat::Svg;
  return std::nullopt;
}

std::string_view ImageFormatName(ImageFormat format) {
  switch (format) {
    case ImageFormat::Webp:
      return "webp";
    case ImageFormat::Svg:
      return "svg";
    case ImageFormat::Png:
      break;
  }
  return "png";
}

std::string ImageFormatNames() {
  return "png, webp or svg";
}

std::string FrameFileName(int index, std::string_view extension) {
  char number[16];
  std::snprintf(number, sizeof number, "%05d", index + 1);
  return "frames/" + std::string(number) + "." + std::string(extension);
}

namespace {

std::string PaneStem(int index, Pane pane) {
  char number[16];
  std::snprintf(number, sizeof number, "%05d", index + 1);
  return std::string(number) + "-" + std::string(PaneName(pane));
}

}  // namespace

std::string PaneFrameFileName(int index, Pane pane, std::string_view extension) {
  return "frames/" + PaneStem(index, pane) + "." + std::string(extension);
}

std::string MotionFileName(int index, Pane pane) {
  return "motion/" + PaneStem(index, pane) + ".webp";
}

std::string PanePictureFileName(int index, Pane pane) {
  return "pictures/" + PaneStem(index, pane) + ".json";
}

}  // namespace tilewalk::app
