#include "app/views/play_rate.hpp"

#include <cmath>
#include <cstdio>

namespace tilewalk::views {

std::string PlayRateProblem(double rate_us) {
  char text[160];
  if (!std::isfinite(rate_us)) {
    std::snprintf(text, sizeof text,
                  "the rate is not a number; give µs of TPU time per second, from %g to %g", kMinPlayRate,
                  kMaxPlayRate);
  } else if (rate_us <= 0) {
    std::snprintf(text, sizeof text,
                  "a rate of %g µs a second does not play forward; give a rate from %g to %g", rate_us,
                  kMinPlayRate, kMaxPlayRate);
  } else if (rate_us < kMinPlayRate) {
    std::snprintf(
        text, sizeof text,
        "a rate of %g µs a second would not move; give at least %g (a nanosecond of TPU time a second)",
        rate_us, kMinPlayRate);
  } else if (rate_us > kMaxPlayRate) {
    std::snprintf(
        text, sizeof text,
        "a rate of %g µs a second is faster than the chip; give at most %g (a second of TPU time a second)",
        rate_us, kMaxPlayRate);
  } else {
    return {};
  }
  return text;
}

}  // namespace tilewalk::views
