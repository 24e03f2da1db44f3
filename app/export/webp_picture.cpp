#include "app/export/webp_picture.hpp"

#include <string>

#include "app/export/library_symbol.hpp"

namespace tilewalk::app {

bool WebpPictureFunctions::Find(void* library) {
  return FindSymbol(library, "WebPConfigInitInternal", config_init) &&
         FindSymbol(library, "WebPConfigLosslessPreset", lossless_preset) &&
         FindSymbol(library, "WebPPictureInitInternal", picture_init) &&
         FindSymbol(library, "WebPPictureImportRGBX", import_rgbx) &&
         FindSymbol(library, "WebPPictureFree", picture_free);
}

base::Status LosslessPicture(const WebpPictureFunctions& f, const RgbaImage& image, int level,
                             WebPConfig& config, WebPPicture& picture) {
  const std::size_t row = static_cast<std::size_t>(image.width) * 4;
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != row * static_cast<std::size_t>(image.height))
    return base::Fail(base::Reason::Malformed, "a " + std::to_string(image.width) + "x" +
                                                   std::to_string(image.height) + " frame with " +
                                                   std::to_string(image.rgba.size()) + " bytes of pixels");
  if (!f.config_init(&config, WEBP_PRESET_DEFAULT, 75.0f, WEBP_ENCODER_ABI_VERSION) ||
      !f.lossless_preset(&config, level))
    return base::Fail(base::Reason::System, "this libwebp does not accept the encoder's settings");
  config.exact = 1;         // every pixel as drawn
  config.thread_level = 0;  // one thread: the drawing runs beside the encoding
  if (!f.picture_init(&picture, WEBP_ENCODER_ABI_VERSION))
    return base::Fail(base::Reason::System, "this libwebp's picture does not match its header");
  picture.use_argb = 1;
  picture.width = image.width;
  picture.height = image.height;
  // libwebp reads rows top first, and takes a negative stride: GL's rows come bottom first.
  const std::uint8_t* top = image.rgba.data();
  int stride = static_cast<int>(row);
  if (image.bottom_up) {
    top += row * static_cast<std::size_t>(image.height - 1);
    stride = -stride;
  }
  if (!f.import_rgbx(&picture, top, stride)) {
    f.picture_free(&picture);
    return base::Fail(base::Reason::OutOfMemory, "libwebp could not take the frame's pixels");
  }
  return {};
}

}  // namespace tilewalk::app
