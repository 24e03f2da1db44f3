// RFC 4648 base64, for the data URIs of the PNG images an SVG embeds.
#include "app/pictures/png_bytes.hpp"

namespace tilewalk::pictures {

std::string Base64(std::string_view bytes) {
  static constexpr char kDigits[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const auto b0 = static_cast<unsigned char>(bytes[i]), b1 = static_cast<unsigned char>(bytes[i + 1]),
               b2 = static_cast<unsigned char>(bytes[i + 2]);
    out += kDigits[b0 >> 2];
    out += kDigits[((b0 & 3) << 4) | (b1 >> 4)];
    out += kDigits[((b1 & 15) << 2) | (b2 >> 6)];
    out += kDigits[b2 & 63];
  }
  if (i + 1 == bytes.size()) {
    const auto b0 = static_cast<unsigned char>(bytes[i]);
    out += kDigits[b0 >> 2];
    out += kDigits[(b0 & 3) << 4];
    out += "==";
  } else if (i + 2 == bytes.size()) {
    const auto b0 = static_cast<unsigned char>(bytes[i]), b1 = static_cast<unsigned char>(bytes[i + 1]);
    out += kDigits[b0 >> 2];
    out += kDigits[((b0 & 3) << 4) | (b1 >> 4)];
    out += kDigits[(b1 & 15) << 2];
    out += '=';
  }
  return out;
}

}  // namespace tilewalk::pictures
