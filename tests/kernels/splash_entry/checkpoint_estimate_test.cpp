// Splash's memory estimate counts a recording's checkpoints, as flash's does: the guard's figure for a
// recording must not leave out the part that grows with the steps that ran. Set against the checkpoints a
// real recording keeps.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;

namespace {

kernel::Scenario SplashScenarioForCheckpoints(std::vector<std::string> words) {
  const kernel::Kernel* k = kernel::FindKernel("splash");
  REQUIRE(k != nullptr);
  const auto parsed = kernel::ParseScenario(*k, words);
  REQUIRE(parsed);
  return *parsed;
}

double RecordedCheckpointBytes(const kernel::Scenario& s) {
  const auto recording = walkthrough::Recording::Record(s, {.threads = 1});
  REQUIRE(recording);
  REQUIRE_FALSE(recording->error());
  double bytes = 0;
  for (const walkthrough::LaunchTrack& track : recording->launches()) bytes += track.checkpoint_bytes;
  return bytes;
}

}  // namespace

TEST_CASE("splash's estimate of a recording's checkpoints is near what a recording keeps") {
  for (const std::string mask : {"full", "causal"}) {
    CAPTURE(mask);
    const kernel::Scenario s =
        SplashScenarioForCheckpoints({"--mask", mask, "--q-len", "2048", "--kv-len", "2048", "--heads", "2"});
    const double estimate = s.kernel().EstimateHostMemory(s, {.record = true, .threads = 1}).checkpoints;
    const double kept = RecordedCheckpointBytes(s);
    CAPTURE(estimate);
    CAPTURE(kept);
    REQUIRE(kept > 0);
    CHECK(estimate > 0.75 * kept);  // the guard must not count much less than a recording keeps
    CHECK(estimate < 2.5 * kept);   // nor refuse for much more
    CHECK(s.kernel().EstimateHostMemory(s, {.record = false, .threads = 1}).checkpoints == 0);
    CHECK(s.kernel()
              .EstimateHostMemory(s, {.record = true, .threads = 1, .checkpoint_budget = 1024})
              .checkpoints == 1024);
  }
}
