// The verdict on one output of a kernel compared with its dense reference: the largest absolute error,
// judged against a tolerance that grows with the dtype and matmul precision, the length of the sums and
// the softmax scale times the size of the logits (ErrorBudget). A NaN or an infinity agrees only with the
// same non-finite value at the same place in the reference. Each kernel computes its reference and its
// errors (kernels/flash/reference_check.hpp); the budget, the verdicts and Judge are shared.
//
// An output much smaller than the terms it sums (cancellation) is ill-conditioned: rounding alone moves
// it by more than the tolerance of its own size. Its error is then judged against its terms, and reported
// as such.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "kernels/tpu/dtype.hpp"
#include "kernels/tpu/op_context.hpp"

namespace tilewalk::kernel {

enum class Verdict : uint8_t {
  Ok,              // error within tolerance of the output's largest magnitude
  IllConditioned,  // not within that, but within tolerance of its term magnitude, which is far larger
  Uncheckable,     // a tolerance of 1 or more: an error as large as the output would pass, so no verdict
  Fail,
};
std::string_view VerdictName(Verdict v);  // "ok", "ill-conditioned", "cannot check", "fail"

// The relative error an output may have:
//   tolerance = base(dtype, precision) + 2^-24 · (sum_length + |sm_scale| · logit_bound)
// base is the rounding the MXU and the stored dtype bring (Tolerance below); 2^-24 · sum_length is the
// float32 rounding a sum of that many terms may gather (the length of the sequence the output sums over;
// none for a max); 2^-24 · |sm_scale| · logit_bound is one float32 rounding of the largest logit, which
// exp turns into a relative error of p. logit_bound bounds every unscaled logit (for attention:
// max|q_i|·max|k_j|, norms over head_dim, + max|ab|).
struct ErrorBudget {
  double base = 0;
  double sum_length = 0;
  double sm_scale = 1;
  double logit_bound = 0;
  double Tolerance() const;
};

struct OutputError {
  std::string name;
  double max_abs = 0;
  double max_rel = 0;    // max |got − want| / magnitude
  double magnitude = 0;  // max |want| (places that must agree exactly, such as a masked row's max, left out)
  double term_magnitude = 0;  // the largest sum of |terms| behind one value
  double tolerance = 0;
  ErrorBudget budget;
  int64_t nonfinite = 0;             // NaN or ±Inf values in the kernel's output
  int64_t reference_nonfinite = 0;   // ... in the reference's
  int64_t nonfinite_mismatches = 0;  // places where only one is non-finite, or they are not the same one
  Verdict verdict = Verdict::Fail;
  bool pass = false;         // verdict is Ok or IllConditioned
  double Condition() const;  // term_magnitude / magnitude: how much the value cancels
};

struct ReferenceComparison {
  std::vector<OutputError> outputs;
  int64_t masked_rows = 0;   // query rows (over batch and heads) with no key to attend to
  double reference_ms = 0;   // wall time of the reference's forward (and backward), measured here
  bool pass = false;         // every output Ok or IllConditioned
  bool Uncheckable() const;  // no output failed, and one could not be checked at this scale
};

// The base of the budget: under default precision the reference gets the matmul operands rounded to bf16,
// as the MXU rounds them, so what remains is the rounding of intermediates and the order of sums. bf16
// inputs also store their outputs in bf16; highest float32 is near-exact.
double Tolerance(tpu::DType dtype, tpu::Precision precision);

// Judges one output: Ok, IllConditioned, Uncheckable or Fail, from its errors, magnitudes and tolerance.
// A NaN or Inf where the reference has none, or an error past the tolerance of both the output and its
// terms, fails at any tolerance; otherwise a tolerance of 1 or more (a huge sm_scale, or sums of millions
// of terms) could not tell a right output from one wrong by its own size, so it gives no verdict.
Verdict Judge(const OutputError& e);

}  // namespace tilewalk::kernel
