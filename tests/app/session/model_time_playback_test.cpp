// Playback in model time through the session, as the timeline's buttons and keys drive it: the clock moves
// by wall time × rate, the cursor follows the statement computing at the clock, the pictures show what is
// under way (the cell computing, the inputs landing, the slot filling, the pipeline chart's lanes), a bad
// rate changes nothing, and playback stops at the end and starts again from the top. A copy that the event
// log holds by the cursor but the clock has not started is not shown landing.
#include <doctest/doctest.h>

#include "app/session/tour_session.hpp"
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::session {
namespace model_time_playback_test {

const std::filesystem::path kPlaybackLibrary = TILEWALK_FIXTURE_LIBRARY;

views::Intent PlayIntent(views::IntentKind kind, std::int64_t value = 0) {
  return {.kind = kind, .value = value};
}

bool IsCopyEvent(const tpu::Event& e) {
  return e.kind == tpu::EventKind::CopyIn || e.kind == tpu::EventKind::Writeback;
}

}  // namespace model_time_playback_test

using namespace model_time_playback_test;

TEST_CASE("model-time playback: the clock moves by the rate and the cursor follows the compute") {
  TourSession s({.library_folder = kPlaybackLibrary});
  REQUIRE(s.cursor());
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::ModelTime)));
  s.Apply(PlayIntent(views::IntentKind::SetPlayRate, views::PlayRateValue(0.5)));
  CHECK(s.play_rate_us() == doctest::Approx(0.5));
  s.Apply(PlayIntent(views::IntentKind::GoToStart));
  CHECK(s.play_time_us() == 0.0);
  s.Apply(PlayIntent(views::IntentKind::TogglePlay));
  REQUIRE(s.playing());
  const auto rec = s.recording();
  uint64_t last = *s.cursor();
  bool computing = false, landing = false, slot_moving = false, waiting = false;
  int not_started = 0;
  for (int frame = 1; frame <= 400 && s.playing(); ++frame) {
    const double before = s.play_time_us();
    s.Tick(1.0 / 60.0);
    CHECK(s.play_time_us() == doctest::Approx(std::min(rec->TotalTime(), before + 0.5 / 60.0)));
    const uint64_t cursor = *s.cursor();
    CHECK(cursor >= last);  // in one launch, the compute only moves forward
    last = cursor;
    const tpu::Event& e = rec->EventAt(cursor);
    // The lit line is the compute's; before a launch's first step, the latest of its prologue's copies.
    if (IsCopyEvent(e)) CHECK((e.flags & tpu::event_flags::kPrologue) != 0);
    CHECK(rec->TimeOfEvent(cursor) <= s.play_time_us() + 1e-4);
    const TourPictures& p = s.Pictures();
    CHECK(p.timeline.clock == views::PlayClock::ModelTime);
    CHECK(p.timeline.pipeline.lanes.size() == 2);  // core 0 and its copy engine
    CHECK(p.timeline.pipeline.playhead_us == doctest::Approx(s.play_time_us()));
    for (const views::GridMotion& m : p.grid.motion) {
      if (m.kind == views::CellMotion::Computing) {
        computing = true;
        CHECK(p.grid.current == m.cell);  // the cell computing is the cursor's
      }
      waiting = waiting || m.kind == views::CellMotion::Waiting;
      landing = landing || m.kind == views::CellMotion::Loading;
    }
    // A copy the log holds by the cursor but the clock has not started is not shown landing.
    const int launch = rec->LaunchOf(cursor);
    const double local = s.play_time_us() - rec->LaunchStartTime(launch);
    for (uint64_t ev = rec->EventRange(launch).first; ev <= cursor; ++ev) {
      const tpu::Event& c = rec->EventAt(ev);
      if (c.kind != tpu::EventKind::CopyIn || (c.flags & tpu::event_flags::kIssued) == 0 ||
          c.step != e.step || c.t_start_us <= local || c.operand >= p.memory.inputs.size())
        continue;
      ++not_started;
      CHECK_FALSE(p.memory.inputs[c.operand].slots[c.slot & 1u].filling);
      CHECK_FALSE(p.memory.inputs[c.operand].slots[c.slot & 1u].moving);
    }
    for (const views::OperandPicture& op : p.memory.inputs)
      for (const views::SlotPicture& slot : op.slots)
        if (slot.moving) {
          slot_moving = true;
          CHECK(*slot.moving >= 0.0f);
          CHECK(*slot.moving < 1.0f);
          CHECK_FALSE(p.memory.under_way.empty());
        }
  }
  CHECK(computing);
  CHECK(not_started > 0);
  CHECK(landing);
  CHECK(slot_moving);
  CHECK(waiting);
}

TEST_CASE("model-time playback: bad rates change nothing, the rate keys halve and double within range") {
  TourSession s({.library_folder = kPlaybackLibrary});
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::ModelTime)));
  const double rate = s.play_rate_us();
  for (const std::int64_t bad :
       {views::PlayRateValue(0), views::PlayRateValue(-5), views::PlayRateValue(2e6)})
    s.Apply(PlayIntent(views::IntentKind::SetPlayRate, bad));
  CHECK(s.play_rate_us() == rate);
  CHECK_FALSE(views::PlayRateProblem(0.0).empty());
  CHECK_FALSE(views::PlayRateProblem(-1.0).empty());
  CHECK_FALSE(views::PlayRateProblem(std::nan("")).empty());
  CHECK_FALSE(views::PlayRateProblem(1e7).empty());
  CHECK(views::PlayRateProblem(0.001).empty());
  for (int i = 0; i < 64; ++i) s.Apply(PlayIntent(views::IntentKind::ScalePlayRate, 1));
  CHECK(s.play_rate_us() == views::kMaxPlayRate);
  for (int i = 0; i < 64; ++i) s.Apply(PlayIntent(views::IntentKind::ScalePlayRate, -1));
  CHECK(s.play_rate_us() == views::kMinPlayRate);
}

TEST_CASE("model-time playback: a stalled frame moves a tenth of a second, the end stops it, play restarts") {
  TourSession s({.library_folder = kPlaybackLibrary});
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::ModelTime)));
  s.Apply(PlayIntent(views::IntentKind::SetPlayRate, views::PlayRateValue(1.0)));
  s.Apply(PlayIntent(views::IntentKind::GoToStart));
  s.Apply(PlayIntent(views::IntentKind::TogglePlay));
  s.Tick(5.0);
  CHECK(s.play_time_us() == doctest::Approx(0.1));
  s.Apply(PlayIntent(views::IntentKind::SetPlayRate,
                     views::PlayRateValue(1e6)));  // a second a second: the end at once
  for (int i = 0; i < 10 && s.playing(); ++i) s.Tick(0.1);
  CHECK_FALSE(s.playing());
  CHECK(s.play_time_us() == doctest::Approx(s.recording()->TotalTime()));
  s.Apply(PlayIntent(views::IntentKind::TogglePlay));
  CHECK(s.playing());
  CHECK(s.play_time_us() == 0.0);
  CHECK(*s.cursor() == 0);
}

TEST_CASE("model-time playback: back to steps the motion goes, and a step puts the clock at its event") {
  TourSession s({.library_folder = kPlaybackLibrary});
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::ModelTime)));
  s.Apply(PlayIntent(views::IntentKind::StepStatement, 1));
  CHECK(s.play_time_us() == doctest::Approx(s.recording()->TimeOfEvent(*s.cursor())));
  CHECK_FALSE(s.Pictures().grid.motion.empty());  // in model time the cell computing is marked
  CHECK_FALSE(s.Pictures().timeline.pipeline.lanes.empty());
  CHECK_FALSE(s.Pictures().memory.under_way.empty());
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::Steps)));
  CHECK(s.Pictures().grid.motion.empty());
  CHECK(s.Pictures().timeline.pipeline.lanes.empty());
  CHECK(s.Pictures().memory.under_way.empty());
  for (const views::OperandPicture& op : s.Pictures().memory.inputs)
    for (const views::SlotPicture& slot : op.slots) CHECK_FALSE(slot.moving);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("model-time playback: on a megacore chip both cores' cells run at once, each as the clock has it") {
  flash::Scenario scenario;
  scenario.q_len = scenario.kv_len = 512;
  scenario.causal = true;
  scenario.chip = "v4";
  TourSession s({.scenario = flash::Erased(scenario)});
  REQUIRE(s.cursor());
  s.Apply(PlayIntent(views::IntentKind::SetPlayClock, static_cast<int>(views::PlayClock::ModelTime)));
  s.Apply(PlayIntent(views::IntentKind::SetPlayRate, views::PlayRateValue(0.5)));
  s.Apply(PlayIntent(views::IntentKind::GoToStart));
  s.Apply(PlayIntent(views::IntentKind::TogglePlay));
  bool both = false, core1_done_early = false;
  for (int frame = 0; frame < 2000 && s.playing() && !(both && core1_done_early); ++frame) {
    s.Tick(1.0 / 60.0);
    const TourPictures& p = s.Pictures();
    REQUIRE(p.timeline.pipeline.lanes.size() == 4);  // two cores, each with its copy engine
    int computing = 0;
    for (const views::GridMotion& m : p.grid.motion) computing += m.kind == views::CellMotion::Computing;
    both = both || computing == 2;
    if (p.grid.core1_first_step < 0 || !p.grid.current) continue;
    // While core 0 is still on its steps, a step of core 1 already shows as run: the clock's state.
    if (views::StepInLaunch(p.grid, p.grid.current->slice, p.grid.current->row, p.grid.current->col) <
        p.grid.core1_first_step) {
      const auto first = views::CellOfStep(p.grid, p.grid.core1_first_step);
      REQUIRE(first);
      const views::CellState state =
          p.grid.slices[static_cast<std::size_t>(first->slice)]
              .cells[static_cast<std::size_t>(first->row * p.grid.cols + first->col)];
      core1_done_early = core1_done_early || state != views::CellState::Pending;
    }
  }
  CHECK(both);
  CHECK(core1_done_early);
}

}  // namespace tilewalk::session
