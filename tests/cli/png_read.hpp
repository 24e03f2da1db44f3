// Reading a PNG back for the tests, through libpng's simplified API: the round trip of the writer and the
// end-to-end screenshot check both look at real pixels rather than trusting a file size.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::tests {

struct DecodedPng {
  int width = 0, height = 0;
  bool has_alpha = false;            // the file's own colour type, before conversion to RGBA
  std::vector<std::uint8_t> rgba{};  // top row first, 4 bytes a pixel
};

// nullopt with `error` set if the file is missing or not a PNG.
std::optional<DecodedPng> ReadPng(const std::filesystem::path& path, std::string& error);

// How many different RGB colours the image holds, counting at most `cap` of them.
std::size_t CountColours(const DecodedPng& image, std::size_t cap = 1u << 20);

}  // namespace tilewalk::tests
