// The per-thread context that kernel ops report to: the matmul precision in force and the work counted
// for the statement being executed (matmul flops, vector-register operations, transcendentals).
// A launch installs one for its duration; tests install their own with ScopedOpContext.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::tpu {

enum class Precision : uint8_t {
  Default,  // MXU operands rounded to bfloat16, products accumulated in float32 (what the TPU does)
  Highest,  // exact float32 operands
};

const char* PrecisionName(Precision p);  // "default", "highest"

struct OpCounts {
  uint64_t flops = 0;            // MXU multiply-adds × 2
  uint64_t mxu_flops = 0;        // MXU flops occupied (tile padding included) × passes (float32 at
                                 // Precision::Highest takes 6 bf16 passes)
  uint64_t vreg_ops = 0;         // VPU operations, one per (8, 128) vector register touched
  uint64_t transcendentals = 0;  // elements passed through exp (on the EUP)
  uint32_t matmuls = 0;
};

struct OpContext {
  Precision precision = Precision::Default;
  bool tracing = false;  // constructors (full, iota) make shape-only values while a body is traced
  int mxu_dim = 128;     // the chip's MXU is mxu_dim × mxu_dim: matmuls count its padding
  OpCounts counts;
};

OpContext& CurrentOpContext();

class ScopedOpContext {
 public:
  explicit ScopedOpContext(Precision precision, bool tracing = false);
  ~ScopedOpContext();
  ScopedOpContext(const ScopedOpContext&) = delete;
  ScopedOpContext& operator=(const ScopedOpContext&) = delete;
  OpContext& context() { return m_context; }

 private:
  OpContext m_context;
  OpContext* m_previous;
};

// A shape error raised by an op, as jnp raises them while a body is traced, with the Python type it has
// there: lax's elementwise primitives raise TypeError ("sub got incompatible shapes for broadcasting:
// ..."), jnp's own broadcasting helpers ValueError. The kernel context attaches the statement's site
// before it reaches the user.
struct ShapeError : std::runtime_error {
  explicit ShapeError(const std::string& message, ErrorType error_type = ErrorType::ValueError)
      : std::runtime_error(message), type(error_type) {}
  ErrorType type;
};

}  // namespace tilewalk::tpu
