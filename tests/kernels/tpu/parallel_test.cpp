// Worker threads on the parallel grid axes, with the runner running its share of the slices itself, give
// the serial run, bit for bit: events with their times, statistics and outputs, and the machine's scratch
// and output slots between any two steps; and where a body breaks the promise of "parallel" semantics
// (scratch carried from one slice to the next, a write into an input slot) or raises mid-grid, the runner
// notices and still gives the serial run.
#include <doctest/doctest.h>

#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <set>
#include <thread>

#include "kernels/tpu/parallel_steps.hpp"
#include "kernels/tpu/threads.hpp"
#include "tests/kernels/tpu/toy_matmul.hpp"

using namespace tilewalk::tpu;
using tilewalk::tpu::testing::ToyMatmul;

namespace {

bool SameEvents(const EventLog& a, const EventLog& b) {
  return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Event)) == 0;
}

bool SameStats(const LaunchStats& a, const LaunchStats& b) {
  bool same = a.steps_run == b.steps_run && a.steps_skipped == b.steps_skipped &&
              a.ops.flops == b.ops.flops && a.ops.mxu_flops == b.ops.mxu_flops &&
              a.ops.vreg_ops == b.ops.vreg_ops && a.ops.matmuls == b.ops.matmuls &&
              a.cost.total_us == b.cost.total_us && a.cost.compute_us == b.cost.compute_us &&
              a.step_costs.size() == b.step_costs.size();
  for (std::size_t i = 0; same && i < a.copies.size(); ++i)
    same = a.copies[i].issued == b.copies[i].issued && a.copies[i].skipped == b.copies[i].skipped &&
           a.copies[i].bytes == b.copies[i].bytes;
  for (std::size_t i = 0; same && i < a.writebacks.size(); ++i)
    same = a.writebacks[i].issued == b.writebacks[i].issued && a.writebacks[i].bytes == b.writebacks[i].bytes;
  for (std::size_t i = 0; same && i < a.step_costs.size(); ++i)
    same = a.step_costs[i].start_us == b.step_costs[i].start_us &&
           a.step_costs[i].end_us == b.step_costs[i].end_us &&
           a.step_costs[i].wait_us == b.step_costs[i].wait_us && a.step_costs[i].ran == b.step_costs[i].ran;
  return same;
}

// Runs the spec a toy matmul makes serially and on `threads` workers; both runs start from the same c.
void CheckSameAsSerial(int threads, const std::function<LaunchSpec(ToyMatmul&)>& make_spec) {
  ToyMatmul serial(384, 256, 256, 128, 128, 128), parallel(384, 256, 256, 128, 128, 128);
  const LaunchResult a =
      RunLaunch(make_spec(serial), LaunchOptions{.precision = Precision::Highest, .threads = 1});
  const LaunchResult b =
      RunLaunch(make_spec(parallel), LaunchOptions{.precision = Precision::Highest, .threads = threads});
  CHECK(SameEvents(a.events, b.events));
  CHECK(SameStats(a.stats, b.stats));
  CHECK(a.error.has_value() == b.error.has_value());
  CHECK(serial.c.BitwiseEqual(parallel.c));
}

}  // namespace

TEST_CASE("the grid is sliced along its leading parallel axes") {
  ToyMatmul t(384, 256, 256, 128, 128, 128);  // grid (3, 2, 2): parallel, parallel, arbitrary
  const GridSlices s = GridSlices::Of(t.Spec());
  CHECK(s.count == 6);
  CHECK(s.steps == 2);
  LaunchSpec arbitrary = t.Spec();
  arbitrary.dimension_semantics[1] = DimensionSemantics::Arbitrary;
  CHECK(GridSlices::Of(arbitrary).count == 3);
  CHECK(GridSlices::Of(arbitrary).steps == 4);
}

TEST_CASE("a launch on 2, 3 and 7 threads is the serial run, bit for bit") {
  for (int threads : {2, 3, 7}) {
    CAPTURE(threads);
    CheckSameAsSerial(threads, [](ToyMatmul& t) { return t.Spec(); });
  }
}

TEST_CASE("scratch carried across the parallel axes: the runner falls back and still matches") {
  // The accumulator is zeroed only at the very first step, so every later slice reads what the slice
  // before it left: what "parallel" promises not to do. The workers notice the unwritten read.
  CheckSameAsSerial(2, [](ToyMatmul& t) {
    LaunchSpec spec = t.Spec();
    spec.body = [](Kernel& k) {
      using namespace jnp;
      Ref* acc = k.scratch(0);
      k.when(k.program_id(0) == 0 && k.program_id(1) == 0 && k.program_id(2) == 0, "carry.init", [&] {
        acc->store("carry.init.zero", at({}), k.stmt("carry.init.zeros", [&] { return zeros(128, 128); }));
      });
      const Value x = k.input(0)->load("carry.load_a", at({}));
      const Value y = k.input(1)->load("carry.load_b", at({}));
      acc->store_add("carry.accumulate", at({}), k.stmt("carry.dot", [&] { return dot(x, y); }));
      k.output(0)->store("carry.store_c", at({}), acc->load("carry.load_acc", at({})));
    };
    return spec;
  });
}

TEST_CASE("a body that writes an input slot runs serially from there, with the same result") {
  CheckSameAsSerial(2, [](ToyMatmul& t) {
    LaunchSpec spec = t.Spec();
    auto body = spec.body;
    spec.body = [body](Kernel& k) {
      using namespace jnp;
      k.when(k.program_id(0) == 1, "scribble", [&] {
        k.input(0)->store("scribble.a", at({}),
                          k.stmt("scribble.ones", [&] { return full(128, 128, 1.0f); }));
      });
      body(k);
    };
    return spec;
  });
}

TEST_CASE("an error raised in a later slice stops the launch there, and no later block is written") {
  CheckSameAsSerial(2, [](ToyMatmul& t) {
    LaunchSpec spec = t.Spec();
    auto body = spec.body;
    spec.body = [body](Kernel& k) {
      if (!k.tracing() && k.program_id(0) == 1 && k.program_id(1) == 1)
        k.raise(ErrorType::ValueError, "late.raise", "raised in slice 3");
      body(k);
    };
    return spec;
  });
}

TEST_CASE("thread counts: a whole number from 1 to 256, and the default is at least one") {
  CHECK(ParseThreadCount("4") == 4);
  CHECK_FALSE(ParseThreadCount("0"));
  CHECK_FALSE(ParseThreadCount("four"));
  CHECK_FALSE(ParseThreadCount("4x"));
  CHECK_FALSE(ParseThreadCount("257"));
  CHECK(DefaultThreadCount() >= 1);
}

TEST_CASE("the --threads count wins over TILEWALK_THREADS and the cores until it is cleared") {
  const int before = DefaultThreadCount();
  SetThreadCount(255);
  CHECK(DefaultThreadCount() == 255);
  SetThreadCount(0);
  CHECK(DefaultThreadCount() == before);
}

TEST_CASE(
    "between any two steps, a threaded runner's scratch, output slots and outputs are the serial ones") {
  // With 2 threads the runner runs slices 0, 2, 4 itself and adopts 1, 3, 5; with 3 it runs 0 and 3.
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    ToyMatmul serial_toy(384, 256, 256, 128, 128, 128), threaded_toy(384, 256, 256, 128, 128, 128);
    LaunchRunner serial(serial_toy.Spec(), LaunchOptions{.precision = Precision::Highest, .threads = 1});
    LaunchRunner threaded(threaded_toy.Spec(),
                          LaunchOptions{.precision = Precision::Highest, .threads = threads});
    REQUIRE_FALSE(serial.Prepare());
    REQUIRE_FALSE(threaded.Prepare());
    while (!serial.Finished()) {
      serial.RunStep();
      threaded.RunStep();
      const MachineState& a = serial.state();
      const MachineState& b = threaded.state();
      CAPTURE(a.next_step);
      CHECK(a.next_step == b.next_step);
      CHECK(a.events_emitted == b.events_emitted);
      CHECK(a.scratch[0].BitwiseEqual(b.scratch[0]));
      for (int slot = 0; slot < 2; ++slot)
        CHECK(a.output_slots[0][slot].BitwiseEqual(b.output_slots[0][slot]));
      CHECK(a.clocks[0].compute == b.clocks[0].compute);
      CHECK(a.clocks[0].dma == b.clocks[0].dma);
      CHECK(serial_toy.c.BitwiseEqual(threaded_toy.c));
    }
    CHECK(threaded.Finished());
    CHECK(SameEvents(serial.events(), threaded.events()));
  }
}

TEST_CASE("an error raised in a slice the runner runs itself stops the launch there") {
  CheckSameAsSerial(2, [](ToyMatmul& t) {
    LaunchSpec spec = t.Spec();
    auto body = spec.body;
    spec.body = [body](Kernel& k) {
      if (!k.tracing() && k.program_id(0) == 2 && k.program_id(1) == 0)  // slice 4: the runner's
        k.raise(ErrorType::ValueError, "own.raise", "raised in slice 4");
      body(k);
    };
    return spec;
  });
}

TEST_CASE("records past the workers' memory budget: they wait for the runner, and nothing deadlocks") {
  // Blocks of 512 × 512 floats: every step logs 2 MiB of stores, 64 MiB over the grid, so workers ahead
  // of the runner stop at the budget while the one on the runner's slice carries on.
  for (int threads : {2, 3, 7}) {
    CAPTURE(threads);
    ToyMatmul serial(2048, 2048, 2048, 512, 512, 512), parallel(2048, 2048, 2048, 512, 512, 512);
    auto spec = [](ToyMatmul& t) {
      LaunchSpec s = t.Spec();
      s.body = [](Kernel& k) {
        using namespace jnp;
        const float id = static_cast<float>(k.program_id(0) * 16 + k.program_id(1) * 4 + k.program_id(2));
        k.scratch(0)->store("big.set", at({}), k.stmt("big.value", [&] { return full(512, 512, id); }));
        k.output(0)->store_add("big.add", at({}),
                               k.stmt("big.add_value", [&] { return full(512, 512, 0.5f); }));
      };
      return s;
    };
    const LaunchResult a =
        RunLaunch(spec(serial), LaunchOptions{.precision = Precision::Highest, .threads = 1});
    const LaunchResult b =
        RunLaunch(spec(parallel), LaunchOptions{.precision = Precision::Highest, .threads = threads});
    CHECK(SameEvents(a.events, b.events));
    CHECK(serial.c.BitwiseEqual(parallel.c));
  }
}

TEST_CASE("a worker far ahead takes slices dealt to the runner, and the run is still the serial one") {
  // Grid (16, 2, 1): 32 slices of one step. In the parallel run, each slice dealt to the runner (even ones,
  // with one worker) holds the runner until the worker has run one of them (for 10 s at most in all, so
  // that a worker that never does fails the test rather than hangs it): the worker must reach the end of its
  // window and take it. Waiting on that, rather than spinning a fixed time, keeps the test whole on a
  // loaded machine, where the worker's thread may not run for a while.
  std::mutex mutex;
  std::set<int64_t> runner_slices_on_the_worker;
  std::atomic<bool> worker_took_one{false};
  bool parallel_run = false;
  std::chrono::steady_clock::time_point give_up;
  const std::thread::id test_thread = std::this_thread::get_id();
  auto spec = [&](ToyMatmul& t) {
    LaunchSpec s = t.Spec();
    s.body = [&](Kernel& k) {
      using namespace jnp;
      const int64_t slice = k.program_id(0) * 2 + k.program_id(1);
      if (!k.tracing() && slice % 2 == 0) {
        if (std::this_thread::get_id() != test_thread) {
          std::lock_guard lock(mutex);
          runner_slices_on_the_worker.insert(slice);
          worker_took_one = true;
        } else if (parallel_run) {
          while (!worker_took_one && std::chrono::steady_clock::now() < give_up) std::this_thread::yield();
        }
      }
      k.output(0)->store_add("slow.add", at({}),
                             k.stmt("slow.value", [&] { return full(128, 128, static_cast<float>(slice)); }));
    };
    return s;
  };
  ToyMatmul serial(2048, 256, 128, 128, 128, 128), parallel(2048, 256, 128, 128, 128, 128);
  const LaunchResult a =
      RunLaunch(spec(serial), LaunchOptions{.precision = Precision::Highest, .threads = 1});
  parallel_run = true;
  give_up = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  const LaunchResult b =
      RunLaunch(spec(parallel), LaunchOptions{.precision = Precision::Highest, .threads = 2});
  CHECK(SameEvents(a.events, b.events));
  CHECK(SameStats(a.stats, b.stats));
  CHECK(serial.c.BitwiseEqual(parallel.c));
  CHECK_FALSE(runner_slices_on_the_worker.empty());
}
