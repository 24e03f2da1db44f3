#include "base/number_text.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <system_error>

namespace tilewalk::base {
namespace {

std::string ExpectedWhole(int64_t min, int64_t max) {
  return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string ExpectedReal(double min, double max) {
  return "expected a number from " + RangeText(min) + " to " + RangeText(max);
}

#if defined(__cpp_lib_to_chars)
template <typename T>
std::string Shortest(T value) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  return ec == std::errc() ? std::string(text, end) : std::string("?");
}
#else
// libc++ 14 (emscripten's) lacks std::to_chars and std::from_chars for floating point. The same texts from
// printf and strtod: the fewest significant digits that read back as `value`, then std::to_chars's plain
// format, which writes them fixed or scientific, whichever is shorter (fixed on a tie).
template <typename T>
T ReadBack(const char* text) {
  if constexpr (sizeof(T) == sizeof(float))
    return std::strtof(text, nullptr);
  else
    return std::strtod(text, nullptr);
}

template <typename T>
std::string Shortest(T value) {
  if (std::isnan(value)) return std::signbit(value) ? "-nan" : "nan";
  if (std::isinf(value)) return value < 0 ? "-inf" : "inf";
  char text[64];
  for (int digits = 1; digits <= 17; ++digits) {
    std::snprintf(text, sizeof text, "%.*e", digits - 1, static_cast<double>(value));
    if (ReadBack<T>(text) == value || digits == 17) break;
  }
  // text is "-d.ddde+XX": split it into sign, digits and exponent.
  std::string scientific(text), mantissa;
  const std::size_t e = scientific.find('e');
  const bool negative = scientific[0] == '-';
  for (std::size_t i = negative ? 1 : 0; i < e; ++i)
    if (scientific[i] != '.') mantissa += scientific[i];
  const int exponent = std::atoi(scientific.c_str() + e + 1);
  while (mantissa.size() > 1 && mantissa.back() == '0') mantissa.pop_back();
  std::string sci = mantissa.substr(0, 1);
  if (mantissa.size() > 1) sci += "." + mantissa.substr(1);
  sci += exponent < 0 ? "e-" : "e+";
  const int magnitude = std::abs(exponent);
  sci += (magnitude < 10 ? "0" : "") + std::to_string(magnitude);
  std::string fixed;
  const int n = static_cast<int>(mantissa.size());
  if (exponent < 0) {
    fixed = "0." + std::string(static_cast<std::size_t>(-exponent - 1), '0') + mantissa;
  } else if (exponent + 1 >= n) {
    fixed = mantissa + std::string(static_cast<std::size_t>(exponent + 1 - n), '0');
  } else {
    fixed = mantissa.substr(0, static_cast<std::size_t>(exponent + 1)) + "." +
            mantissa.substr(static_cast<std::size_t>(exponent + 1));
  }
  return std::string(negative ? "-" : "") + (sci.size() < fixed.size() ? sci : fixed);
}
#endif

}  // namespace

Result<int64_t> ParseWhole(std::string_view text, int64_t min, int64_t max) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end || value < min || value > max)
    return Fail(Reason::Usage, ExpectedWhole(min, max));
  return value;
}

std::optional<double> ReadDouble(std::string_view text) {
  double value = 0;
#if defined(__cpp_lib_to_chars)
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end) return std::nullopt;
#else
  // strtod also takes what std::from_chars refuses: leading spaces, '+', hexadecimal.
  if (text.empty() || text[0] == '+' || text.find_first_of(" \t\n\v\f\rxXpP") != std::string_view::npos)
    return std::nullopt;
  const std::string copy(text);  // strtod needs the terminating NUL
  char* stop = nullptr;
  value = std::strtod(copy.c_str(), &stop);
  if (stop != copy.c_str() + copy.size()) return std::nullopt;
#endif
  return value;
}

Result<double> ParseReal(std::string_view text, double min, double max) {
  const std::optional<double> value = ReadDouble(text);
  if (!value || !std::isfinite(*value) || *value < min || *value > max)
    return Fail(Reason::Usage, ExpectedReal(min, max));
  return *value;
}

std::string ShortestText(float value) {
  return Shortest(value);
}

std::string ShortestText(double value) {
  return Shortest(value);
}

std::string RangeText(double value) {
  if (std::isfinite(value) && value == std::trunc(value) && std::fabs(value) < 1e15)
    return std::to_string(static_cast<int64_t>(value));
  return Shortest(value);
}

}  // namespace tilewalk::base
