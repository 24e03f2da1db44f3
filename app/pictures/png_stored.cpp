// EncodePng for the WebAssembly build, which has no libpng: a valid PNG whose zlib stream keeps the rows
// uncompressed, in deflate's stored blocks. The heatmaps are small (one pixel per element of a tile), and
// the page's transfer is gzipped anyway, so compressing here would buy little for the code it takes.
#include <algorithm>
#include <array>
#include <cstdint>

#include "app/pictures/png_bytes.hpp"

namespace tilewalk::pictures {
namespace {

constexpr std::size_t kStoredBlockMax = 65535;  // deflate's LEN field is 16 bits

std::array<std::uint32_t, 256> CrcTable() {
  std::array<std::uint32_t, 256> table{};
  for (std::uint32_t n = 0; n < 256; ++n) {
    std::uint32_t c = n;
    for (int k = 0; k < 8; ++k) c = (c & 1) ? 0xEDB88320u ^ (c >> 1) : c >> 1;
    table[n] = c;
  }
  return table;
}

// CRC-32 (ISO 3309, as PNG's chunks use it) of `bytes`.
std::uint32_t PngCrc(std::string_view bytes) {
  static const std::array<std::uint32_t, 256> table = CrcTable();
  std::uint32_t c = 0xFFFFFFFFu;
  for (const char b : bytes) c = table[(c ^ static_cast<unsigned char>(b)) & 0xFF] ^ (c >> 8);
  return c ^ 0xFFFFFFFFu;
}

// Adler-32 (RFC 1950), the zlib stream's checksum of the uncompressed bytes.
std::uint32_t ZlibAdler(std::string_view bytes) {
  constexpr std::uint32_t kMod = 65521;
  std::uint32_t a = 1, b = 0;
  for (const char byte : bytes) {
    a = (a + static_cast<unsigned char>(byte)) % kMod;
    b = (b + a) % kMod;
  }
  return (b << 16) | a;
}

void PutBigEndian32(std::string& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((v >> shift) & 0xFF);
}

void PutChunk(std::string& out, std::string_view type, std::string_view data) {
  PutBigEndian32(out, static_cast<std::uint32_t>(data.size()));
  std::string typed(type);
  typed += data;
  out += typed;
  PutBigEndian32(out, PngCrc(typed));
}

// A zlib stream (RFC 1950) of stored deflate blocks (RFC 1951, BTYPE 00) holding `raw`.
std::string StoredZlib(std::string_view raw) {
  std::string out = {'\x78', '\x01'};  // deflate, 32 KiB window, no dictionary; 0x7801 is a multiple of 31
  std::size_t at = 0;
  do {
    const std::size_t len = std::min(kStoredBlockMax, raw.size() - at);
    const bool last = at + len == raw.size();
    out += static_cast<char>(last ? 1 : 0);
    out += static_cast<char>(len & 0xFF);
    out += static_cast<char>(len >> 8);
    out += static_cast<char>(~len & 0xFF);
    out += static_cast<char>((~len >> 8) & 0xFF);
    out.append(raw.substr(at, len));
    at += len;
  } while (at < raw.size());
  PutBigEndian32(out, ZlibAdler(raw));
  return out;
}

}  // namespace

std::optional<std::string> EncodePng(int width, int height, std::span<const std::uint8_t> rgba) {
  if (width <= 0 || height <= 0 ||
      rgba.size() != static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4)
    return std::nullopt;
  const std::size_t stride = static_cast<std::size_t>(width) * 4;
  std::string raw;
  raw.reserve((stride + 1) * static_cast<std::size_t>(height));
  for (std::size_t y = 0; y < static_cast<std::size_t>(height); ++y) {
    raw += '\0';  // filter type None
    raw.append(reinterpret_cast<const char*>(rgba.data() + y * stride), stride);
  }
  std::string header;
  PutBigEndian32(header, static_cast<std::uint32_t>(width));
  PutBigEndian32(header, static_cast<std::uint32_t>(height));
  header += {'\x08', '\x06', '\0', '\0', '\0'};  // 8 bits, RGBA, deflate, adaptive filters, no interlace
  std::string out = "\x89PNG\r\n\x1a\n";
  PutChunk(out, "IHDR", header);
  PutChunk(out, "IDAT", StoredZlib(raw));
  PutChunk(out, "IEND", "");
  return out;
}

}  // namespace tilewalk::pictures
