// The array mask's file: q_len lines of kv_len characters, '1' where the query of the line attends the key
// of the column, '0' where it does not. Read bounded (base/bounded_read.hpp): a missing, unreadable,
// oversized or irregular file (a FIFO, a folder) is refused with a sentence naming it, as is a file whose
// lines or characters are not that shape; a line may end in "\r\n".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "base/result.hpp"

namespace tilewalk::splash {

// Row-major 0/1 values, q_len · kv_len of them.
base::Result<std::vector<uint8_t>> ReadMaskFile(const std::string& path, int64_t q_len, int64_t kv_len);

}  // namespace tilewalk::splash
