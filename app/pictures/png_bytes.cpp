#include "app/pictures/png_bytes.hpp"

#include <png.h>

#include <csetjmp>
#include <vector>

namespace tilewalk::pictures {
namespace {

void AppendBytes(png_structp png, png_bytep data, png_size_t length) {
  auto* out = static_cast<std::string*>(png_get_io_ptr(png));
  out->append(reinterpret_cast<const char*>(data), length);
}

void NoFlush(png_structp) {}

[[noreturn]] void OnError(png_structp png, png_const_charp) {
  png_longjmp(png, 1);
}

void OnWarning(png_structp, png_const_charp) {}

// The libpng calls, apart from the C++ objects, which a longjmp must not skip the destructors of.
bool Encode(std::string* out, int width, int height, png_bytep* rows) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, OnError, OnWarning);
  if (png == nullptr) return false;
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    return false;
  }
  png_set_write_fn(png, out, AppendBytes, NoFlush);
  png_set_compression_level(png, 9);
  png_set_IHDR(png, info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8,
               PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

std::optional<std::string> EncodePng(int width, int height, std::span<const std::uint8_t> rgba) {
  if (width <= 0 || height <= 0 ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
    return std::nullopt;
  std::vector<png_bytep> rows(static_cast<std::size_t>(height));
  const std::size_t stride = static_cast<std::size_t>(width) * 4;
  for (std::size_t y = 0; y < rows.size(); ++y) rows[y] = const_cast<png_bytep>(rgba.data() + y * stride);
  std::string out;
  if (!Encode(&out, width, height, rows.data())) return std::nullopt;
  return out;
}

}  // namespace tilewalk::pictures
