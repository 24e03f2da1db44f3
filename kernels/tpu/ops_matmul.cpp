#include <string>

#include "kernels/tpu/cost_model.hpp"
#include "kernels/tpu/ops.hpp"

namespace tilewalk::tpu::jnp {

namespace {

// The MXU's view of an operand: under Precision::Default, float32 is rounded to bfloat16 on the way in.
Value RoundOperandForMxu(const Value& v) {
  if (CurrentOpContext().precision == Precision::Default && v.dtype() == DType::F32)
    return Value::Build(v.rows(), v.cols(), DType::BF16, [&](Matrix& out) { out = v.data(); });
  return v;
}

enum class Layout : uint8_t { AsIs, Transposed };

// a_rows × k times k × n, where `a` and `b` hold the operands as stored and the layouts say how to read
// them. The shape check and the counts use the logical shapes.
Value MatMul(const Value& a, Layout la, const Value& b, Layout lb, const char* name) {
  const int m = la == Layout::AsIs ? a.rows() : a.cols();
  const int k_a = la == Layout::AsIs ? a.cols() : a.rows();
  const int k_b = lb == Layout::AsIs ? b.rows() : b.cols();
  const int n = lb == Layout::AsIs ? b.cols() : b.rows();
  if (k_a != k_b) {
    const std::string a_shape = "(" + std::to_string(m) + ", " + std::to_string(k_a) + ")";
    throw ShapeError(std::string(name) + " requires contracting dimensions to have the same shape, got " +
                     a_shape + " and " + b.ShapeString());
  }
  if (a.traced() || b.traced()) return Value::ShapeOnly(m, n, DType::F32);
  OpContext& ctx = CurrentOpContext();
  const uint64_t flops = 2ull * static_cast<uint64_t>(m) * n * k_a;
  // An estimate: exact float32 on a bf16 MXU is commonly done as six bf16 passes.
  const bool six_pass =
      ctx.precision == Precision::Highest && (a.dtype() == DType::F32 || b.dtype() == DType::F32);
  const uint64_t occupied = MxuOccupiedFlops(m, k_a, n, ctx.mxu_dim);
  ctx.counts.flops += flops;
  ctx.counts.mxu_flops += six_pass ? 6 * occupied : occupied;
  ctx.counts.matmuls += 1;
  const Value ra = RoundOperandForMxu(a);
  const Value rb = RoundOperandForMxu(b);
  return Value::Build(m, n, DType::F32, [&](Matrix& out) {
    const auto x = ra.data().matrix();
    const auto y = rb.data().matrix();
    if (la == Layout::AsIs && lb == Layout::AsIs)
      out.matrix().noalias() = x * y;
    else if (la == Layout::AsIs)
      out.matrix().noalias() = x * y.transpose();
    else
      out.matrix().noalias() = x.transpose() * y;
  });
}

}  // namespace

Value dot(const Value& a, const Value& b) {
  return MatMul(a, Layout::AsIs, b, Layout::AsIs, "dot");
}
Value dot(const Transposed& a, const Value& b) {
  return MatMul(a.value, Layout::Transposed, b, Layout::AsIs, "dot");
}
Value dot_general_trans_b(const Value& a, const Value& b) {
  return MatMul(a, Layout::AsIs, b, Layout::Transposed, "dot_general");
}

}  // namespace tilewalk::tpu::jnp
