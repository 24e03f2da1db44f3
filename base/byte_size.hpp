// Byte counts as people read them in messages ("512 bytes", "1.5 MiB", "20 GiB") and write them in flags
// ("536870912", "512MiB", "4GiB"). Caps and sizes in the base layer's sentences go through here, so every
// message states them the same way, and every flag that takes a size reads it the same way.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// "1 byte", "1023 bytes", "1.0 KiB", "9.9 MiB", "20 GiB": one decimal below ten units, none above;
// always rounded down, so a size just over a cap never reads as the cap itself.
std::string DescribeBytes(std::uint64_t bytes);

// A whole number of bytes, optionally followed by a binary unit: KiB, MiB, GiB, TiB or PiB (no space, no
// fraction, case as written here), within [min, max]. The error's message is "expected a size from MIN to
// MAX, in bytes or with KiB, MiB, GiB, TiB or PiB, such as 4GiB", with MIN and MAX as DescribeBytes gives
// them.
Result<std::uint64_t> ParseByteSize(std::string_view text, std::uint64_t min, std::uint64_t max);

}  // namespace tilewalk::base
