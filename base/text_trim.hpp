// A line's text without the blanks at its ends, as the line readers of scripts and settings take it: spaces,
// tabs, and the carriage return a file saved with CRLF line ends leaves.
#pragma once

#include <string_view>

namespace tilewalk::base {

std::string_view TrimBlanks(std::string_view text);

}  // namespace tilewalk::base
