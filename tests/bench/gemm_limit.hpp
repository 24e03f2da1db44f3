// The host's GEMM limit for the kernel's own matmul shapes: one core multiplying a (block_q × d) tile by a
// (block_k × d)ᵀ tile in float32 with Eigen, as the TPU model's dot_general does, operands in cache. The
// simulated step is measured against it: its flops per second, per core used, as a fraction of this.
#pragma once

namespace tilewalk::bench {

struct GemmShape {
  int block_q = 128;
  int head_dim = 128;
  int block_k = 128;
  double Flops() const { return 2.0 * block_q * head_dim * block_k; }
};

// Runs the product repeatedly for about `seconds` on the calling thread; returns GFLOP/s.
double MeasureGemmGflops(const GemmShape& shape, double seconds);

}  // namespace tilewalk::bench
