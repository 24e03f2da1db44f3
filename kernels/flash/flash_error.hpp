// How the flash layer raises the Python-level errors of the original (ValueError, NotImplementedError,
// ZeroDivisionError) during the argument checks, each with its C++ site, and the advice that goes with each
// kind of error. (walkthrough/kernel_error_text.hpp words a whole error, with where the Pallas original
// raises it.)
#pragma once

#include <string>
#include <string_view>
#include "base/source_site.hpp"

#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::flash {

using tpu::kFloorDivisionByZero;  // Python's messages for a block size of 0 as a divisor
using tpu::kModuloByZero;

[[noreturn]] void RaiseArgumentError(tpu::ErrorType type, const char* site, std::string message,
                                     base::SourceSite where = base::SourceSite::current());

// Who stops a scenario and what to do: the original's checks and traces reject it; Mosaic refuses a
// launch that breaks the block-shape rule or overflows VMEM; an index map that leaves its array or an
// output revisited is a fault the real kernel would not report (it would read or write the wrong data),
// which the TPU model stops at.
std::string ErrorAdvice(const tpu::KernelError& error, const std::string& launch);

}  // namespace tilewalk::flash
