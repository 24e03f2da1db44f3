// A load of a float32 block that VMEM reads in place from an HBM input copies nothing: the value views the
// input. It still behaves as a value: a later write to the input's VMEM slot changes neither the value nor
// the HBM input (a skipped copy then leaves the written slot in place, as VMEM would), and an observer, which
// may keep values past the launch, gets ones that hold their elements.
#include <doctest/doctest.h>

#include <vector>

#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

TEST_CASE("a value views its elements until a copy that owns them is asked for") {
  std::vector<float> elements{1, 2, 3, 4, 5, 6};
  const Value view = Value::View(elements.data(), 2, 3);
  CHECK(view.viewing());
  CHECK(view(1, 2) == 6.0f);
  const Value owning = view.Owning();
  CHECK_FALSE(owning.viewing());
  elements[5] = -6.0f;
  CHECK(view(1, 2) == -6.0f);
  CHECK(owning(1, 2) == 6.0f);
  CHECK_FALSE(jnp::exp(view).viewing());
}

TEST_CASE("a load from a block read in place views the input, and a store into the slot leaves it alone") {
  // Whole-K blocks of a (128 × 256) are one run of a; b's (256 × 128) blocks of a 256-wide b are strided.
  ToyMatmul t(256, 256, 256, 128, 128, 256);
  LaunchSpec spec = t.Spec();
  std::vector<bool> a_views, b_views;
  std::vector<float> a_first;
  spec.body = [&](Kernel& k) {
    Ref* a_ref = k.input(0);
    const Value x = a_ref->load("load_a", at({}));
    const Value y = k.input(1)->load("load_b", at({}));
    if (x.traced()) return;  // the launch is being traced: nothing is read yet
    a_views.push_back(x.viewing());
    a_first.push_back(x(0, 0));
    b_views.push_back(y.viewing());
    const float before = x(0, 0);
    a_ref->store("overwrite_a", at({}), k.stmt("zeros", [&] { return jnp::zeros(128, 256); }));
    CHECK(x(0, 0) == before);
    CHECK(a_ref->load("reload_a", at({}))(0, 0) == 0.0f);
  };
  LaunchOptions options;
  options.threads = 1;
  std::vector<bool> observed_views;
  options.observer = [&](std::size_t, SiteId, const Value& v) { observed_views.push_back(v.viewing()); };
  const LaunchResult r = RunLaunch(spec, options);
  REQUIRE_FALSE(r.error);
  // Grid (2, 2, 1): a's block changes at steps 0 and 2 only. At steps 1 and 3 its copy is skipped, so the
  // slot still holds the zeros stored the step before, and the load copies them.
  CHECK(a_views == std::vector<bool>{true, false, true, false});
  CHECK(a_first == std::vector<float>{t.a.GetFloat(0), 0.0f, t.a.GetFloat(128 * 256), 0.0f});
  CHECK(b_views == std::vector<bool>(4, false));
  for (const bool v : observed_views) CHECK_FALSE(v);
  ToyMatmul fresh(256, 256, 256, 128, 128, 256);
  CHECK(t.a.BitwiseEqual(fresh.a));
}
