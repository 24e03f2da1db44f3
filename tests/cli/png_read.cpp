#include "png_read.hpp"

#include <png.h>

#include <unordered_set>

namespace tilewalk::tests {

std::optional<DecodedPng> ReadPng(const std::filesystem::path& path, std::string& error) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  if (png_image_begin_read_from_file(&image, path.c_str()) == 0) {
    error = image.message;
    return std::nullopt;
  }
  DecodedPng decoded;
  decoded.width = static_cast<int>(image.width);
  decoded.height = static_cast<int>(image.height);
  decoded.has_alpha = (image.format & PNG_FORMAT_FLAG_ALPHA) != 0;
  image.format = PNG_FORMAT_RGBA;
  decoded.rgba.resize(PNG_IMAGE_SIZE(image));
  if (png_image_finish_read(&image, nullptr, decoded.rgba.data(), 0, nullptr) == 0) {
    error = image.message;
    png_image_free(&image);
    return std::nullopt;
  }
  return decoded;
}

std::size_t CountColours(const DecodedPng& image, std::size_t cap) {
  std::unordered_set<std::uint32_t> seen;
  for (std::size_t i = 0; i + 3 < image.rgba.size() && seen.size() < cap; i += 4) {
    seen.insert(static_cast<std::uint32_t>(image.rgba[i]) << 16 |
                static_cast<std::uint32_t>(image.rgba[i + 1]) << 8 | image.rgba[i + 2]);
  }
  return seen.size();
}

}  // namespace tilewalk::tests
