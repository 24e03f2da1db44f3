// The PNG writer: the round trip gives the same pixels right side up, alpha is dropped unless asked for,
// the write goes through the safe writer (no temporary file left behind, success or failure; a link to a
// file stays a link), and failures come back as values with a reason and a sentence naming the path.
#include "app/screen/png_file.hpp"

#include <doctest/doctest.h>
#include <unistd.h>

#include <array>
#include <fstream>
#include <string>

#include "png_read.hpp"

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

// A fresh folder per test, removed afterwards.
struct ScratchFolder {
  fs::path path = fs::temp_directory_path() / ("tilewalk-png-test-" + std::to_string(getpid()));
  ScratchFolder() {
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~ScratchFolder() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  std::size_t EntryCount() const {
    return static_cast<std::size_t>(std::distance(fs::directory_iterator(path), fs::directory_iterator()));
  }
};

// 2 wide, 3 tall; row r is filled with grey level 10*(r+1), alpha 7 (so dropping it is visible).
std::array<std::uint8_t, 2 * 3 * 4> ThreeRows() {
  std::array<std::uint8_t, 2 * 3 * 4> pixels{};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 2; ++c) {
      const auto at = static_cast<std::size_t>((r * 2 + c) * 4);
      pixels[at] = pixels[at + 1] = pixels[at + 2] = static_cast<std::uint8_t>(10 * (r + 1));
      pixels[at + 3] = 7;
    }
  }
  return pixels;
}

tests::DecodedPng Read(const fs::path& path) {
  std::string error;
  auto image = tests::ReadPng(path, error);
  INFO(error);
  REQUIRE(image.has_value());
  return *image;
}

}  // namespace

TEST_CASE("png: a bottom-up image (as glReadPixels gives it) comes back right side up, without alpha") {
  ScratchFolder folder;
  const auto pixels = ThreeRows();
  const fs::path path = folder.path / "flip.png";
  REQUIRE(WritePngFile(path, {.width = 2, .height = 3, .rgba = pixels, .bottom_up = true}));
  const tests::DecodedPng image = Read(path);
  CHECK(image.width == 2);
  CHECK(image.height == 3);
  CHECK_FALSE(image.has_alpha);
  CHECK(image.rgba[0] == 30);   // the top row of the file is the last row of the buffer
  CHECK(image.rgba[3] == 255);  // opaque, whatever the framebuffer's alpha was
  CHECK(image.rgba[2 * 2 * 4] == 10);
  CHECK(folder.EntryCount() == 1);  // no temporary file left behind
}

TEST_CASE("png: a top-down image keeps its order, and keep_alpha keeps alpha") {
  ScratchFolder folder;
  const auto pixels = ThreeRows();
  const fs::path path = folder.path / "alpha.png";
  REQUIRE(WritePngFile(path, {.width = 2, .height = 3, .rgba = pixels, .bottom_up = false},
                       {.compression_level = 9, .keep_alpha = true}));
  const tests::DecodedPng image = Read(path);
  CHECK(image.has_alpha);
  CHECK(image.rgba[0] == 10);
  CHECK(image.rgba[3] == 7);
}

TEST_CASE("png: writing replaces an existing file") {
  ScratchFolder folder;
  const fs::path path = folder.path / "again.png";
  std::ofstream(path) << "not a png";
  const auto pixels = ThreeRows();
  REQUIRE(WritePngFile(path, {.width = 2, .height = 3, .rgba = pixels, .bottom_up = false}));
  CHECK(Read(path).width == 2);
  CHECK(folder.EntryCount() == 1);
}

TEST_CASE("png: failures are values that name the path, and leave nothing behind") {
  ScratchFolder folder;
  const auto pixels = ThreeRows();
  const RgbaImage image{.width = 2, .height = 3, .rgba = pixels, .bottom_up = false};

  const fs::path missing = folder.path / "no-such-folder" / "x.png";
  const base::Status no_folder = WritePngFile(missing, image);
  REQUIRE_FALSE(no_folder);
  CHECK(no_folder.error().reason == base::Reason::NotFound);
  CHECK(no_folder.error().message.find(missing.string()) != std::string::npos);
  CHECK(no_folder.error().message.find("does not exist") != std::string::npos);

  const base::Status is_folder = WritePngFile(folder.path, image);
  REQUIRE_FALSE(is_folder);
  CHECK(is_folder.error().message.find("folder") != std::string::npos);

  const base::Status bad = WritePngFile(folder.path / "bad.png", {.width = 3, .height = 3, .rgba = pixels});
  REQUIRE_FALSE(bad);
  CHECK(bad.error().reason == base::Reason::Malformed);

  CHECK(folder.EntryCount() == 0);
}

TEST_CASE("png: a screenshot onto a link to a file replaces the file and keeps the link") {
  ScratchFolder folder;
  std::ofstream(folder.path / "real.png") << "old";
  fs::create_symlink("real.png", folder.path / "link.png");
  const auto pixels = ThreeRows();
  REQUIRE(WritePngFile(folder.path / "link.png", {.width = 2, .height = 3, .rgba = pixels}));
  CHECK(fs::is_symlink(folder.path / "link.png"));
  CHECK(Read(folder.path / "real.png").width == 2);
  CHECK(folder.EntryCount() == 2);
}

}  // namespace tilewalk::app
