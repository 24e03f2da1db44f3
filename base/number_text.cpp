#include "base/number_text.hpp"

#include <charconv>
#include <cmath>
#include <system_error>

namespace tilewalk::base {
namespace {

std::string ExpectedWhole(int64_t min, int64_t max) {
  return "expected a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

std::string ExpectedReal(double min, double max) {
  return "expected a number from " + RangeText(min) + " to " + RangeText(max);
}

template <typename T>
std::string Shortest(T value) {
  char text[64];
  const auto [end, ec] = std::to_chars(text, text + sizeof text, value);
  return ec == std::errc() ? std::string(text, end) : std::string("?");
}

}  // namespace

Result<int64_t> ParseWhole(std::string_view text, int64_t min, int64_t max) {
  int64_t value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end || value < min || value > max)
    return Fail(Reason::Usage, ExpectedWhole(min, max));
  return value;
}

Result<double> ParseReal(std::string_view text, double min, double max) {
  double value = 0;
  const char* end = text.data() + text.size();
  const auto [stop, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ec != std::errc() || stop != end || !std::isfinite(value) || value < min || value > max)
    return Fail(Reason::Usage, ExpectedReal(min, max));
  return value;
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
