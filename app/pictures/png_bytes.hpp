// A PNG file's bytes in memory, for images embedded in an SVG as data URIs, and the base64 those URIs
// need. The encoder writes RGBA at zlib's best level: heatmaps are small (a tile, one pixel per element)
// and written once per frame and pane.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>

namespace tilewalk::pictures {

// `rgba` holds width * height * 4 bytes, top row first; nullopt when it does not, or libpng fails.
std::optional<std::string> EncodePng(int width, int height, std::span<const std::uint8_t> rgba);

// RFC 4648 base64 with padding.
std::string Base64(std::string_view bytes);

}  // namespace tilewalk::pictures
