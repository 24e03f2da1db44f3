// A recording made on several threads is the serial recording, bit for bit: every event with its
// estimated times, the per-step bookkeeping, the statistics, the checkpoints (where they fall and what
// they hold), every value and buffer a replayed step shows, and the outputs.
#include <doctest/doctest.h>

#include <cstring>

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

bool SameArray(const tpu::Array& a, const tpu::Array& b) {
  return a.BitwiseEqual(b);
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
    CHECK(a.stats.cost.total_us == b.stats.cost.total_us);
    CHECK(a.checkpoint_bytes == b.checkpoint_bytes);
    REQUIRE(a.checkpoints.size() == b.checkpoints.size());
    for (std::size_t c = 0; c < a.checkpoints.size(); ++c)
      CHECK(a.checkpoints[c].step() == b.checkpoints[c].step());
    for (int64_t step = 0; step < static_cast<int64_t>(a.step_ran.size()); ++step) {
      CAPTURE(step);
      const auto ra = serial.Replay(static_cast<int>(l), step);
      const auto rb = parallel.Replay(static_cast<int>(l), step);
      REQUIRE(ra->start.size() == rb->start.size());
      for (std::size_t i = 0; i < ra->start.size(); ++i) CHECK(SameArray(*ra->start[i], *rb->start[i]));
      REQUIRE(ra->values.size() == rb->values.size());
      for (std::size_t i = 0; i < ra->values.size(); ++i)
        CHECK(SameValue(*ra->values[i].value, *rb->values[i].value));
    }
  }
  const flash::TrainingStepResult oa = serial.Outputs(), ob = parallel.Outputs();
  CHECK(SameArray(oa.o, ob.o));
  CHECK(SameArray(oa.dq, ob.dq));
  CHECK(SameArray(oa.dk, ob.dk));
  CHECK(SameArray(oa.dv, ob.dv));
  REQUIRE(oa.ds);
  CHECK(SameArray(*oa.ds, *ob.ds));
}

}  // namespace

TEST_CASE("a recording on 2 or 3 threads is the serial recording, bit for bit") {
  const flash::Scenario s = TwoHeadsTwoRows();
  const auto serial = Recording::Record(s, RecordOptions{.threads = 1});
  REQUIRE_FALSE(serial->error());
  for (int threads : {2, 3}) {
    CAPTURE(threads);
    const auto parallel = Recording::Record(s, RecordOptions{.threads = threads});
    CheckSameRecording(*serial, *parallel);
  }
}

TEST_CASE("a tight checkpoint budget places the same checkpoints on any number of threads") {
  const flash::Scenario s = TwoHeadsTwoRows();
  const RecordOptions tight{.checkpoint_budget_bytes = 2u << 20, .threads = 1};
  RecordOptions tight_parallel = tight;
  tight_parallel.threads = 2;
  CheckSameRecording(*Recording::Record(s, tight), *Recording::Record(s, tight_parallel));
}
