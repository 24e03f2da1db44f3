// The runner adopts the stores of worker threads lazily (pending_stores.hpp): an Assign drops the earlier
// pending stores it covers, accumulating stores stay in order, and whatever reads the runner's state gets
// the serial run's bytes, whether it reads at every step, now and then in the middle of a slice, or only
// at the end.
#include <doctest/doctest.h>

#include <cstring>
#include <functional>
#include <vector>

#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

namespace {

RefRegion Region(int row0, int rows, int col0, int cols) {
  return RefRegion{.lead = {}, .row0 = row0, .rows = rows, .col0 = col0, .cols = cols};
}

LoggedStore Store(const RefRegion& r, Ref::StoreMode mode, float value) {
  return LoggedStore{.region = r, .mode = mode, .value = jnp::full(r.rows, r.cols, value)};
}

// Writes `stores` into `buffer` at once, as a serial run does, and through PendingStores.
void CheckSameAsDirect(const std::vector<LoggedStore>& stores, std::size_t expect_kept, DType dtype) {
  Array direct(Shape{16, 256}, dtype), lazy(Shape{16, 256}, dtype);
  direct.Fill(0.25f);
  lazy.Fill(0.25f);
  PendingStores pending;
  for (const LoggedStore& s : stores) {
    WriteRegion(direct, s.region, s.value, s.mode);
    pending.Add(lazy, s);
  }
  CHECK(pending.count() == expect_kept);
  pending.Apply(lazy);
  CHECK(pending.empty());
  CHECK(pending.bytes() == 0);
  CHECK(direct.BitwiseEqual(lazy));
}

}  // namespace

TEST_CASE("an Assign drops the pending stores it covers and keeps the rest in order") {
  ScopedOpContext context(Precision::Highest);
  using M = Ref::StoreMode;
  for (DType dtype : {DType::F32, DType::BF16}) {
    CAPTURE(static_cast<int>(dtype));
    // The full Assign at the end covers everything before it.
    CheckSameAsDirect(
        {Store(Region(0, 16, 0, 256), M::Assign, 1.0f), Store(Region(0, 8, 0, 128), M::Add, 0.3f),
         Store(Region(4, 8, 64, 64), M::Multiply, 1.7f), Store(Region(0, 16, 0, 256), M::Assign, 2.0f)},
        1, dtype);
    // A partial Assign drops only what it covers: the Add over all rows and the Multiply poking out stay.
    CheckSameAsDirect(
        {Store(Region(0, 16, 0, 256), M::Add, 0.3f), Store(Region(2, 4, 0, 128), M::Assign, 5.0f),
         Store(Region(6, 4, 120, 16), M::Multiply, 1.3f), Store(Region(0, 8, 0, 128), M::Assign, 0.7f),
         Store(Region(0, 8, 0, 128), M::Add, 0.1f)},
        4, dtype);
    // Accumulating stores never drop each other, however they overlap.
    CheckSameAsDirect({Store(Region(0, 16, 0, 256), M::Add, 0.3f), Store(Region(0, 16, 0, 256), M::Add, 0.3f),
                       Store(Region(0, 16, 0, 256), M::Multiply, 1.1f)},
                      3, dtype);
  }
}

TEST_CASE("pending stores of one buffer are applied without touching another's") {
  ScopedOpContext context(Precision::Highest);
  Array a(Shape{8, 128}, DType::F32), b(Shape{8, 128}, DType::F32);
  a.Fill(0.0f);
  b.Fill(0.0f);
  PendingStores pending;
  pending.Add(a, Store(Region(0, 8, 0, 128), Ref::StoreMode::Assign, 1.0f));
  pending.Add(b, Store(Region(0, 8, 0, 128), Ref::StoreMode::Assign, 2.0f));
  pending.Apply(a);
  CHECK(a.GetFloat(0) == 1.0f);
  CHECK(b.GetFloat(0) == 0.0f);
  CHECK(pending.count() == 1);
  pending.ApplyAll();
  CHECK(b.GetFloat(0) == 2.0f);
}

TEST_CASE("the values pending stay within the budget: past it, everything is written out") {
  ScopedOpContext context(Precision::Highest);
  Array direct(Shape{128, 256}, DType::F32), lazy(Shape{128, 256}, DType::F32);
  direct.Fill(1.0f);
  lazy.Fill(1.0f);
  PendingStores pending;
  bool applied_early = false;
  for (int i = 0; i < 200; ++i) {  // 200 accumulations of 128 KiB each: 25 MiB in all
    const LoggedStore s = Store(Region(0, 128, 0, 256), Ref::StoreMode::Add, 0.001f * static_cast<float>(i));
    WriteRegion(direct, s.region, s.value, s.mode);
    const std::size_t before = pending.count();
    pending.Add(lazy, s);
    applied_early |= pending.count() < before;
    CHECK(pending.bytes() <= PendingStores::kBudgetBytes);
  }
  CHECK(applied_early);
  pending.ApplyAll();
  CHECK(direct.BitwiseEqual(lazy));
}

namespace {

// A toy matmul whose body stores partial, overlapping regions of its accumulator and of its output block,
// assigns some and accumulates into others, so that a runner adopting lazily drops some stores and must
// keep the order of the rest.
LaunchSpec OverlappingStores(ToyMatmul& t) {
  LaunchSpec spec = t.Spec();
  const int64_t nk = spec.grid[2];
  spec.body = [nk](Kernel& k) {
    using namespace jnp;
    Ref* acc = k.scratch(0);
    Ref* c = k.output(0);
    const float id = static_cast<float>(k.program_id(0) * 7 + k.program_id(1) * 3 + k.program_id(2));
    k.when(k.program_id(2) == 0, "ovl.init", [&] {
      acc->store("ovl.init.zero", at({}), k.stmt("ovl.init.zeros", [&] { return zeros(128, 128); }));
    });
    const Value x = k.input(0)->load("ovl.load_a", at({}));
    const Value y = k.input(1)->load("ovl.load_b", at({}));
    acc->store_add("ovl.accumulate", at({}), k.stmt("ovl.dot", [&] { return dot(x, y); }));
    const Value top = acc->load("ovl.load_top", at({}, ds(0, 64)));
    acc->store("ovl.halve_top", at({}, ds(0, 64)), k.stmt("ovl.halve", [&] { return top * 0.5f; }));
    acc->store_mul("ovl.scale_band", at({}, ds(32, 64), ds(64, 64)),
                   k.stmt("ovl.band", [&] { return full(64, 64, 1.5f + 0.125f * id); }));
    acc->store("ovl.corner", at({}, ds(0, 32), ds(0, 32)),
               k.stmt("ovl.corner_value", [&] { return full(32, 32, id); }));
    acc->store("ovl.cover_corner", at({}, ds(0, 16), ds(0, 64)),
               k.stmt("ovl.cover_value", [&] { return full(16, 64, -id); }));
    k.when(k.program_id(2) == nk - 1, "ovl.finish", [&] {
      c->store("ovl.store_c", at({}), acc->load("ovl.load_acc", at({})));
      c->store("ovl.first_rows", at({}, ds(0, 8)), k.stmt("ovl.first", [&] { return full(8, 128, 2.0f); }));
      c->store("ovl.first_rows_again", at({}, ds(0, 8)),
               k.stmt("ovl.again", [&] { return full(8, 128, 3.0f + id); }));
      c->store_add("ovl.bump", at({}, ds(4, 8), ds(0, 64)),
                   k.stmt("ovl.bump_value", [&] { return full(8, 64, 0.25f); }));
    });
  };
  return spec;
}

// What a checkpoint keeps of the machine between steps (input slots are refilled only at the end).
struct Boundary {
  int64_t next_step = 0;
  uint64_t events_emitted = 0;
  std::vector<Array> buffers{};  // output slots, then scratch
  CoreClocks clocks{};
};

Boundary Capture(const MachineState& s) {
  Boundary b{.next_step = s.next_step, .events_emitted = s.events_emitted, .buffers = {}, .clocks = s.clocks};
  for (const auto& slots : s.output_slots)
    for (const Array& slot : slots) b.buffers.push_back(slot);
  for (const Array& scratch : s.scratch) b.buffers.push_back(scratch);
  return b;
}

bool Same(const Boundary& a, const Boundary& b) {
  bool same = a.next_step == b.next_step && a.events_emitted == b.events_emitted &&
              a.buffers.size() == b.buffers.size() &&
              std::memcmp(&a.clocks, &b.clocks, sizeof(CoreClocks)) == 0;
  for (std::size_t i = 0; same && i < a.buffers.size(); ++i) same = a.buffers[i].BitwiseEqual(b.buffers[i]);
  return same;
}

// Runs the overlapping-stores launch serially, keeping the state at every step boundary, then on
// `threads` workers, reading the runner's state only where `read` says; both must agree everywhere.
void CheckAgainstSerial(int threads, const std::function<bool(int64_t)>& read) {
  ToyMatmul serial(384, 256, 512, 128, 128, 128), threaded(384, 256, 512, 128, 128, 128);
  std::vector<Boundary> boundaries;
  LaunchRunner a(OverlappingStores(serial), LaunchOptions{.precision = Precision::Highest, .threads = 1});
  REQUIRE_FALSE(a.Prepare());
  while (!a.Finished()) {
    a.RunStep();
    boundaries.push_back(Capture(a.state()));
  }
  LaunchRunner b(OverlappingStores(threaded),
                 LaunchOptions{.precision = Precision::Highest, .threads = threads});
  REQUIRE_FALSE(b.Prepare());
  while (!b.Finished()) {
    b.RunStep();
    const int64_t done = b.next_step();
    if (done < static_cast<int64_t>(boundaries.size()) && read(done)) {
      CAPTURE(done);
      CHECK(Same(Capture(b.state()), boundaries[static_cast<std::size_t>(done - 1)]));
    }
  }
  CHECK(Same(Capture(b.state()), boundaries.back()));
  const LaunchResult ra = a.TakeResult(), rb = b.TakeResult();
  CHECK(ra.events.size() == rb.events.size());
  CHECK(std::memcmp(ra.events.data(), rb.events.data(), ra.events.size() * sizeof(Event)) == 0);
  CHECK(serial.c.BitwiseEqual(threaded.c));
}

}  // namespace

TEST_CASE("adopting lazily: the state read at every step boundary is the serial one") {
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    CheckAgainstSerial(threads, [](int64_t) { return true; });
  }
}

TEST_CASE("adopting lazily: checkpoint-style reads in the middle of slices see the serial state") {
  // Slices are 4 steps long: these reads fall after the first, second and third step of one.
  for (int threads : {2, 3})
    CheckAgainstSerial(threads,
                       [](int64_t done) { return done == 1 || done == 6 || done == 13 || done == 22; });
}

TEST_CASE("adopting lazily: read only at the end, the outputs, events and state are the serial ones") {
  CheckAgainstSerial(2, [](int64_t) { return false; });
}
