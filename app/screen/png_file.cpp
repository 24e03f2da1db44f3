#include "app/screen/png_file.hpp"

#include <png.h>

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <string>
#include <vector>

#include "base/os_error.hpp"
#include "base/safe_output.hpp"

namespace tilewalk::app {
namespace {

struct PngErrorSink {
  char message[256] = {};
};

[[noreturn]] void OnPngError(png_structp png, png_const_charp message) {
  auto* sink = static_cast<PngErrorSink*>(png_get_error_ptr(png));
  std::snprintf(sink->message, sizeof sink->message, "%s", message);
  png_longjmp(png, 1);
}

void OnPngWarning(png_structp, png_const_charp) {}

// Only plain pointers live across setjmp here, so a longjmp out of libpng skips no destructor. False with
// libpng's message in `sink`; a failed write is also recorded by the OutputFile, which names it better.
bool EncodePng(std::FILE* file, const RgbaImage& image, const PngWriteOptions& options, png_bytep* rows,
               PngErrorSink& sink) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, OnPngError, OnPngWarning);
  if (png == nullptr) {
    std::snprintf(sink.message, sizeof sink.message, "libpng is out of memory");
    return false;
  }
  png_infop info = png_create_info_struct(png);
  if (info == nullptr || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    if (sink.message[0] == '\0') std::snprintf(sink.message, sizeof sink.message, "libpng failed");
    return false;
  }
  png_init_io(png, file);
  png_set_compression_level(png, std::clamp(options.compression_level, 0, 9));
  // No row filter: on flat colours and text, SUB and UP turn runs of one colour at an edge into noise that
  // deflate finds fewer matches in (measured in png_file.hpp's note).
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_NONE);
  png_set_IHDR(png, info, static_cast<png_uint_32>(image.width), static_cast<png_uint_32>(image.height), 8,
               options.keep_alpha ? PNG_COLOR_TYPE_RGBA : PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_BASE, PNG_FILTER_TYPE_BASE);
  png_write_info(png, info);
  if (!options.keep_alpha) png_set_filler(png, 0, PNG_FILLER_AFTER);  // drops the 4th byte of each pixel
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  return true;
}

}  // namespace

base::Status WritePngFile(const std::filesystem::path& path, const RgbaImage& image,
                          const PngWriteOptions& options) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() != static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4)
    return base::Fail(base::Reason::Malformed, "cannot write " + base::Quote(path) + ": the image is " +
                                                   std::to_string(image.width) + "x" +
                                                   std::to_string(image.height) + " but holds " +
                                                   std::to_string(image.rgba.size()) + " bytes");
  std::vector<png_bytep> rows(static_cast<std::size_t>(image.height));
  const std::size_t stride = static_cast<std::size_t>(image.width) * 4;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const std::size_t source = image.bottom_up ? rows.size() - 1 - y : y;
    // libpng's API is not const-correct; it only reads the rows.
    rows[y] = const_cast<png_bytep>(image.rgba.data() + source * stride);
  }
  return base::WriteFileWith(path, [&](base::OutputFile& file) -> base::Status {
    PngErrorSink sink;
    if (!EncodePng(file.File(), image, options, rows.data(), sink))
      return base::Fail(base::Reason::Unwritable,
                        "cannot write " + base::Quote(path) + ": " + std::string(sink.message));
    return {};
  });
}

}  // namespace tilewalk::app
