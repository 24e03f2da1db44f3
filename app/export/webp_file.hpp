// Lossless WebP frames through Debian's libwebp, loaded at run time with dlopen (libwebp.so.7, from the
// package libwebp7): tilewalk runs without it, and only `export --format webp` needs it. A machine
// without it gets a sentence that names the package, before anything is drawn, not a crash or a link
// failure. The encoder runs single-threaded with fixed settings, so the same pixels give the same bytes.
#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "app/screen/png_file.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

inline constexpr const char* kWebpLibrary = "libwebp.so.7";

class WebpEncoder {
 public:
  // Loads `library` and finds its encoder; fails (Reason::NotFound) naming the Debian package.
  static base::Result<std::shared_ptr<const WebpEncoder>> Load(const char* library = kWebpLibrary);
  WebpEncoder(const WebpEncoder&) = delete;
  WebpEncoder& operator=(const WebpEncoder&) = delete;
  ~WebpEncoder();

  // The image as a lossless WebP file's bytes (alpha dropped, as the PNG frames drop it).
  base::Result<std::string> Encode(const RgbaImage& image) const;
  // Encodes and writes through the safe writer (base/output_file.hpp).
  base::Status WriteFile(const std::filesystem::path& path, const RgbaImage& image) const;

 private:
  struct Functions;
  WebpEncoder() = default;
  void* m_library = nullptr;
  std::unique_ptr<Functions> m_functions;
};

}  // namespace tilewalk::app
