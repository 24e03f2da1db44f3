#include "app/export/webp_file.hpp"

#include "app/export/library_symbol.hpp"
#include "app/export/webp_picture.hpp"
#include "base/os_error.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {

struct WebpEncoder::Functions {
  WebpPictureFunctions picture;
  decltype(&WebPEncode) encode = nullptr;
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
  if (!f->picture.Find(lib) || !FindSymbol(lib, "WebPEncode", f->encode))
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
  const Functions& f = *m_functions;
  WebPConfig config;
  WebPPicture picture;
  if (const base::Status made = LosslessPicture(f.picture, image, kLosslessLevel, config, picture); !made)
    return made.error();
  std::string bytes;
  picture.writer = AppendBytes;
  picture.custom_ptr = &bytes;
  const bool encoded = f.encode(&config, &picture);
  const int error = static_cast<int>(picture.error_code);
  f.picture.picture_free(&picture);
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
