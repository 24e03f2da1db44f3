// What the same scenario would do with naive index maps, in which every grid step asks for its own block:
// the yardstick for the causal redirects (a skipped step's k and v maps point at a block the next step
// needs, so that no copy is wasted). Only the launches are traced and planned; nothing executes, so this
// is cheap next to a recording.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kernels/api/scenario.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

struct NaiveLaunch {
  std::string name{};                                 // "fwd", "dkv", "dq"
  std::vector<std::vector<uint32_t>> input_blocks{};  // per input, per grid step: the linear block asked for
  std::vector<uint64_t> bytes_through_step{};  // per step: HBM → VMEM bytes copied by the end of the step
                                               // (the prologue and each step's prefetch included)
};

// One entry per launch the scenario runs, in order (Kernel::PrepareNaive); empty when the scenario is
// rejected or its kernel has no naive maps.
std::vector<NaiveLaunch> PlanNaiveLaunches(const kernel::Scenario& scenario);

// The recording's own count, to set beside the naive one: per step of a launch, the HBM → VMEM bytes its
// issued copies moved by the end of that step.
std::vector<uint64_t> CopiedBytesThroughStep(const LaunchTrack& track);

}  // namespace tilewalk::walkthrough
