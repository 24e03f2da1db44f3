// What the still and the animated WebP encoders (webp_file.hpp, webp_animation.hpp) share: libwebp's
// config and picture functions, found in a library opened with dlopen, and a frame made into a lossless
// picture with the settings both use (every pixel exact, one thread). Only the declarations of
// <webp/encode.h> are used, through decltype: nothing links against libwebp.
#pragma once

#include <webp/encode.h>

#include "app/screen/png_file.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

struct WebpPictureFunctions {
  decltype(&WebPConfigInitInternal) config_init = nullptr;
  decltype(&WebPConfigLosslessPreset) lossless_preset = nullptr;
  decltype(&WebPPictureInitInternal) picture_init = nullptr;
  decltype(&WebPPictureImportRGBX) import_rgbx = nullptr;
  decltype(&WebPPictureFree) picture_free = nullptr;

  // Finds every one in `library` (a dlopen handle); false when one is missing.
  bool Find(void* library);
};

// Sets `config` to lossless at `level` (0 fast to 9 small) and fills `picture` with `image` (rows bottom
// first when it says so). On success the caller frees `picture` with picture_free; on failure nothing is
// left to free.
base::Status LosslessPicture(const WebpPictureFunctions& f, const RgbaImage& image, int level,
                             WebPConfig& config, WebPPicture& picture);

}  // namespace tilewalk::app
