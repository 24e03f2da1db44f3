#include "base/byte_size.hpp"

#include <array>

namespace tilewalk::base {

std::string DescribeBytes(std::uint64_t bytes) {
  if (bytes == 1) return "1 byte";
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  constexpr std::array<const char*, 6> kUnits = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  std::size_t unit = 0;
  std::uint64_t scale = 1024;
  while (unit + 1 < kUnits.size() && bytes / scale >= 1024) {
    scale *= 1024;
    ++unit;
  }
  const std::uint64_t whole = bytes / scale;
  if (whole >= 10) return std::to_string(whole) + " " + kUnits[unit];
  const std::uint64_t tenths = (bytes % scale) * 10 / scale;  // below 2^60 * 10: no overflow
  return std::to_string(whole) + "." + std::to_string(tenths) + " " + kUnits[unit];
}

}  // namespace tilewalk::base
