#include "app/gui/png_file.hpp"

#include <fcntl.h>
#include <png.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <vector>

namespace tilewalk::app {
namespace {

std::string Quoted(const std::filesystem::path& path) {
  return "'" + path.string() + "'";
}

std::string SystemReason(int error) {
  return std::strerror(error);
}

// An open temporary file beside the destination, removed again unless RenameTo() moved it into place.
class TempFile {
 public:
  // Creates the file exclusively; on failure File() is null and Errno() says why.
  explicit TempFile(const std::filesystem::path& destination) {
    const std::filesystem::path folder =
        destination.has_parent_path() ? destination.parent_path() : std::filesystem::path(".");
    for (int attempt = 0; attempt < 100; ++attempt) {
      m_path = folder / ("." + destination.filename().string() + ".tmp-" + std::to_string(getpid()) + "-" +
                         std::to_string(attempt));
      const int fd = open(m_path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd < 0 && errno == EEXIST) continue;  // a leftover of a crashed run that had our pid
      if (fd < 0) {
        m_errno = errno;
        return;
      }
      m_created = true;
      m_file = fdopen(fd, "wb");
      if (m_file == nullptr) {
        m_errno = errno;
        close(fd);
      }
      return;
    }
    m_errno = EEXIST;
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  ~TempFile() {
    if (m_file != nullptr) std::fclose(m_file);
    if (m_created) unlink(m_path.c_str());
  }

  std::FILE* File() const { return m_file; }
  int Errno() const { return m_errno; }

  // Flushes and closes; false with Errno() set if the data did not all reach the file.
  bool Close() {
    bool ok = std::fflush(m_file) == 0 && std::ferror(m_file) == 0;
    if (!ok) m_errno = errno;
    if (std::fclose(m_file) != 0 && ok) {
      m_errno = errno;
      ok = false;
    }
    m_file = nullptr;
    return ok;
  }

  bool RenameTo(const std::filesystem::path& destination) {
    if (std::rename(m_path.c_str(), destination.c_str()) != 0) {
      m_errno = errno;
      return false;
    }
    m_created = false;  // it is the destination now
    return true;
  }

 private:
  std::filesystem::path m_path;
  std::FILE* m_file = nullptr;
  int m_errno = 0;
  bool m_created = false;
};

struct PngErrorSink {
  char message[256] = {};
};

[[noreturn]] void OnPngError(png_structp png, png_const_charp message) {
  auto* sink = static_cast<PngErrorSink*>(png_get_error_ptr(png));
  std::snprintf(sink->message, sizeof sink->message, "%s", message);
  png_longjmp(png, 1);
}

void OnPngWarning(png_structp, png_const_charp) {}

// Only plain pointers live across setjmp here, so a longjmp out of libpng skips no destructor.
bool EncodePng(std::FILE* file, const RgbaImage& image, const PngWriteOptions& options, png_bytep* rows,
               PngErrorSink& sink) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink, OnPngError, OnPngWarning);
  if (png == nullptr) {
    std::snprintf(sink.message, sizeof sink.message, "out of memory");
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
  png_set_filter(png, PNG_FILTER_TYPE_BASE, PNG_FILTER_SUB);
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

std::optional<PngWriteFailure> CheckNotAFolder(const std::filesystem::path& path) {
  std::error_code ignored;
  if (path.empty() || std::filesystem::is_directory(path, ignored)) {
    return PngWriteFailure{PngWriteError::NotAFile, "cannot write " + Quoted(path) + ": it is a folder"};
  }
  return std::nullopt;
}

PngWriteFailure CannotCreate(const std::filesystem::path& path, int error) {
  return {PngWriteError::CannotCreate, "cannot write " + Quoted(path) + ": " + SystemReason(error)};
}

}  // namespace

std::optional<PngWriteFailure> WritePngAtomically(const std::filesystem::path& path, const RgbaImage& image,
                                                  const PngWriteOptions& options) {
  if (image.width <= 0 || image.height <= 0 ||
      image.rgba.size() !=
          static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4) {
    return PngWriteFailure{PngWriteError::BadImage, "cannot write " + Quoted(path) + ": the image is " +
                                                        std::to_string(image.width) + "x" +
                                                        std::to_string(image.height) + " but holds " +
                                                        std::to_string(image.rgba.size()) + " bytes"};
  }
  if (auto failure = CheckNotAFolder(path)) return failure;

  std::vector<png_bytep> rows(static_cast<std::size_t>(image.height));
  const std::size_t stride = static_cast<std::size_t>(image.width) * 4;
  for (std::size_t y = 0; y < rows.size(); ++y) {
    const std::size_t source = image.bottom_up ? rows.size() - 1 - y : y;
    // libpng's API is not const-correct; it only reads the rows.
    rows[y] = const_cast<png_bytep>(image.rgba.data() + source * stride);
  }

  TempFile temp(path);
  if (temp.File() == nullptr) return CannotCreate(path, temp.Errno());
  PngErrorSink sink;
  if (!EncodePng(temp.File(), image, options, rows.data(), sink)) {
    return PngWriteFailure{PngWriteError::EncodeFailed,
                           "cannot write " + Quoted(path) + ": " + std::string(sink.message)};
  }
  if (!temp.Close()) {
    return PngWriteFailure{PngWriteError::EncodeFailed,
                           "cannot write " + Quoted(path) + ": " + SystemReason(temp.Errno())};
  }
  if (!temp.RenameTo(path)) {
    return PngWriteFailure{PngWriteError::CannotReplace,
                           "cannot write " + Quoted(path) + ": " + SystemReason(temp.Errno())};
  }
  return std::nullopt;
}

std::optional<PngWriteFailure> CheckPngDestination(const std::filesystem::path& path) {
  if (auto failure = CheckNotAFolder(path)) return failure;
  TempFile probe(path);
  if (probe.File() == nullptr) return CannotCreate(path, probe.Errno());
  return std::nullopt;
}

}  // namespace tilewalk::app
