// How the splash layer raises the Python-level errors of the pinned splash files (the mask classes, the
// mask processing, the block sizes and the kernel entry checks), each as a tpu::KernelError with its site,
// in the argument-check phase: all but one fire before any kernel is built (the one left, a block size the
// dkv body cannot tile segment ids with, fires while that body is traced). As in the flash layer, the error
// travels as a tpu::KernelException out of the mirror and a caller turns it back into a value at its boundary
// (CatchSplashError below, or a launch).
//
// Where the original has no check and stops by accident (an `assert`, a missing attribute, an index out of
// range), the mirror raises the same kind, with a message that says what went wrong.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include "base/source_site.hpp"

#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::splash {

using tpu::kFloorDivisionByZero;  // Python's messages for a divisor of 0 (`divmod` and `//` share one)
using tpu::kModuloByZero;

[[noreturn]] void RaiseSplashError(tpu::ErrorType type, const char* site, std::string message,
                                   base::SourceSite where = base::SourceSite::current());
// The same in another phase: the few errors the original raises while it traces a kernel body.
[[noreturn]] void RaiseSplashErrorIn(tpu::Phase phase, tpu::ErrorType type, const char* site,
                                     std::string message,
                                     base::SourceSite where = base::SourceSite::current());

// Runs `body` and returns the error it raised through RaiseSplashError, or nothing when it ran through.
std::optional<tpu::KernelError> CatchSplashError(const std::function<void()>& body);

// Python's floor division and modulo (the divisor is not 0): -7 // 2 == -4 and -7 % 2 == 1, where C++
// truncates. The checks below mirror Python's arithmetic, so negative inputs fail where they fail there.
int64_t FloorDiv(int64_t a, int64_t b);
int64_t FloorMod(int64_t a, int64_t b);

}  // namespace tilewalk::splash
