// The rate of playback in model time: microseconds of the cost model's estimated TPU time per second of
// screen time. From a nanosecond a second (a copy's progress crawls) to a second a second (a long launch in
// real time); anything else, NaN and infinities included, is refused with words that say so.
#pragma once

#include <string>

namespace tilewalk::views {

inline constexpr double kMinPlayRate = 0.001, kMaxPlayRate = 1e6, kDefaultPlayRate = 1.0;

// Why `rate_us` cannot be played, or empty when it can.
std::string PlayRateProblem(double rate_us);

// "1 µs/s", "0.05 µs/s", "2000 µs/s"
std::string PlayRateText(double rate_us);

}  // namespace tilewalk::views
