// The picture builders on a real v4 recording: a causal 512-long forward grid of 4 × 4 steps, whose four
// q rows (the leading parallel slices) the two TensorCores share, rows 0-1 on core 0 and 2-3 on core 1.
// The grid picture knows where core 1 begins, the timeline has a lane of steps for each core, and the
// cost picture puts each step and copy on its core's lanes. On a v5e none of it appears.
#include <doctest/doctest.h>

#include <memory>
#include <string>
#include <vector>

#include "app/session/picture_builders.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::session {
namespace {

std::shared_ptr<const walkthrough::Recording> Record(const char* chip) {
  const auto scenario = flash::ParseScenario(
      std::vector<std::string>{"--q-len", "512", "--kv-len", "512", "--causal", "--chip", chip});
  REQUIRE(scenario.ok());
  return std::shared_ptr<const walkthrough::Recording>(
      walkthrough::Recording::Record(flash::Erased(*scenario)));
}

}  // namespace

TEST_CASE("megacore pictures: a v4 grid carries both cores, the timeline two lanes, the cost both cores") {
  const auto recording = Record("v4");
  walkthrough::Timeline timeline(recording);
  REQUIRE(timeline.Seek(0));
  const auto snap = timeline.Current();
  REQUIRE(snap->launch_name == "fwd");

  const views::GridPicture grid =
      BuildGridPicture(*snap, recording->launches()[static_cast<std::size_t>(snap->launch)].info);
  CHECK(grid.core1_first_step == 8);  // ceil(4 / 2) rows of 4 kv steps
  CHECK(views::CoreOfCell(grid, 0, 1, 3) == 0);
  CHECK(views::CoreOfCell(grid, 0, 2, 0) == 1);

  const views::TimelinePicture strip =
      BuildTimelinePicture(*snap, *recording, BuildTimelineOverview(*recording, 100));
  int on_core[2] = {0, 0};
  for (const views::TimelineStepBar& bar : strip.core_steps) on_core[bar.core] += 1;
  CHECK(on_core[0] > 0);
  CHECK(on_core[1] > 0);
  // Every launch of the step splits its grid: 16 forward steps, then dK/dV and dQ, 8 of each on each core.
  CHECK(on_core[0] == on_core[1]);

  const views::CostPicture cost = BuildCostPicture(*recording, 0);
  CHECK(cost.cores == 2);
  REQUIRE(cost.steps.size() == 16);
  CHECK(cost.steps[7].core == 0);
  CHECK(cost.steps[8].core == 1);
  CHECK(cost.steps[8].start_us < cost.steps[7].end_us);  // core 1 runs while core 0 does
  CHECK(cost.chip.find("both TensorCores") != std::string::npos);
}

TEST_CASE("megacore pictures: a v5e recording has one core everywhere") {
  const auto recording = Record("v5e");
  walkthrough::Timeline timeline(recording);
  REQUIRE(timeline.Seek(0));
  const auto snap = timeline.Current();
  CHECK(BuildGridPicture(*snap, recording->launches()[static_cast<std::size_t>(snap->launch)].info)
            .core1_first_step == -1);
  CHECK(BuildTimelinePicture(*snap, *recording, BuildTimelineOverview(*recording, 100)).core_steps.empty());
  const views::CostPicture cost = BuildCostPicture(*recording, 0);
  CHECK(cost.cores == 1);
  for (const views::CostStep& s : cost.steps) CHECK(s.core == 0);
}

}  // namespace tilewalk::session
