// The rate of playback in model time: microseconds of the cost model's estimated TPU time per second of
// screen time. From a nanosecond a second (a copy's progress crawls) to a second a second (a long launch in
// real time); anything else, NaN and infinities included, is refused with words that say so.
#pragma once

#include <cstdint>
#include <string>

namespace tilewalk::views {

inline constexpr double kMinPlayRate = 0.001, kMaxPlayRate = 1e6, kDefaultPlayRate = 1.0;

// A rate as an intent carries it (IntentKind::SetPlayRate's whole value): picoseconds of TPU time a second,
// exact for every rate in range to a millionth of a µs.
inline constexpr double kPicosecondsPerUs = 1e6;
inline std::int64_t PlayRateValue(double rate_us) {
  return static_cast<std::int64_t>(rate_us * kPicosecondsPerUs + 0.5);
}
inline double PlayRateOfValue(std::int64_t value) {
  return static_cast<double>(value) / kPicosecondsPerUs;
}

// Why `rate_us` cannot be played, or empty when it can.
std::string PlayRateProblem(double rate_us);

}  // namespace tilewalk::views
