// Errors of the simulated kernel: the Python exception it would raise (or the compiler/runtime failure),
// the phase it belongs to, and the site that raised it. These are values the UI shows at their line,
// not crashes of the host.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

#include "kernels/tpu/sites.hpp"

namespace tilewalk::tpu {

enum class ErrorType : uint8_t {
  ValueError,
  TypeError,  // lax's elementwise primitives on shapes that do not broadcast
  NotImplementedError,
  OutOfVmem,          // the block buffers and scratch do not fit the chip's VMEM
  BlockShapeError,    // a block's last two dimensions break the (8, 128) rule
  IndexMapError,      // an index map returned a block outside the array
  OutputRevisited,    // an output block came back after it was written back
  ZeroDivisionError,  // Python's integer % or // with a block size of 0 as the divisor
  OutOfSmem,          // the scalar-prefetch operands do not fit the chip's SMEM
  // Where the original has no check of its own and stops by accident: a failed `assert`, a missing
  // attribute, an index out of range (splash's mask processing has all three).
  AssertionError,
  AttributeError,
  IndexError,
};

enum class Phase : uint8_t {
  ArgumentCheck,  // Python-level checks before any kernel is built
  Tracing,        // while the kernel body is traced (shapes only, nothing executes)
  Lowering,       // while the launch is compiled: block shapes, VMEM budget, pipeline schedule
  Execution,
};

// What Python says when the divisor of an integer `%` is 0, and of `//` or `divmod` (CPython 3.11 to 3.13;
// 3.14 says "division by zero" for both): a kernel's block size of 0 meets them in its checks.
inline constexpr std::string_view kModuloByZero = "integer modulo by zero";
inline constexpr std::string_view kFloorDivisionByZero = "integer division or modulo by zero";

std::string_view ErrorTypeName(ErrorType t);  // "ValueError", "NotImplementedError", ...
std::string_view PhaseName(Phase p);          // "argument check", "tracing", ...

struct KernelError {
  ErrorType type = ErrorType::ValueError;
  Phase phase = Phase::ArgumentCheck;
  SiteId site = kNoSite;
  std::string message;
  std::string Describe() const;  // "NotImplementedError: block_k=64 should be ... (while tracing)"
};

// Carries a KernelError out of a kernel body or a check; the launch turns it back into a value.
struct KernelException : std::runtime_error {
  explicit KernelException(KernelError e) : std::runtime_error(e.message), error(std::move(e)) {}
  KernelError error;
};

}  // namespace tilewalk::tpu
