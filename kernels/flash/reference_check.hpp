// Compares a training step on the TPU model with the dense reference: per output (o, l, m, dq, dk, dv, ds)
// the largest absolute error and the largest error relative to the reference's largest magnitude, against
// a tolerance that suits the dtype and matmul precision. A NaN or an infinity agrees only with the same
// non-finite value at the same place in the reference; finite places are held to the tolerance.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/flash/scenario.hpp"
#include "kernels/flash/training_step.hpp"

namespace tilewalk::flash {

struct OutputError {
  std::string name;
  double max_abs = 0;
  double max_rel = 0;  // max |got − want| / max |want|
  double tolerance = 0;
  int64_t nonfinite = 0;             // NaN or ±Inf values in the kernel's output
  int64_t reference_nonfinite = 0;   // ... in the reference's
  int64_t nonfinite_mismatches = 0;  // places where only one is non-finite, or they are not the same one
  bool pass = false;
};

struct ReferenceComparison {
  std::vector<OutputError> outputs;
  double reference_ms = 0;  // wall time of the reference's forward (and backward), measured here
  bool pass = false;
};

// Under default precision the reference gets the matmul operands (q, k, v, do) rounded to bf16, as the
// MXU rounds them, so what remains is the rounding of intermediates (p, ds) and the order of sums.
// bf16 inputs also store their outputs in bf16; highest float32 is near-exact.
double Tolerance(tpu::DType dtype, tpu::Precision precision);

ReferenceComparison CompareWithReference(const Scenario& scenario, const ScenarioInputs& inputs,
                                         const TrainingStepResult& step);

}  // namespace tilewalk::flash
