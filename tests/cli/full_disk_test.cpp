// The writers on a full disk. /dev/full fails every write with ENOSPC, so it is a real full disk that any
// test can use. Each writer must report it, and a device destination must still be the device afterwards:
// an atomic write that renamed its temporary file over /dev/full would replace the device with a file.
#include <doctest/doctest.h>
#include <sys/stat.h>

#include <array>
#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>

#include "app/check/npy_writer.hpp"
#include "app/gui/png_file.hpp"
#include "app/io/temp_file.hpp"

namespace tilewalk::app {
namespace {

bool IsCharacterDevice(const char* path) {
  struct stat info {};
  return stat(path, &info) == 0 && S_ISCHR(info.st_mode);
}

}  // namespace

TEST_CASE("full disk: TempFile writes a device in place and reports ENOSPC from /dev/full") {
  REQUIRE(IsCharacterDevice("/dev/full"));
  TempFile file("/dev/full");
  REQUIRE(file.File() != nullptr);
  std::fputs("more than nothing", file.File());
  CHECK_FALSE(file.Close());
  CHECK(file.Errno() == ENOSPC);
  CHECK(IsCharacterDevice("/dev/full"));
}

TEST_CASE("full disk: /dev/null is written in place and stays a device") {
  TempFile file("/dev/null");
  REQUIRE(file.File() != nullptr);
  std::fputs("x", file.File());
  CHECK(file.Close());
  CHECK(file.RenameTo("/dev/null"));
  CHECK(IsCharacterDevice("/dev/null"));
}

TEST_CASE("full disk: WriteNpy throws even when the whole array fits in the stream's buffer") {
  const tpu::Array tiny(tpu::Shape{1, 2}, tpu::DType::F32);
  std::string message;
  try {
    WriteNpy("/dev/full", tiny);
  } catch (const std::runtime_error& e) {
    message = e.what();
  }
  CHECK(message == "failed while writing full: No space left on device");
}

TEST_CASE("full disk: a PNG onto /dev/full names the full disk, not libpng's 'Write Error'") {
  const std::array<std::uint8_t, 2 * 2 * 4> pixels{};
  const auto failure = WritePngAtomically("/dev/full", {.width = 2, .height = 2, .rgba = pixels});
  REQUIRE(failure.has_value());
  CHECK(failure->message == "cannot write '/dev/full': No space left on device");
  CHECK(IsCharacterDevice("/dev/full"));
}

}  // namespace tilewalk::app
