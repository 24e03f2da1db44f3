// What a recording says it holds (Recording::MemoryBytes, which the recording cache is bounded by) against
// what recording it really took from the heap: within a tenth, once its replayers are built. Before stop
// 32 the count came from the memory guard's estimate of the arrays and left out the machine states, plans
// and the events' spare capacity: 19 MiB counted against 26.5 MiB held for this scenario.
#include <doctest/doctest.h>
#include <malloc.h>

#include <chrono>
#include <cmath>
#include <memory>
#include <string>
#include <vector>

#include "kernels/flash/scenario_options.hpp"
#include "kernels/tpu/threads.hpp"
#include "tests/base/scratch.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;

namespace {

// Bytes the program has allocated and not freed, in every arena of glibc's allocator.
double InUseBytes() {
  const struct mallinfo2 info = mallinfo2();
  return static_cast<double>(info.uordblks + info.hblkhd);
}

std::unique_ptr<walkthrough::Recording> RecordWithReplayers(int seed) {
  const flash::Scenario s = *flash::ParseScenario(std::vector<std::string>{
      "--heads", "1", "--q-len", "2048", "--kv-len", "2048", "--causal", "--seed", std::to_string(seed)});
  auto recording = walkthrough::Recording::Record(flash::Erased(s));
  for (int launch = 0; launch < static_cast<int>(recording->launches().size()); ++launch)
    recording->Replay(launch, 5);
  return recording;
}

}  // namespace

TEST_CASE("recording: the memory it counts is what it holds, within a tenth") {
  // In a forked child on one thread, so that no other test's or thread's allocations move the heap.
  const auto end = tilewalk::base::testing::RunForked(
      [] {
        tpu::SetThreadCount(1);
        const auto first = RecordWithReplayers(1);  // the value pools fill here, once
        const double before = InUseBytes();
        if (before < (1 << 20)) return 0;  // a sanitizer's allocator: glibc's arenas hold none of it
        const auto second = RecordWithReplayers(2);
        const double held = InUseBytes() - before;
        const double counted = static_cast<double>(second->MemoryBytes());
        return std::abs(counted - held) <= 0.1 * held ? 0 : 1;
      },
      std::chrono::seconds(120));
  CHECK(end.exited);
  CHECK(end.code == 0);
}
