// Byte counts as people read them in messages: "512 bytes", "1.5 MiB", "20 GiB". Caps and sizes in the
// base layer's sentences go through here, so every message states them the same way.
#pragma once

#include <cstdint>
#include <string>

namespace tilewalk::base {

// "1 byte", "1023 bytes", "1.0 KiB", "9.9 MiB", "20 GiB": one decimal below ten units, none above;
// always rounded down, so a size just over a cap never reads as the cap itself.
std::string DescribeBytes(std::uint64_t bytes);

}  // namespace tilewalk::base
