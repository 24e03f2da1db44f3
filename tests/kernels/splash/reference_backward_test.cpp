// The dense splash reference's backward: a case worked by hand, central finite differences of
// sum(out * d_out) for dq, dk, dv and dsinks (grouped heads, segment ids, the soft cap, sinks), MQA's dk
// and dv as sums over the q heads, and the kernels' result for rows that attend nothing.
#include <cmath>

#include "kernels/splash/reference.hpp"
#include "tests/kernels/splash/reference_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::SeededDoubles;

namespace reference_backward_test {

Mask CausalOf(int64_t heads, int64_t len) {
  return MultiHeadMask(std::vector<Mask>(static_cast<std::size_t>(heads), CausalMask({len, len})));
}

double Loss(const Mask& mask, const SplashReferenceProblem& p, const std::vector<double>& d_out) {
  const SplashReferenceForward f = SplashReference(mask, p);
  double loss = 0;
  for (std::size_t n = 0; n < d_out.size(); ++n) loss += f.out[n] * d_out[n];
  return loss;
}

// d loss / d values[n] by central differences, `values` being the array the problem's span `slot` views.
std::vector<double> Numerical(const Mask& mask, SplashReferenceProblem p, std::vector<double> values,
                              std::span<const double> SplashReferenceProblem::*slot,
                              const std::vector<double>& d_out) {
  constexpr double kStep = 1e-6;
  std::vector<double> grad(values.size());
  p.*slot = values;
  for (std::size_t n = 0; n < values.size(); ++n) {
    const double x = values[n];
    values[n] = x + kStep;
    const double up = Loss(mask, p, d_out);
    values[n] = x - kStep;
    const double down = Loss(mask, p, d_out);
    values[n] = x;
    grad[n] = (up - down) / (2 * kStep);
  }
  return grad;
}

void CheckClose(const std::vector<double>& got, const std::vector<double>& want) {
  REQUIRE(got.size() == want.size());
  for (std::size_t n = 0; n < got.size(); ++n)
    CHECK(got[n] == doctest::Approx(want[n]).epsilon(1e-6).scale(1.0));
}

}  // namespace reference_backward_test

using namespace reference_backward_test;

TEST_CASE("splash reference backward: a causal 2x2 worked by hand") {
  // The forward's hand case: row 1 weighs keys 0 and 1 as 1/3 and 2/3; out = (3, 5), d_out = (1, 1).
  const std::vector<double> q{1, 1}, k{0, std::log(2.0)}, v{3, 6}, d_out{1, 1};
  const SplashReferenceProblem p{
      .q_len = 2, .kv_len = 2, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};
  const Mask mask = CausalOf(1, 2);
  const SplashReferenceGradients g = SplashReferenceBackward(mask, p, SplashReference(mask, p), d_out);
  // ds row 1 = ((3 - 5) / 3, (6 - 5) * 2 / 3); row 0's single weight has dp = di.
  CHECK(g.dv[0] == doctest::Approx(4.0 / 3));
  CHECK(g.dv[1] == doctest::Approx(2.0 / 3));
  CHECK(g.dq[0] == doctest::Approx(0.0));
  CHECK(g.dq[1] == doctest::Approx(2.0 / 3 * std::log(2.0)));
  CHECK(g.dk[0] == doctest::Approx(-2.0 / 3));
  CHECK(g.dk[1] == doctest::Approx(2.0 / 3));
  CHECK(g.dsinks.empty());
}

TEST_CASE("splash reference backward: dq, dk, dv and dsinks match central differences") {
  SplashReferenceProblem p{
      .num_q_heads = 4, .num_kv_heads = 2, .q_len = 6, .kv_len = 6, .head_dim = 3, .head_dim_v = 2};
  std::vector<double> q = SeededDoubles(31, 4 * 6 * 3), k = SeededDoubles(32, 2 * 6 * 3),
                      v = SeededDoubles(33, 2 * 6 * 2), d_out = SeededDoubles(34, 4 * 6 * 2);
  const std::vector<int32_t> ids{0, 0, 1, 1, 1, 2};
  std::vector<double> sinks{0.3, -0.7, 1.1, 0.0};
  p.q = q;
  p.k = k;
  p.v = v;
  p.q_segment_ids = ids;
  p.kv_segment_ids = ids;
  const Mask mask = CausalOf(4, 6);

  for (const bool capped : {false, true}) {
    CAPTURE(capped);
    p.attn_logits_soft_cap = capped ? std::optional<double>(1.5) : std::nullopt;
    for (const bool with_sinks : {false, true}) {
      CAPTURE(with_sinks);
      p.sinks = with_sinks ? std::span<const double>(sinks) : std::span<const double>();
      const SplashReferenceGradients g = SplashReferenceBackward(mask, p, SplashReference(mask, p), d_out);
      CheckClose(g.dq, Numerical(mask, p, q, &SplashReferenceProblem::q, d_out));
      CheckClose(g.dk, Numerical(mask, p, k, &SplashReferenceProblem::k, d_out));
      CheckClose(g.dv, Numerical(mask, p, v, &SplashReferenceProblem::v, d_out));
      if (with_sinks) CheckClose(g.dsinks, Numerical(mask, p, sinks, &SplashReferenceProblem::sinks, d_out));
    }
  }
}

TEST_CASE("splash reference backward: MQA's dk and dv sum the q heads, dq is each head's own") {
  SplashReferenceProblem p{
      .num_q_heads = 3, .num_kv_heads = 1, .q_len = 8, .kv_len = 8, .head_dim = 4, .head_dim_v = 2};
  const std::vector<double> q = SeededDoubles(41, 3 * 8 * 4), k = SeededDoubles(42, 8 * 4),
                            v = SeededDoubles(43, 8 * 2), d_out = SeededDoubles(44, 3 * 8 * 2);
  p.q = q;
  p.k = k;
  p.v = v;
  const Mask mask =
      MultiHeadMask({CausalMask({8, 8}), FullMask({8, 8}), LocalMask({8, 8}, LocalWindow{2, 0}, 0)});
  const SplashReferenceGradients all = SplashReferenceBackward(mask, p, SplashReference(mask, p), d_out);

  std::vector<double> dk(8 * 4, 0.0), dv(8 * 2, 0.0);
  for (int64_t h = 0; h < 3; ++h) {
    SplashReferenceProblem one = p;
    one.num_q_heads = 1;
    one.q = std::span<const double>(q).subspan(static_cast<std::size_t>(h * 32), 32);
    const std::span<const double> d_one =
        std::span<const double>(d_out).subspan(static_cast<std::size_t>(h * 16), 16);
    const Mask head = MultiHeadMask({mask.masks()[h]});
    const SplashReferenceGradients g = SplashReferenceBackward(head, one, SplashReference(head, one), d_one);
    for (std::size_t n = 0; n < dk.size(); ++n) dk[n] += g.dk[n];
    for (std::size_t n = 0; n < dv.size(); ++n) dv[n] += g.dv[n];
    for (int64_t n = 0; n < 32; ++n) CHECK(all.dq[h * 32 + n] == doctest::Approx(g.dq[n]).epsilon(1e-13));
  }
  for (std::size_t n = 0; n < dk.size(); ++n) CHECK(all.dk[n] == doctest::Approx(dk[n]).epsilon(1e-12));
  for (std::size_t n = 0; n < dv.size(); ++n) CHECK(all.dv[n] == doctest::Approx(dv[n]).epsilon(1e-12));
}

TEST_CASE("splash reference backward: rows that attend nothing give the kernels' p = 1 per pair run") {
  // No pair attends. out = mean(v) = 2 for both rows, logsumexp = mask_value, so every pair run has p = 1:
  // di = (2, 4), ds = ((1 - 2, 3 - 2), (2 - 4, 6 - 4)) = ((-1, 1), (-2, 2)).
  const std::vector<double> q{7, 11}, k{2, 5}, v{1, 3}, d_out{1, 2};
  SplashReferenceProblem p{.q_len = 2, .kv_len = 2, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};
  const Mask mask = testing::FromRows({{0, 0}, {0, 0}});
  const Mask heads = MultiHeadMask({mask});
  SplashReferenceGradients g = SplashReferenceBackward(heads, p, SplashReference(heads, p), d_out);
  CHECK(g.dv[0] == doctest::Approx(3.0));
  CHECK(g.dv[1] == doctest::Approx(3.0));
  CHECK(g.dq[0] == doctest::Approx(-1 * 2 + 1 * 5));
  CHECK(g.dq[1] == doctest::Approx(-2 * 2 + 2 * 5));
  CHECK(g.dk[0] == doctest::Approx(-1 * 7 - 2 * 11));
  CHECK(g.dk[1] == doctest::Approx(1 * 7 + 2 * 11));

  // When the backward launches skip the empty blocks, the rows give nothing, and no NaN of the forward's
  // leaks into dq, dk or dv.
  p.blocks = {.fwd = {1, 1}, .dq = {1, 1}, .dkv = {1, 2}};
  const SplashReferenceForward f = SplashReference(heads, p);
  CHECK(std::isnan(f.out[0]));
  g = SplashReferenceBackward(heads, p, f, d_out);
  for (const auto* grads : {&g.dq, &g.dk, &g.dv})
    for (double x : *grads) CHECK(x == 0.0);
}
