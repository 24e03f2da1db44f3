// The one way to read and write numbers as text: whole numbers and reals within a stated range, with
// the failure phrased as what was expected ("expected a whole number from 1 to 60"), so that every
// option, field and file that takes a number words its complaint the same way.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// Decimal digits with an optional leading '-', within [min, max]. Nothing else: no '+', no spaces, no
// "0x". The error's message is "expected a whole number from MIN to MAX".
Result<int64_t> ParseWhole(std::string_view text, int64_t min, int64_t max);

// A finite decimal or scientific number ("0.125", "1e-3") within [min, max]; NaN, infinities and trailing
// text are refused. The error's message is "expected a number from MIN to MAX".
Result<double> ParseReal(std::string_view text, double min, double max);

// The whole of `text` as a double, read as std::from_chars reads it (no leading spaces or '+', no "0x";
// "inf" and "nan" are numbers here); nothing when it is not one.
std::optional<double> ReadDouble(std::string_view text);

// The shortest text that reads back as the same float or double (an ostream's six digits do not).
std::string ShortestText(float value);
std::string ShortestText(double value);

// "1048576" for whole values, else the shortest round-trip text: how ranges are stated in messages.
std::string RangeText(double value);

}  // namespace tilewalk::base
