// A recording made on several threads is the serial recording, bit for bit: every event with its
// estimated times, the per-step bookkeeping, the statistics, the checkpoints (where they fall and what
// they hold), every value and buffer a replayed step shows, and the outputs.
#include <doctest/doctest.h>

#include <cstring>

#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

flash::Scenario TwoHeadsTwoRows() {
  flash::Scenario s;
  s.batch = 2;
  s.heads = 2;
  s.q_len = s.kv_len = 384;
  s.causal = true;
  s.bias = true;
  s.segments = 2;
  s.block_sizes.block_k_major = 384;  // three minor blocks per major block in the forward pass
  return s;
}

// One batch row of three heads: three slices, so two threads share them unevenly.
flash::Scenario ThreeHeads() {
  flash::Scenario s;
  s.heads = 3;
  s.q_len = s.kv_len = 256;
  s.causal = true;
  return s;
}

bool SameArray(const tpu::Array& a, const tpu::Array& b) {
  return a.BitwiseEqual(b);
}

bool SameClock(const tpu::LaunchStats& a, const tpu::LaunchStats& b) {
  if (a.cost.total_us != b.cost.total_us || a.cost.compute_us != b.cost.compute_us ||
      a.step_costs.size() != b.step_costs.size())
    return false;
  for (std::size_t i = 0; i < a.step_costs.size(); ++i)
    if (a.step_costs[i].start_us != b.step_costs[i].start_us ||
        a.step_costs[i].end_us != b.step_costs[i].end_us ||
        a.step_costs[i].wait_us != b.step_costs[i].wait_us || a.step_costs[i].ran != b.step_costs[i].ran)
      return false;
  return true;
}

bool SameTransfers(const tpu::LaunchStats& a, const tpu::LaunchStats& b) {
  if (a.copies.size() != b.copies.size() || a.writebacks.size() != b.writebacks.size()) return false;
  for (std::size_t i = 0; i < a.copies.size(); ++i)
    if (a.copies[i].issued != b.copies[i].issued || a.copies[i].skipped != b.copies[i].skipped ||
        a.copies[i].bytes != b.copies[i].bytes)
      return false;
  for (std::size_t i = 0; i < a.writebacks.size(); ++i)
    if (a.writebacks[i].issued != b.writebacks[i].issued || a.writebacks[i].bytes != b.writebacks[i].bytes)
      return false;
  return true;
}

bool SameValue(const tpu::Value& a, const tpu::Value& b) {
  if (a.rows() != b.rows() || a.cols() != b.cols() || a.dtype() != b.dtype() || a.traced() != b.traced())
    return false;
  return a.traced() || std::memcmp(a.data().data(), b.data().data(), a.data().size() * sizeof(float)) == 0;
}

void CheckSameRecording(const Recording& serial, const Recording& parallel) {
  REQUIRE(serial.launches().size() == parallel.launches().size());
  CHECK(serial.EventCount() == parallel.EventCount());
  for (std::size_t l = 0; l < serial.launches().size(); ++l) {
    CAPTURE(l);
    const LaunchTrack& a = serial.launches()[l];
    const LaunchTrack& b = parallel.launches()[l];
    REQUIRE(a.events.size() == b.events.size());
    CHECK(std::memcmp(a.events.data(), b.events.data(), a.events.size() * sizeof(tpu::Event)) == 0);
    CHECK(a.step_first_event == b.step_first_event);
    CHECK(a.step_ran == b.step_ran);
    CHECK(a.stats.ops.flops == b.stats.ops.flops);
    CHECK(a.stats.ops.vreg_ops == b.stats.ops.vreg_ops);
    CHECK(a.stats.steps_run == b.stats.steps_run);
    CHECK(a.stats.steps_skipped == b.stats.steps_skipped);
    CHECK(SameClock(a.stats, b.stats));
    CHECK(SameTransfers(a.stats, b.stats));
    CHECK(a.checkpoint_bytes == b.checkpoint_bytes);
    REQUIRE(a.checkpoints.size() == b.checkpoints.size());
    for (std::size_t c = 0; c < a.checkpoints.size(); ++c) {
      CHECK(a.checkpoints[c].step() == b.checkpoints[c].step());
      CHECK(a.checkpoints[c].events_emitted() == b.checkpoints[c].events_emitted());
      CHECK(a.checkpoints[c].own_bytes() == b.checkpoints[c].own_bytes());
    }
    for (int64_t step = 0; step < static_cast<int64_t>(a.step_ran.size()); ++step) {
      CAPTURE(step);
      const auto ra = serial.Replay(static_cast<int>(l), step);
      const auto rb = parallel.Replay(static_cast<int>(l), step);
      REQUIRE(ra->start.size() == rb->start.size());
      for (std::size_t i = 0; i < ra->start.size(); ++i) CHECK(SameArray(*ra->start[i], *rb->start[i]));
      REQUIRE(ra->changes.size() == rb->changes.size());
      for (std::size_t i = 0; i < ra->changes.size(); ++i) {
        CHECK(ra->changes[i].event == rb->changes[i].event);
        CHECK(SameArray(*ra->changes[i].contents, *rb->changes[i].contents));
      }
      REQUIRE(ra->values.size() == rb->values.size());
      for (std::size_t i = 0; i < ra->values.size(); ++i)
        CHECK(SameValue(*ra->values[i].value, *rb->values[i].value));
    }
  }
  const kernel::Outputs outputs_a = serial.Outputs(), outputs_b = parallel.Outputs();
  const auto& oa = outputs_a.As<flash::TrainingStepResult>();
  const auto& ob = outputs_b.As<flash::TrainingStepResult>();
  CHECK(SameArray(oa.o, ob.o));
  CHECK(SameArray(oa.dq, ob.dq));
  CHECK(SameArray(oa.dk, ob.dk));
  CHECK(SameArray(oa.dv, ob.dv));
  REQUIRE(static_cast<bool>(oa.ds) == static_cast<bool>(ob.ds));
  if (oa.ds) CHECK(SameArray(*oa.ds, *ob.ds));
}

}  // namespace

TEST_CASE("a recording on 2 or 3 threads is the serial recording, bit for bit") {
  const flash::Scenario s = TwoHeadsTwoRows();
  const auto serial = Recording::Record(flash::Erased(s), RecordOptions{.threads = 1});
  REQUIRE_FALSE(serial->error());
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    const auto parallel = Recording::Record(flash::Erased(s), RecordOptions{.threads = threads});
    CheckSameRecording(*serial, *parallel);
  }
}

TEST_CASE("an odd number of slices on 1, 2 and 3 threads is the serial recording, bit for bit") {
  const flash::Scenario s = ThreeHeads();
  const auto serial = Recording::Record(flash::Erased(s), RecordOptions{.threads = 1});
  REQUIRE_FALSE(serial->error());
  for (int threads : {1, 2, 3}) {
    CAPTURE(threads);
    CheckSameRecording(*serial, *Recording::Record(flash::Erased(s), RecordOptions{.threads = threads}));
  }
}

TEST_CASE("a tight checkpoint budget places the same checkpoints on any number of threads") {
  const flash::Scenario s = TwoHeadsTwoRows();
  const RecordOptions tight{.checkpoint_budget_bytes = 2u << 20, .threads = 1};
  RecordOptions tight_parallel = tight;
  tight_parallel.threads = 2;
  CheckSameRecording(*Recording::Record(flash::Erased(s), tight),
                     *Recording::Record(flash::Erased(s), tight_parallel));
}
