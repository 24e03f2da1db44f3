// Checks the dense attention reference against plain double-precision loops written here: the forward
// output and residuals on tiny problems, and every gradient against central finite differences of
// sum(o * d_o). The loops are deliberately naive so that they share no code or shortcuts with the Eigen
// version they judge.
#include "kernels/flash/reference.hpp"

#include <doctest/doctest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <stdexcept>
#include <string>
#include <vector>

namespace tilewalk::flash {
namespace {

// A tiny problem that owns its tensors; Problem() lends them to the reference as spans.
struct Fixture {
  int batch = 1, heads = 2, q_len = 6, kv_len = 6, head_dim = 3;
  bool causal = false;
  float sm_scale = 1.0f;
  std::vector<float> q{}, k{}, v{}, ab{}, d_o{};  // {} keeps -Wmissing-field-initializers quiet
  std::vector<int32_t> q_ids{}, kv_ids{};

  ReferenceProblem Problem() const {
    return {.batch = batch,
            .heads = heads,
            .q_len = q_len,
            .kv_len = kv_len,
            .head_dim = head_dim,
            .q = q,
            .k = k,
            .v = v,
            .ab = ab,
            .q_segment_ids = q_ids,
            .kv_segment_ids = kv_ids,
            .causal = causal,
            .sm_scale = sm_scale};
  }
};

// Built from raw mt19937 bits, whose sequence the standard fixes, so the data is the same everywhere.
std::vector<float> RandomValues(std::size_t count, std::mt19937& bits) {
  std::vector<float> values(count);
  for (float& value : values) value = float(bits() >> 8) / float(1 << 24) * 2.0f - 1.0f;
  return values;
}

Fixture MakeFixture(int batch, int heads, int q_len, int kv_len, int head_dim, bool with_bias) {
  std::mt19937 bits(1234u + unsigned(q_len * 31 + kv_len));
  Fixture f{.batch = batch, .heads = heads, .q_len = q_len, .kv_len = kv_len, .head_dim = head_dim};
  const std::size_t slices = std::size_t(batch) * heads;
  f.q = RandomValues(slices * q_len * head_dim, bits);
  f.k = RandomValues(slices * kv_len * head_dim, bits);
  // Larger logits keep the softmax far from uniform, so a wrong mask or scale shows.
  for (float& value : f.q) value *= 1.5f;
  for (float& value : f.k) value *= 1.5f;
  f.v = RandomValues(slices * kv_len * head_dim, bits);
  f.d_o = RandomValues(slices * q_len * head_dim, bits);
  if (with_bias) f.ab = RandomValues(slices * q_len * kv_len, bits);
  return f;
}

// The inputs in double, so that finite differences can nudge one entry without float rounding.
struct DoubleInputs {
  std::vector<double> q, k, v, ab;
};

DoubleInputs ToDouble(const Fixture& f) {
  return {.q = {f.q.begin(), f.q.end()},
          .k = {f.k.begin(), f.k.end()},
          .v = {f.v.begin(), f.v.end()},
          .ab = {f.ab.begin(), f.ab.end()}};
}

struct NaiveForward {
  std::vector<double> o, l, m;
};

NaiveForward NaiveAttention(const Fixture& f, const DoubleInputs& x) {
  const int Q = f.q_len, K = f.kv_len, D = f.head_dim;
  NaiveForward out{.o = std::vector<double>(x.q.size()),
                   .l = std::vector<double>(std::size_t(f.batch) * f.heads * Q),
                   .m = std::vector<double>(std::size_t(f.batch) * f.heads * Q)};
  std::vector<double> logits(K);
  for (int b = 0; b < f.batch; ++b) {
    for (int h = 0; h < f.heads; ++h) {
      const std::size_t slice = std::size_t(b) * f.heads + h;
      for (int i = 0; i < Q; ++i) {
        for (int j = 0; j < K; ++j) {
          double s = 0.0;
          for (int d = 0; d < D; ++d) s += x.q[(slice * Q + i) * D + d] * x.k[(slice * K + j) * D + d];
          if (!x.ab.empty()) s += x.ab[(slice * Q + i) * K + j];
          s *= f.sm_scale;
          bool visible = !f.causal || j <= i;
          if (!f.q_ids.empty()) visible = visible && f.q_ids[b * Q + i] == f.kv_ids[b * K + j];
          if (!visible) s += double(kMaskValue);
          logits[j] = s;
        }
        const double m = *std::max_element(logits.begin(), logits.end());
        double l = 0.0;
        for (double s : logits) l += std::exp(s - m);
        for (int d = 0; d < D; ++d) {
          double o = 0.0;
          for (int j = 0; j < K; ++j) o += std::exp(logits[j] - m) / l * x.v[(slice * K + j) * D + d];
          out.o[(slice * Q + i) * D + d] = o;
        }
        out.m[slice * Q + i] = m;
        out.l[slice * Q + i] = l;
      }
    }
  }
  return out;
}

double NaiveLoss(const Fixture& f, const DoubleInputs& x) {
  const std::vector<double> o = NaiveAttention(f, x).o;
  double loss = 0.0;
  for (std::size_t i = 0; i < o.size(); ++i) loss += o[i] * f.d_o[i];
  return loss;
}

void CheckForwardMatchesNaive(const Fixture& f) {
  const ReferenceForward got = ReferenceAttention(f.Problem());
  const NaiveForward want = NaiveAttention(f, ToDouble(f));
  REQUIRE(got.o.size() == want.o.size());
  REQUIRE(got.l.size() == want.l.size());
  REQUIRE(got.m.size() == want.m.size());
  for (std::size_t i = 0; i < want.o.size(); ++i) CHECK(got.o[i] == doctest::Approx(want.o[i]).epsilon(1e-5));
  for (std::size_t i = 0; i < want.l.size(); ++i) {
    CHECK(got.l[i] == doctest::Approx(want.l[i]).epsilon(1e-5));
    CHECK(got.m[i] == doctest::Approx(want.m[i]).epsilon(1e-5));
  }
}

// Contiguous runs, different per batch, and q's runs differ from kv's so the mask is not symmetric.
void SetSegments(Fixture& f) {
  f.q_ids = {1, 1, 2, 2, 2, 3, /* batch 1 */ 5, 5, 5, 5, 6, 6};
  f.kv_ids = {1, 1, 2, 2, 2, 3, /* batch 1 */ 5, 5, 6, 6, 6, 6};
}

std::string ThrownMessage(const auto& call) {
  try {
    call();
  } catch (const std::invalid_argument& error) {
    return error.what();
  }
  return "";
}

}  // namespace

TEST_CASE("ReferenceAttention matches a naive softmax: plain, non-square") {
  CheckForwardMatchesNaive(MakeFixture(1, 2, 5, 7, 3, /*with_bias=*/false));
}

TEST_CASE("ReferenceAttention matches a naive softmax: causal") {
  Fixture f = MakeFixture(1, 2, 7, 5, 3, false);
  f.causal = true;
  CheckForwardMatchesNaive(f);
}

TEST_CASE("ReferenceAttention matches a naive softmax: bias and sm_scale") {
  Fixture f = MakeFixture(1, 2, 5, 6, 3, /*with_bias=*/true);
  f.sm_scale = 0.35f;
  CheckForwardMatchesNaive(f);
}

TEST_CASE("ReferenceAttention matches a naive softmax: segment ids") {
  Fixture f = MakeFixture(2, 2, 6, 6, 3, false);
  SetSegments(f);
  CheckForwardMatchesNaive(f);
}

TEST_CASE("ReferenceAttention: a fully masked row averages v, because the mask is added, not substituted") {
  Fixture f = MakeFixture(1, 1, 2, 4, 3, false);
  f.q_ids = {7, 9};  // id 9 appears nowhere in kv, so row 1 sees no key
  f.kv_ids = {7, 7, 7, 7};
  const ReferenceForward got = ReferenceAttention(f.Problem());
  for (int d = 0; d < f.head_dim; ++d) {
    double mean = 0.0;
    for (int j = 0; j < f.kv_len; ++j) mean += f.v[j * f.head_dim + d] / f.kv_len;
    CHECK(got.o[f.head_dim + d] == doctest::Approx(mean).epsilon(1e-6));
  }
  // The residuals show the same thing: every logit rounded to the mask value, so all weights are equal.
  CHECK(got.m[1] == doctest::Approx(kMaskValue).epsilon(1e-6));
  CHECK(got.l[1] == doctest::Approx(f.kv_len).epsilon(1e-6));
}

TEST_CASE("ReferenceAttentionBackward matches finite differences: causal, bias, sm_scale 0.5, segments") {
  Fixture f = MakeFixture(2, 2, 6, 6, 3, /*with_bias=*/true);
  f.causal = true;
  f.sm_scale = 0.5f;
  SetSegments(f);
  const ReferenceGradients got = ReferenceAttentionBackward(f.Problem(), f.d_o);
  REQUIRE(got.ds.size() == f.ab.size());

  const DoubleInputs base = ToDouble(f);
  struct Tensor {
    const char* name;
    std::vector<double> DoubleInputs::*input;
    const std::vector<float>* gradient;
  };
  const Tensor tensors[] = {{"q", &DoubleInputs::q, &got.dq},
                            {"k", &DoubleInputs::k, &got.dk},
                            {"v", &DoubleInputs::v, &got.dv},
                            {"ab", &DoubleInputs::ab, &got.ds}};
  constexpr double kStep = 1e-3;
  for (const Tensor& tensor : tensors) {
    REQUIRE(tensor.gradient->size() == (base.*tensor.input).size());
    double largest = 0.0;
    // Every entry: the problem is tiny, and masked entries must come out as zero on both sides.
    for (std::size_t i = 0; i < tensor.gradient->size(); ++i) {
      DoubleInputs plus = base, minus = base;
      (plus.*tensor.input)[i] += kStep;
      (minus.*tensor.input)[i] -= kStep;
      const double numeric = (NaiveLoss(f, plus) - NaiveLoss(f, minus)) / (2.0 * kStep);
      largest = std::max(largest, std::abs(numeric));
      INFO("d", tensor.name, "[", i, "]");
      // Relative 2e-3, with a 2e-5 floor for entries that are zero up to float rounding.
      CHECK((*tensor.gradient)[i] == doctest::Approx(numeric).epsilon(2e-3).scale(0.01));
    }
    INFO("d", tensor.name);
    CHECK(largest > 0.05);  // otherwise the comparison above proves nothing
  }
}

TEST_CASE("ReferenceAttentionBackward leaves ds empty without a bias") {
  const Fixture f = MakeFixture(1, 2, 5, 5, 3, /*with_bias=*/false);
  CHECK(ReferenceAttentionBackward(f.Problem(), f.d_o).ds.empty());
}

TEST_CASE("ReferenceAttention causal: query row 0 sees only key 0, so o row 0 is v row 0") {
  Fixture f = MakeFixture(2, 3, 6, 6, 4, /*with_bias=*/true);
  f.causal = true;
  f.sm_scale = 0.7f;
  const ReferenceForward got = ReferenceAttention(f.Problem());
  for (int slice = 0; slice < f.batch * f.heads; ++slice) {
    for (int d = 0; d < f.head_dim; ++d) {
      const float v = f.v[std::size_t(slice) * f.kv_len * f.head_dim + d];
      CHECK(got.o[std::size_t(slice) * f.q_len * f.head_dim + d] == doctest::Approx(v).epsilon(1e-6));
    }
    CHECK(got.l[std::size_t(slice) * f.q_len] == doctest::Approx(1.0).epsilon(1e-6));
  }
}

TEST_CASE("ReferenceAttention rejects spans whose length does not match the shape") {
  const Fixture f = MakeFixture(2, 2, 6, 6, 3, /*with_bias=*/true);
  ReferenceProblem p = f.Problem();

  SUBCASE("q one value short") {
    p.q = p.q.first(p.q.size() - 1);
    CHECK(ThrownMessage([&] { ReferenceAttention(p); }).find("q holds 71 values") != std::string::npos);
    CHECK(ThrownMessage([&] { ReferenceAttentionBackward(p, f.d_o); }).find("q holds") != std::string::npos);
  }
  SUBCASE("k one value long, seen by the backward pass") {
    std::vector<float> k = f.k;
    k.push_back(0.0f);
    p.k = k;
    CHECK(ThrownMessage([&] { ReferenceAttentionBackward(p, f.d_o); }).find("k holds 73") !=
          std::string::npos);
  }
  SUBCASE("bias six values short") {
    p.ab = p.ab.first(p.ab.size() - 6);
    CHECK(ThrownMessage([&] { ReferenceAttention(p); }).find("ab") != std::string::npos);
  }
  SUBCASE("only the q segment ids set") {
    const std::vector<int32_t> ids(12, 0);
    p.q_segment_ids = ids;
    CHECK(ThrownMessage([&] { ReferenceAttention(p); }).find("both") != std::string::npos);
  }
  SUBCASE("d_o one value long") {
    std::vector<float> d_o = f.d_o;
    d_o.push_back(0.0f);
    CHECK(ThrownMessage([&] { ReferenceAttentionBackward(p, d_o); }).find("d_o") != std::string::npos);
  }
}

}  // namespace tilewalk::flash
