// The frame plan on a real recording: each --every choice draws the events of its kind, from the landing,
// within its span, in order.
#include <doctest/doctest.h>

#include <memory>

#include "app/export/frame_plan.hpp"
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::app {
namespace {

const walkthrough::Recording& CausalSmall() {
  static const std::shared_ptr<const walkthrough::Recording> recording = [] {
    const auto scenario = flash::ParseScenario(std::vector<std::string>{"--scenario", "causal-small"});
    REQUIRE(scenario.ok());
    return std::shared_ptr<const walkthrough::Recording>(
        walkthrough::Recording::Record(flash::Erased(*scenario)));
  }();
  return *recording;
}

// The first event of the second grid step of the first launch: the middle of a launch, not its start.
uint64_t SecondStep(const walkthrough::Recording& rec) {
  return rec.launches().front().global_first_event + rec.launches().front().step_first_event.at(1);
}

bool Increasing(const std::vector<uint64_t>& events) {
  for (std::size_t i = 1; i < events.size(); ++i)
    if (events[i] <= events[i - 1]) return false;
  return true;
}

}  // namespace

TEST_CASE("frame plan: --every names round-trip, and nothing else parses") {
  for (FrameEvery every : {FrameEvery::Statement, FrameEvery::Dma, FrameEvery::Step, FrameEvery::Stop})
    CHECK(ParseFrameEvery(FrameEveryName(every)) == every);
  CHECK_FALSE(ParseFrameEvery("steps"));
  CHECK_FALSE(ParseFrameEvery(""));
}

TEST_CASE("frame plan: a stop is one frame at its landing") {
  const auto& rec = CausalSmall();
  CHECK(PlanFrames(rec, 5, FrameEvery::Stop, FrameSpan::Natural) == std::vector<uint64_t>{5});
}

TEST_CASE("frame plan: statements run to the end of the landing's grid step") {
  const auto& rec = CausalSmall();
  const uint64_t first = SecondStep(rec);
  const auto frames = PlanFrames(rec, first, FrameEvery::Statement, FrameSpan::Natural);
  REQUIRE(frames.size() > 3);
  CHECK(frames.front() == first);
  CHECK(frames.back() - frames.front() + 1 == frames.size());  // every event, none skipped
  for (uint64_t e : frames) CHECK(rec.StepOf(e) == rec.StepOf(first));
  CHECK(rec.StepOf(frames.back() + 1) != rec.StepOf(first));
}

TEST_CASE("frame plan: copies and grid steps run to the end of the landing's launch") {
  const auto& rec = CausalSmall();
  const uint64_t first = SecondStep(rec);
  const auto& fwd = rec.launches().front();
  const auto dma = PlanFrames(rec, first, FrameEvery::Dma, FrameSpan::Natural);
  REQUIRE(dma.size() > 2);
  CHECK(Increasing(dma));
  for (std::size_t i = 1; i < dma.size(); ++i) {
    const auto kind = rec.EventAt(dma[i]).kind;
    CHECK((kind == tpu::EventKind::CopyIn || kind == tpu::EventKind::Writeback));
    CHECK(rec.LaunchOf(dma[i]) == 0);
  }
  const auto steps = PlanFrames(rec, first, FrameEvery::Step, FrameSpan::Natural);
  CHECK(steps.size() == fwd.step_first_event.size() - 2);  // every step but the first (and the end marker)
  for (uint64_t e : steps) CHECK(rec.EventAt(e).kind == tpu::EventKind::StepBegin);
}

TEST_CASE("frame plan: a scenario's span is every launch") {
  const auto& rec = CausalSmall();
  const auto steps = PlanFrames(rec, 0, FrameEvery::Step, FrameSpan::Whole);
  std::size_t all_steps = 0;
  for (const auto& track : rec.launches()) all_steps += track.step_first_event.size() - 1;
  const bool starts_on_a_step =
      rec.EventAt(0).kind == tpu::EventKind::StepBegin;  // or on the prologue's copy
  CHECK(steps.size() == all_steps + (starts_on_a_step ? 0 : 1));
  CHECK(rec.LaunchOf(steps.back()) == static_cast<int>(rec.launches().size()) - 1);
}

}  // namespace tilewalk::app
