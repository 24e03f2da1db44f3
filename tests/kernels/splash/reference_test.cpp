// The dense splash reference's forward: a case worked by hand, agreement with a brute-force softmax in long
// double (grouped heads, segment ids, the soft cap, sinks), MQA as one head at a time, and what rows that
// attend nothing give.
#include "kernels/splash/reference.hpp"

#include <cmath>

#include "tests/kernels/splash/reference_test_support.hpp"
#include "tests/kernels/splash/splash_test_support.hpp"

using namespace tilewalk::splash;
using tilewalk::splash::testing::BruteForceAttention;
using tilewalk::splash::testing::FromRows;
using tilewalk::splash::testing::SeededDoubles;

namespace reference_test {

struct Inputs {
  std::vector<double> q, k, v;
  std::vector<int32_t> q_ids, kv_ids;
  std::vector<double> sinks;
};

// Random q, k, v for the problem's shapes; the problem's spans point into `in`.
void Fill(SplashReferenceProblem& p, Inputs& in, uint64_t seed) {
  in.q = SeededDoubles(seed, p.num_q_heads * p.q_len * p.head_dim);
  in.k = SeededDoubles(seed + 1, p.num_kv_heads * p.kv_len * p.head_dim);
  in.v = SeededDoubles(seed + 2, p.num_kv_heads * p.kv_len * p.head_dim_v);
  p.q = in.q;
  p.k = in.k;
  p.v = in.v;
}

Mask CausalHeads(int64_t heads, int64_t q_len, int64_t kv_len) {
  return MultiHeadMask(std::vector<Mask>(static_cast<std::size_t>(heads), CausalMask({q_len, kv_len})));
}

void CheckAgainstBruteForce(const Mask& mask, const SplashReferenceProblem& p) {
  const SplashReferenceForward f = SplashReference(mask, p);
  const auto want = BruteForceAttention(mask, p);
  for (std::size_t n = 0; n < f.out.size(); ++n)
    CHECK(f.out[n] == doctest::Approx(static_cast<double>(want.out[n])).epsilon(1e-12));
  for (std::size_t r = 0; r < f.logsumexp.size(); ++r) {
    REQUIRE(want.attends[r]);  // these problems leave no row without a pair
    CHECK(f.logsumexp[r] == doctest::Approx(static_cast<double>(want.logsumexp[r])).epsilon(1e-12));
    CHECK(f.masked[r] == 0);
  }
}

}  // namespace reference_test

using namespace reference_test;

TEST_CASE("splash reference: a causal 2x2 worked by hand") {
  // q = (1, 1), k = (0, ln 2), head dim 1: row 0 sees key 0 alone; row 1 weighs the keys 1 : 2.
  const std::vector<double> q{1, 1}, k{0, std::log(2.0)}, v{3, 6};
  const SplashReferenceProblem p{
      .q_len = 2, .kv_len = 2, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};
  const SplashReferenceForward f = SplashReference(CausalHeads(1, 2, 2), p);
  CHECK(f.out[0] == doctest::Approx(3.0).epsilon(1e-15));
  CHECK(f.out[1] == doctest::Approx((3.0 + 2 * 6.0) / 3).epsilon(1e-15));
  CHECK(f.logsumexp[0] == doctest::Approx(0.0));
  CHECK(f.logsumexp[1] == doctest::Approx(std::log(3.0)).epsilon(1e-15));
}

TEST_CASE("splash reference: the scale is the caller's, q is used as given") {
  // Doubling q doubles every logit: row 1's weights become 1 : 4.
  const std::vector<double> q{2, 2}, k{0, std::log(2.0)}, v{3, 6};
  const SplashReferenceProblem p{
      .q_len = 2, .kv_len = 2, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};
  CHECK(SplashReference(CausalHeads(1, 2, 2), p).out[1] ==
        doctest::Approx((3.0 + 4 * 6.0) / 5).epsilon(1e-15));
}

TEST_CASE("splash reference: grouped heads with segment ids agree with the brute force") {
  SplashReferenceProblem p{
      .num_q_heads = 4, .num_kv_heads = 2, .q_len = 16, .kv_len = 16, .head_dim = 8, .head_dim_v = 4};
  Inputs in;
  Fill(p, in, 11);
  in.q_ids = {0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2};
  in.kv_ids = in.q_ids;
  p.q_segment_ids = in.q_ids;
  p.kv_segment_ids = in.kv_ids;
  // Each head its own mask: two causal, one local window, one full.
  const Mask mask = MultiHeadMask({CausalMask({16, 16}), LocalMask({16, 16}, LocalWindow{2, 1}, 0),
                                   CausalMask({16, 16}), FullMask({16, 16})});
  CheckAgainstBruteForce(mask, p);
  // The launches' blocks change nothing for rows with a pair.
  p.blocks.fwd = {.block_q = 4, .block_kv = 8};
  CheckAgainstBruteForce(mask, p);
}

TEST_CASE("splash reference: the soft cap and sinks agree with the brute force") {
  SplashReferenceProblem p{
      .num_q_heads = 2, .num_kv_heads = 1, .q_len = 8, .kv_len = 12, .head_dim = 4, .head_dim_v = 4};
  Inputs in;
  Fill(p, in, 23);
  for (double& x : in.q) x *= 3;  // logits well past the cap
  in.sinks = {0.5, -1.25};
  p.sinks = in.sinks;
  p.attn_logits_soft_cap = 2.0;
  CheckAgainstBruteForce(CausalHeads(2, 8, 12), p);
  // The cap bounds every logit, so logsumexp <= cap + log(pairs + 1).
  const auto f = SplashReference(CausalHeads(2, 8, 12), p);
  for (double lse : f.logsumexp) CHECK(lse <= 2.0 + std::log(13.0));
}

TEST_CASE("splash reference: MQA is each q head alone against the one kv head") {
  SplashReferenceProblem p{
      .num_q_heads = 3, .num_kv_heads = 1, .q_len = 8, .kv_len = 8, .head_dim = 4, .head_dim_v = 2};
  Inputs in;
  Fill(p, in, 5);
  const Mask mask =
      MultiHeadMask({CausalMask({8, 8}), FullMask({8, 8}), LocalMask({8, 8}, LocalWindow{1, 1}, 0)});
  const SplashReferenceForward all = SplashReference(mask, p);
  for (int64_t h = 0; h < 3; ++h) {
    SplashReferenceProblem one = p;
    one.num_q_heads = 1;
    one.q = std::span<const double>(in.q).subspan(static_cast<std::size_t>(h * 8 * 4), 8 * 4);
    const SplashReferenceForward f = SplashReference(MultiHeadMask({mask.masks()[h]}), one);
    for (int64_t n = 0; n < 8 * 2; ++n) CHECK(all.out[h * 16 + n] == f.out[n]);
  }
}

TEST_CASE("splash reference: a row that attends nothing averages v over the pairs its launch runs") {
  // Row 1 attends nothing; rows 0, 2 and 3 attend key 0.
  const Mask mask = MultiHeadMask({FromRows({{1, 0, 0, 0}, {0, 0, 0, 0}, {1, 0, 0, 0}, {1, 0, 0, 0}})});
  const std::vector<double> q{1, 2, 3, 4}, k{1, 1, 1, 1}, v{1, 2, 4, 8};
  SplashReferenceProblem p{.q_len = 4, .kv_len = 4, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};

  // Every pair runs (the original's dense reference): the mean of all of v, logsumexp the mask value.
  SplashReferenceForward f = SplashReference(mask, p);
  CHECK(f.masked[1] == 1);
  CHECK(f.masked[0] == 0);
  CHECK(f.out[1] == doctest::Approx(15.0 / 4).epsilon(1e-15));
  CHECK(f.logsumexp[1] == kDefaultMaskValue);  // mask_value + log 4 rounds back to mask_value
  CHECK(f.out[0] == 1.0);

  // Blocks of 2 x 2: rows 0-1 run the block of keys 0-1 (row 0 attends key 0), not keys 2-3.
  p.blocks.fwd = {.block_q = 2, .block_kv = 2};
  f = SplashReference(mask, p);
  CHECK(f.out[1] == doctest::Approx(1.5).epsilon(1e-15));
  CHECK(f.logsumexp[1] == kDefaultMaskValue);

  // Blocks of 1 x 4: row 1's only block is empty and skipped: 0 / 0.
  p.blocks.fwd = {.block_q = 1, .block_kv = 4};
  f = SplashReference(mask, p);
  CHECK(std::isnan(f.out[1]));
  CHECK(f.logsumexp[1] == -INFINITY);
  CHECK(f.out[2] == 1.0);

  // With a sink the row's weights vanish beside it: 0 out, logsumexp the sink, whatever ran.
  const std::vector<double> sinks{0.25};
  p.sinks = sinks;
  for (const SplashLaunchBlocks blocks : {SplashLaunchBlocks{}, SplashLaunchBlocks{1, 4}}) {
    p.blocks.fwd = blocks;
    f = SplashReference(mask, p);
    CHECK(f.out[1] == 0.0);
    CHECK(f.logsumexp[1] == 0.25);
  }
}

TEST_CASE("splash reference: segment ids alone can empty a row, and the blocks still run") {
  // A full mask runs every block; the ids leave row 0 no key.
  const std::vector<double> q{1, 1}, k{1, 2}, v{2, 6};
  const std::vector<int32_t> q_ids{7, 1}, kv_ids{1, 1};
  SplashReferenceProblem p{.q_len = 2,
                           .kv_len = 2,
                           .head_dim = 1,
                           .head_dim_v = 1,
                           .q = q,
                           .k = k,
                           .v = v,
                           .q_segment_ids = q_ids,
                           .kv_segment_ids = kv_ids};
  p.blocks.fwd = {.block_q = 1, .block_kv = 1};
  const SplashReferenceForward f = SplashReference(MultiHeadMask({FullMask({2, 2})}), p);
  CHECK(f.masked[0] == 1);
  CHECK(f.out[0] == doctest::Approx(4.0));
}

TEST_CASE("splash reference: a problem whose spans or mask do not fit is refused") {
  const std::vector<double> q{1, 1}, k{1, 2}, v{2, 6};
  SplashReferenceProblem p{.q_len = 2, .kv_len = 2, .head_dim = 1, .head_dim_v = 1, .q = q, .k = k, .v = v};
  CHECK_THROWS_AS(SplashReference(MultiHeadMask({FullMask({2, 4})}), p), std::invalid_argument);
  CHECK_THROWS_AS(SplashReference(FullMask({2, 2}), p), std::invalid_argument);
  p.num_q_heads = 3;
  p.num_kv_heads = 2;
  CHECK_THROWS_AS(SplashReference(MultiHeadMask({FullMask({2, 2})}), p), std::invalid_argument);
}
