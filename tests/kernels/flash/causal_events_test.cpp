// Event counts of causal launches against expectations derived here by walking the grid the way the
// pipeline does: a copy is issued exactly when a step's block index differs from the previous step's.
#include "tests/kernels/flash/flash_test_support.hpp"

using namespace tilewalk::flash;
using tilewalk::flash::testing::RunAndCompare;

namespace {

struct Walk {
  int run = 0, skipped = 0, k_copies = 0, k_copies_naive = 0;
};

// Forward grid (q, kv) with kv innermost, nq × nk blocks of bq and bk.
Walk DeriveForward(int nq, int nk, int bq, int bk) {
  Walk w;
  int prev = -1, prev_naive = -1;
  for (int q = 0; q < nq; ++q)
    for (int kv = 0; kv < nk; ++kv) {
      const bool on_or_below = (q + 1) * bq - 1 > kv * bk;
      (on_or_below ? w.run : w.skipped) += 1;
      const int block = on_or_below ? kv : 0;
      w.k_copies += block != prev;
      w.k_copies_naive += kv != prev_naive;
      prev = block;
      prev_naive = kv;
    }
  return w;
}

const tilewalk::tpu::OperandTraffic& Copies(const LaunchOutcome& launch, const std::string& name) {
  for (const auto& t : launch.result.stats.copies)
    if (t.name == name) return t;
  FAIL("no operand " << name);
  return launch.result.stats.copies.front();
}

}  // namespace

TEST_CASE("a 4 × 4 causal forward grid: 10 steps run, 6 skipped, 9 copies of k (16 with naive maps)") {
  const Walk w = DeriveForward(4, 4, 128, 128);
  // By hand: row r runs kv blocks 0..r, 1+2+3+4 = 10; k's block sequence is
  // 0000 0100 0120 0123, which changes 8 times after the first copy: 9 copies.
  CHECK(w.run == 10);
  CHECK(w.skipped == 6);
  CHECK(w.k_copies == 9);
  CHECK(w.k_copies_naive == 16);

  Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  s.forward_only = true;
  auto real = RunAndCompare(s, /*record=*/true);
  REQUIRE_FALSE(real.step.error);
  const auto& fwd = real.step.launches.at(0);
  CHECK(fwd.result.stats.steps_run == w.run);
  CHECK(fwd.result.stats.steps_skipped == w.skipped);
  CHECK(Copies(fwd, "k").issued == static_cast<uint32_t>(w.k_copies));
  CHECK(Copies(fwd, "k").skipped == static_cast<uint32_t>(16 - w.k_copies));
  CHECK(Copies(fwd, "v").issued == static_cast<uint32_t>(w.k_copies));

  s.naive_index_maps = true;
  auto naive = RunAndCompare(s);
  REQUIRE_FALSE(naive.step.error);
  CHECK(Copies(naive.step.launches.at(0), "k").issued == static_cast<uint32_t>(w.k_copies_naive));
  CHECK(naive.step.launches.at(0).result.stats.steps_skipped == w.skipped);  // same arithmetic skipped
}

TEST_CASE("uneven causal blocks: block_q 128 against block_k_major 256") {
  const Walk w = DeriveForward(4, 2, 128, 256);
  Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  s.forward_only = true;
  s.block_sizes.block_k_major = 256;
  auto run = RunAndCompare(s);
  REQUIRE_FALSE(run.step.error);
  const auto& fwd = run.step.launches.at(0);
  CHECK(fwd.result.stats.steps_run == w.run);
  CHECK(fwd.result.stats.steps_skipped == w.skipped);
  CHECK(Copies(fwd, "k").issued == static_cast<uint32_t>(w.k_copies));
}

TEST_CASE("the backward grids: dK/dV redirects q, dQ redirects kv, and both skip the same blocks") {
  Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  auto run = RunAndCompare(s);
  REQUIRE_FALSE(run.step.error);
  REQUIRE(run.step.launches.size() == 3);
  const auto& dkv = run.step.launches[1];
  const auto& dq = run.step.launches[2];
  CHECK(dkv.result.stats.steps_skipped == 6);
  CHECK(dq.result.stats.steps_skipped == 6);
  // dK/dV walks q innermost for each kv block c: q blocks below c are skipped and redirected to block 0.
  // Per kv block c the q sequence is 0…0 c c+1 … 3; summed over c the q copies come to 4 + 4 + 3 + 2 = 13.
  int expected_q_copies = 0, prev = -1;
  for (int kv = 0; kv < 4; ++kv)
    for (int q = 0; q < 4; ++q) {
      const int block = (q + 1) * 128 - 1 > kv * 128 ? q : 0;
      expected_q_copies += block != prev;
      prev = block;
    }
  CHECK(expected_q_copies == 13);
  CHECK(Copies(dkv, "q").issued == static_cast<uint32_t>(expected_q_copies));
  // l and m are not redirected in dK/dV: they are copied at every step where the q index changes.
  CHECK(Copies(dkv, "l").issued == 16);
  // dQ walks kv innermost, like the forward pass: the same 9 copies of k.
  CHECK(Copies(dq, "k").issued == 9);
}
