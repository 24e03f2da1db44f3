#include "app/export/webp_file.hpp"

#include <webp/encode.h>

#include <cstring>
#include <vector>

#include "app/export/library_symbol.hpp"
#include "base/os_error.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {

// Only the declarations of <webp/encode.h> are used, through decltype: nothing links against libwebp.
struct WebpEncoder::Functions {
  decltype(&WebPConfigInitInternal) config_init = nullptr;
  decltype(&WebPConfigLosslessPreset) lossless_preset = nullptr;
  decltype(&WebPPictureInitInternal) picture_init = nullptr;
  decltype(&WebPPictureImportRGBX) import_rgbx = nullptr;
  decltype(&WebPEncode) encode = nullptr;
  decltype(&WebPPictureFree) picture_free = nullptr;
};

namespace {

// libwebp's speed and size trade-off for lossless, 0 (fast) to 9 (small). On the causal tour's figures at
// 1280x720: level 0 gives 138 kB an image (worse than PNG's 47), level 1 27 kB in about 38 ms of CPU,
// level 3 19 kB in 64 ms; higher levels gain little more.
constexpr int kLosslessLevel = 1;

// The writer libwebp calls with each piece of the file: appended to the std::string in custom_ptr.
int AppendBytes(const std::uint8_t* data, std::size_t size, const WebPPicture* picture) {
  auto* out = static_cast<std::string*>(picture->custom_ptr);
  out->append(reinterpret_cast<const char*>(data), size);
  return 1;
}

}  // namespace

base::Result<std::shared_ptr<const WebpEncoder>> WebpEncoder::Load(const char* library) {
  std::shared_ptr<WebpEncoder> encoder(new WebpEncoder());
  encoder->m_library = dlopen(library, RTLD_NOW | RTLD_LOCAL);
  if (encoder->m_library == nullptr)
    return base::Fail(base::Reason::NotFound,
                      "--format webp needs " + std::string(library) +
                          ", which could not be loaded; install Debian's libwebp7 (apt-get install libwebp7, "
                          "or scripts/install-deps.sh), or use --format png");
  auto f = std::make_unique<Functions>();
  void* lib = encoder->m_library;
  if (!FindSymbol(lib, "WebPConfigInitInternal", f->config_init) ||
      !FindSymbol(lib, "WebPConfigLosslessPreset", f->lossless_preset) ||
      !FindSymbol(lib, "WebPPictureInitInternal", f->picture_init) ||
      !FindSymbol(lib, "WebPPictureImportRGBX", f->import_rgbx) ||
      !FindSymbol(lib, "WebPEncode", f->encode) || !FindSymbol(lib, "WebPPictureFree", f->picture_free))
    return base::Fail(base::Reason::NotFound,
                      std::string(library) +
                          " lacks the WebP encoder's functions (is it libwebp 0.5 or later?); install "
                          "Debian's libwebp7, or use --format png");
  encoder->m_functions = std::move(f);
  return std::shared_ptr<const WebpEncoder>(std::move(encoder));
}

WebpEncoder::~WebpEncoder() {
  if (m_library != nullptr) dlclose(m_library);
}

base::Result<std::string> WebpEncoder::Encode(const RgbaImage& image) const {
  const std::size_t row = static_cast<std::size_t>(image.width) * 4;
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != row * static_cast<std::size_t>(image.height))
    return base::Fail(base::Reason::Malformed, "a " + std::to_string(image.width) + "x" +
                                                   std::to_string(image.height) + " frame with " +
                                                   std::to_string(image.rgba.size()) + " bytes of pixels");
  const Functions& f = *m_functions;
  WebPConfig config;
  if (!f.config_init(&config, WEBP_PRESET_DEFAULT, 75.0f, WEBP_ENCODER_ABI_VERSION) ||
      !f.lossless_preset(&config, kLosslessLevel))
    return base::Fail(base::Reason::System, "this libwebp does not accept the encoder's settings");
  config.exact = 1;         // every pixel as drawn
  config.thread_level = 0;  // one thread: the frame writer already runs beside the drawing
  WebPPicture picture;
  if (!f.picture_init(&picture, WEBP_ENCODER_ABI_VERSION))
    return base::Fail(base::Reason::System, "this libwebp's picture does not match its header");
  picture.use_argb = 1;
  picture.width = image.width;
  picture.height = image.height;
  // libwebp reads rows top first; GL's come bottom first.
  std::vector<std::uint8_t> flipped;
  const std::uint8_t* rows = image.rgba.data();
  if (image.bottom_up) {
    flipped.resize(image.rgba.size());
    for (int y = 0; y < image.height; ++y)
      std::memcpy(flipped.data() + static_cast<std::size_t>(y) * row,
                  image.rgba.data() + static_cast<std::size_t>(image.height - 1 - y) * row, row);
    rows = flipped.data();
  }
  std::string bytes;
  picture.writer = AppendBytes;
  picture.custom_ptr = &bytes;
  const bool encoded = f.import_rgbx(&picture, rows, static_cast<int>(row)) && f.encode(&config, &picture);
  const int error = static_cast<int>(picture.error_code);
  f.picture_free(&picture);
  if (!encoded)
    return base::Fail(base::Reason::System,
                      "libwebp could not encode the frame (its error code " + std::to_string(error) + ")");
  return bytes;
}

base::Status WebpEncoder::WriteFile(const std::filesystem::path& path, const RgbaImage& image) const {
  auto bytes = Encode(image);
  if (!bytes)
    return base::Fail(bytes.error().reason,
                      "cannot write " + base::Quote(path) + ": " + bytes.error().message);
  return base::WriteFileContent(path, *bytes);
}

}  // namespace tilewalk::app
