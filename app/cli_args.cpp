#include "app/cli_args.hpp"

#include <charconv>
#include <string>
#include <utility>

#include "app/verb.hpp"

namespace tilewalk::app {
namespace {

std::string Quote(std::string_view text) {
  return "'" + std::string(text) + "'";
}

// Digits with an optional sign: a number, whether or not it fits an int.
bool IsWholeNumber(std::string_view text) {
  if (text.starts_with('-') || text.starts_with('+')) text.remove_prefix(1);
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

std::optional<int> ToInt(std::string_view text) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

}  // namespace

bool ArgReader::Done() const {
  if (m_inline_value) throw UsageError("option " + Quote(m_option) + " takes no value");
  return m_next >= m_args.size();
}

std::string_view ArgReader::NextOption() {
  const std::string_view arg = m_args[m_next++];
  if (!arg.starts_with("-") || arg == "-") throw UsageError("unexpected argument " + Quote(arg));
  const std::size_t equals = arg.find('=');
  m_option = arg.substr(0, equals);
  m_inline_value.reset();
  if (equals != std::string_view::npos) m_inline_value = arg.substr(equals + 1);
  return m_option;
}

std::string_view ArgReader::Value() {
  if (m_inline_value) return *std::exchange(m_inline_value, std::nullopt);
  if (Done()) throw UsageError("option " + Quote(m_option) + " needs a value");
  return m_args[m_next++];
}

void ArgReader::RejectOption() const {
  throw UsageError("unknown option " + Quote(m_option));
}

PixelSize ParsePixelSize(std::string_view text, std::string_view option, int min_side, int max_side) {
  const std::size_t x = text.find_first_of("xX");
  const std::optional<int> width = x == std::string_view::npos ? std::nullopt : ToInt(text.substr(0, x));
  const std::optional<int> height = x == std::string_view::npos ? std::nullopt : ToInt(text.substr(x + 1));
  if (!width || !height) {
    throw UsageError(std::string(option) + " expects WIDTHxHEIGHT in pixels, such as 1600x900, not " +
                     Quote(text));
  }
  if (*width < min_side || *height < min_side || *width > max_side || *height > max_side) {
    throw UsageError(std::string(option) + " " + Quote(text) + " is out of range; each side must be " +
                     std::to_string(min_side) + " to " + std::to_string(max_side) + " pixels");
  }
  return {.width = *width, .height = *height};
}

int ParseInt(std::string_view text, std::string_view option, int min, int max) {
  const std::optional<int> value = ToInt(text);
  if (!value && !IsWholeNumber(text))
    throw UsageError(std::string(option) + " expects a whole number, not " + Quote(text));
  if (!value || *value < min || *value > max) {  // no value: digits past the range of int
    throw UsageError(std::string(option) + " " + Quote(text) + " is out of range; it must be " +
                     std::to_string(min) + " to " + std::to_string(max));
  }
  return *value;
}

}  // namespace tilewalk::app
