#include "kernels/api/reference_check.hpp"

#include <algorithm>
#include <cmath>

namespace tilewalk::kernel {

namespace {

// An output is ill-conditioned only when its terms are at least this many times larger than its values:
// an order of magnitude of cancellation. Below that, the tolerance of its own size stands.
constexpr double kIllConditioned = 10;
constexpr double kFloat32Unit = 0x1p-24;  // float32 unit roundoff

}  // namespace

std::string_view VerdictName(Verdict v) {
  switch (v) {
    case Verdict::Ok:
      return "ok";
    case Verdict::IllConditioned:
      return "ill-conditioned";
    case Verdict::Uncheckable:
      return "cannot check";
    case Verdict::Fail:
      return "fail";
  }
  return "?";
}

double ErrorBudget::Tolerance() const {
  return base + kFloat32Unit * (sum_length + std::abs(sm_scale) * logit_bound);
}

bool ReferenceComparison::Uncheckable() const {
  const auto is = [](Verdict v) { return [v](const OutputError& e) { return e.verdict == v; }; };
  return std::none_of(outputs.begin(), outputs.end(), is(Verdict::Fail)) &&
         std::any_of(outputs.begin(), outputs.end(), is(Verdict::Uncheckable));
}

double OutputError::Condition() const {
  return term_magnitude / std::max(magnitude, 1e-30);
}

Verdict Judge(const OutputError& e) {
  if (e.nonfinite_mismatches > 0) return Verdict::Fail;
  // An error past the tolerance of the output and of its terms fails at any scale.
  if (e.max_abs > e.tolerance * std::max(e.magnitude, e.term_magnitude)) return Verdict::Fail;
  if (e.tolerance >= 1) return Verdict::Uncheckable;
  if (e.max_abs <= e.tolerance * e.magnitude) return Verdict::Ok;
  if (e.Condition() >= kIllConditioned && e.max_abs <= e.tolerance * e.term_magnitude)
    return Verdict::IllConditioned;
  return Verdict::Fail;
}

double Tolerance(tpu::DType dtype, tpu::Precision precision) {
  if (dtype == tpu::DType::BF16) return 3e-2;  // outputs are stored in bf16 too
  return precision == tpu::Precision::Highest ? 2e-4 : 2e-2;
}

}  // namespace tilewalk::kernel
