// The app's writers on a full disk. /dev/full fails every write with ENOSPC, so it is a real full disk that
// any test can use. Each writer must report it in words, naming the path, and a device destination must
// still be the device afterwards: a write that renamed a temporary file over /dev/full would replace the
// device with a file.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <array>
#include <cstdint>
#include <string>

#include "app/check/npy_writer.hpp"
#include "app/screen/png_file.hpp"

namespace tilewalk::app {
namespace {

bool IsCharacterDevice(const char* path) {
  struct stat info {};
  return stat(path, &info) == 0 && S_ISCHR(info.st_mode);
}

}  // namespace

TEST_CASE("full disk: WriteNpy reports ENOSPC even when the whole array fits in the stream's buffer") {
  REQUIRE(IsCharacterDevice("/dev/full"));
  const tpu::Array tiny(tpu::Shape{1, 2}, tpu::DType::F32);
  const base::Status written = WriteNpy("/dev/full", tiny);
  REQUIRE_FALSE(written);
  CHECK(written.error().reason == base::Reason::DiskFull);
  CHECK(written.error().message.find(
            "cannot write '/dev/full': the disk is full (No space left on device)") == 0);
  CHECK(IsCharacterDevice("/dev/full"));
}

TEST_CASE("full disk: /dev/null takes an .npy in place and stays a device") {
  const tpu::Array tiny(tpu::Shape{1, 2}, tpu::DType::F32);
  CHECK(WriteNpy("/dev/null", tiny));
  CHECK(IsCharacterDevice("/dev/null"));
}

TEST_CASE("full disk: a PNG onto /dev/full names the full disk, not libpng's 'Write Error'") {
  const std::array<std::uint8_t, 2 * 2 * 4> pixels{};
  const base::Status written = WritePngFile("/dev/full", {.width = 2, .height = 2, .rgba = pixels});
  REQUIRE_FALSE(written);
  CHECK(written.error().reason == base::Reason::DiskFull);
  CHECK(written.error().message.find(
            "cannot write '/dev/full': the disk is full (No space left on device)") == 0);
  CHECK(IsCharacterDevice("/dev/full"));
}

}  // namespace tilewalk::app
