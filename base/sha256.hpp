// SHA-256 (FIPS 180-4) of bytes, as 64 lower-case hex digits: how `tilewalk source fetch` checks that a
// downloaded Pallas file is exactly the pinned one before it keeps it.
#pragma once

#include <string>
#include <string_view>

namespace tilewalk::base {

std::string Sha256Hex(std::string_view bytes);

}  // namespace tilewalk::base
