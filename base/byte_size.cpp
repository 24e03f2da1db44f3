#include "base/byte_size.hpp"

#include <array>
#include <charconv>
#include <limits>
#include <system_error>
#include <utility>

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

Result<std::uint64_t> ParseByteSize(std::string_view text, std::uint64_t min, std::uint64_t max) {
  const auto refused = [&] {
    return Fail(Reason::Usage, "expected a size from " + DescribeBytes(min) + " to " + DescribeBytes(max) +
                                   ", in bytes or with KiB, MiB, GiB, TiB or PiB, such as 4GiB");
  };
  constexpr std::array<std::pair<std::string_view, int>, 5> kUnits = {
      {{"KiB", 10}, {"MiB", 20}, {"GiB", 30}, {"TiB", 40}, {"PiB", 50}}};
  int shift = 0;
  for (const auto& [unit, unit_shift] : kUnits)
    if (text.ends_with(unit)) {
      text.remove_suffix(unit.size());
      shift = unit_shift;
      break;
    }
  std::uint64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end) return refused();
  if (value > (std::numeric_limits<std::uint64_t>::max() >> shift)) return refused();
  value <<= shift;
  if (value < min || value > max) return refused();
  return value;
}

}  // namespace tilewalk::base
