#include "kernels/splash/splash_error.hpp"

#include <cassert>
#include <utility>

namespace tilewalk::splash {

void RaiseSplashError(tpu::ErrorType type, const char* site, std::string message, base::SourceSite where) {
  RaiseSplashErrorIn(tpu::Phase::ArgumentCheck, type, site, std::move(message), where);
}

void RaiseSplashErrorIn(tpu::Phase phase, tpu::ErrorType type, const char* site, std::string message,
                        base::SourceSite where) {
  throw tpu::KernelException(tpu::KernelError{type, phase, tpu::InternSite(site, where), std::move(message)});
}

std::optional<tpu::KernelError> CatchSplashError(const std::function<void()>& body) {
  try {
    body();
  } catch (const tpu::KernelException& e) {
    return e.error;
  }
  return std::nullopt;
}

int64_t FloorDiv(int64_t a, int64_t b) {
  assert(b != 0 && "FloorDiv: the caller raises ZeroDivisionError before dividing by 0");
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

int64_t FloorMod(int64_t a, int64_t b) {
  return a - FloorDiv(a, b) * b;
}

}  // namespace tilewalk::splash
