// Reading a verb's options: an ArgReader walks "--name value" and "--name=value" pairs and throws UsageError
// with a message that names the option, and small parsers turn values into numbers and sizes. Shared by
// every verb so that they all accept and reject the same spellings.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <string_view>

namespace tilewalk::app {

struct PixelSize {
  int width = 0, height = 0;
};

class ArgReader {
 public:
  explicit ArgReader(std::span<const std::string_view> args) : m_args(args) {}

  // Also throws UsageError when the option before had "=value" that nobody read: "--classroom=yes".
  bool Done() const;

  // The next option's name, such as "--size". Throws UsageError for a positional argument.
  std::string_view NextOption();

  // The value of the option NextOption just returned: the part after '=', or else the next argument.
  // Throws UsageError when there is none.
  std::string_view Value();

  // Throws UsageError naming the option NextOption just returned as unknown.
  [[noreturn]] void RejectOption() const;

 private:
  std::span<const std::string_view> m_args;
  std::size_t m_next = 0;
  std::string_view m_option;
  std::optional<std::string_view> m_inline_value;  // from "--name=value"
};

// "1600x900" (also "1600X900"), each side within [min_side, max_side]. Throws UsageError naming `option`.
PixelSize ParsePixelSize(std::string_view text, std::string_view option, int min_side = 64,
                         int max_side = 16384);

// A whole decimal integer within [min, max]. Throws UsageError naming `option`.
int ParseInt(std::string_view text, std::string_view option, int min, int max);

}  // namespace tilewalk::app
