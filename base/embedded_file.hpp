// A file compiled into the binary by cmake/Embed.cmake: its base name and its bytes.
#pragma once

#include <span>
#include <string_view>

namespace tilewalk {

struct EmbeddedFile {
  std::string_view name;
  std::string_view text;
};

}  // namespace tilewalk
