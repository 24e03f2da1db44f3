// The tour session's intents: settings (stop, playback, scenario, the question's pick), moves of the one
// cursor, and playback's ticks.
#include <algorithm>

#include "app/session/tour_session.hpp"

namespace tilewalk::session {
namespace {

walkthrough::Granularity GranularityOf(views::StepUnit unit) {
  switch (unit) {
    case views::StepUnit::Dma:
      return walkthrough::Granularity::Dma;
    case views::StepUnit::GridStep:
      return walkthrough::Granularity::GridStep;
    case views::StepUnit::Launch:
      return walkthrough::Granularity::Launch;
    default:
      return walkthrough::Granularity::Statement;
  }
}

std::optional<walkthrough::Moment> MomentOf(std::int64_t marker) {
  switch (static_cast<views::MarkerKind>(marker)) {
    case views::MarkerKind::IssuedCopy:
      return walkthrough::Moment::IssuedCopy;
    case views::MarkerKind::SkippedCopy:
      return walkthrough::Moment::SkippedCopy;
    case views::MarkerKind::Writeback:
      return walkthrough::Moment::Writeback;
    case views::MarkerKind::SkippedStep:
      return walkthrough::Moment::SkippedStep;
    case views::MarkerKind::Error:
      return walkthrough::Moment::Error;
    default:
      return std::nullopt;
  }
}

}  // namespace

void TourSession::Apply(const views::Intent& intent) {
  if (ApplySetting(intent)) return;
  using views::IntentKind;
  const auto direction =
      intent.value < 0 ? walkthrough::Direction::Backward : walkthrough::Direction::Forward;
  const bool stepped = intent.kind == IntentKind::Step || intent.kind == IntentKind::StepStatement ||
                       intent.kind == IntentKind::StepGridStep;
  const bool step_forward = stepped && direction == walkthrough::Direction::Forward;
  if (!m_timeline) {  // a rejected scenario: nothing to step through, but a step on still answers
    if (step_forward) RevealAsk();
    return;
  }
  if (!MoveCursor(intent, direction)) return;
  MarkDirty();
  m_play_us = m_recording->TimeOfEvent(m_timeline->cursor());
  if (step_forward) RevealAsk();  // the next step answers
}

void TourSession::TryStopSuggestion() {
  if (m_tour == nullptr) return;
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  if (stop.try_flags.empty()) return;
  auto flags = walkthrough::TriedScenarioFlags(stop);  // checked when the library was loaded
  if (flags) RunScenario(std::move(*flags));
}

bool TourSession::ApplySetting(const views::Intent& intent) {
  using views::IntentKind;
  switch (intent.kind) {
    case IntentKind::PreviousStop:
      GoToStop(m_stop - 1);
      return true;
    case IntentKind::NextStop:
      GoToStop(m_stop + 1);
      return true;
    case IntentKind::TogglePlay:
      m_playing = !m_playing && m_timeline != nullptr;
      m_play_debt = 0;
      if (m_playing && m_clock == views::PlayClock::ModelTime && m_play_us >= m_recording->TotalTime()) {
        m_play_us = 0;  // played to the end: play again from the start
        m_timeline->Seek(0);
      }
      MarkDirty();
      return true;
    case IntentKind::ApplyScenario:
      RunScenario(intent.words);
      return true;
    case IntentKind::ResetScenario:
      if (m_tour != nullptr) RunScenario(m_tour->stops[static_cast<std::size_t>(m_stop)].scenario);
      return true;
    case IntentKind::TryStopSuggestion:
      TryStopSuggestion();
      return true;
    case IntentKind::ToggleStopSuggestion:
      Apply({.kind = m_edited ? IntentKind::ResetScenario : IntentKind::TryStopSuggestion});
      return true;
    case IntentKind::PickChoice:
      if (m_ask && !m_ask_revealed && intent.value >= 0 &&
          intent.value < static_cast<std::int64_t>(m_ask->choices.size())) {
        m_ask_pick = static_cast<int>(intent.value);
        MarkDirty();
      }
      return true;
    case IntentKind::RevealAnswer:
      RevealAsk();
      return true;
    default:
      return ApplyPlaybackSetting(intent);
  }
}

bool TourSession::ApplyPlaybackSetting(const views::Intent& intent) {
  using views::IntentKind;
  switch (intent.kind) {
    case IntentKind::SetSpeed:
      m_speed = std::clamp(static_cast<float>(intent.value), 1.0f, 120.0f);
      MarkDirty();
      return true;
    case IntentKind::SetStepUnit:
      if (intent.value >= 0 && intent.value < static_cast<std::int64_t>(views::StepUnit::kCount)) {
        m_step_unit = static_cast<views::StepUnit>(intent.value);
        m_play_debt = 0;
        MarkDirty();
      }
      return true;
    case IntentKind::NextStepUnit:
      Apply({.kind = IntentKind::SetStepUnit,
             .value = (static_cast<int>(m_step_unit) + 1) % static_cast<int>(views::StepUnit::kCount)});
      return true;
    case IntentKind::SetPlayClock: {
      const auto clock = intent.value == 0 ? views::PlayClock::Steps : views::PlayClock::ModelTime;
      if (clock == m_clock) return true;
      m_clock = clock;
      m_play_debt = 0;
      if (m_timeline) m_play_us = m_recording->TimeOfEvent(m_timeline->cursor());
      MarkDirty();
      return true;
    }
    case IntentKind::TogglePlayClock:
      Apply({.kind = IntentKind::SetPlayClock, .value = m_clock == views::PlayClock::Steps ? 1 : 0});
      return true;
    case IntentKind::SetPlayRate:
      if (const double rate = views::PlayRateOfValue(intent.value); views::PlayRateProblem(rate).empty()) {
        m_rate_us = rate;
        MarkDirty();
      }
      return true;
    case IntentKind::ScalePlayRate:
      m_rate_us = std::clamp(intent.value > 0 ? m_rate_us * 2.0 : m_rate_us / 2.0, views::kMinPlayRate,
                             views::kMaxPlayRate);
      MarkDirty();
      return true;
    case IntentKind::ToggleAxis:
      Apply({.kind = IntentKind::SetAxis, .value = m_axis == views::TimelineAxis::Events ? 1 : 0});
      return true;
    case IntentKind::SetAxis:
      m_axis = intent.value == 0 ? views::TimelineAxis::Events : views::TimelineAxis::Time;
      MarkDirty();
      return true;
    default:
      return false;
  }
}

bool TourSession::MoveCursor(const views::Intent& intent, walkthrough::Direction direction) {
  using views::IntentKind;
  switch (intent.kind) {
    case IntentKind::SeekToEvent:
      return intent.value >= 0 && m_timeline->Seek(static_cast<uint64_t>(intent.value));
    case IntentKind::SeekToNextAtLine:
      return SeekToNextAtLine(intent.file, static_cast<int>(intent.value));
    case IntentKind::StepStatement:
      return m_timeline->Step(walkthrough::Granularity::Statement, direction);
    case IntentKind::StepGridStep:
      return m_timeline->Step(walkthrough::Granularity::GridStep, direction);
    case IntentKind::Step:
      return m_timeline->Step(GranularityOf(m_step_unit), direction);
    case IntentKind::JumpToMarker: {
      const auto moment = MomentOf(intent.arg);
      return moment && m_timeline->Jump(*moment, direction);
    }
    case IntentKind::SeekToTime: {
      const uint64_t event = m_recording->EventAtTime(static_cast<double>(intent.value) / 1000.0);
      return event != m_timeline->cursor() && m_timeline->Seek(event);
    }
    case IntentKind::GoToStart:
      return m_timeline->Seek(0);
    case IntentKind::GoToEnd:
      return m_timeline->Seek(m_timeline->size() - 1);
    case IntentKind::SeekToGridStep:
      return SeekToGridStep(intent.value);
    default:
      return false;
  }
}

void TourSession::Tick(double seconds) {
  PollRecording();
  if (!m_playing || !m_timeline) return;
  if (m_clock == views::PlayClock::ModelTime) return TickModelTime(seconds);
  m_play_debt += seconds;
  const double interval = 1.0 / static_cast<double>(m_speed);
  // At most a few steps a frame, so that a slow frame does not turn into a jump.
  for (int i = 0; i < 4 && m_play_debt >= interval; ++i) {
    m_play_debt -= interval;
    if (!m_timeline->Step(GranularityOf(m_step_unit), walkthrough::Direction::Forward)) {
      m_playing = false;
      break;
    }
    MarkDirty();
    RevealAsk();
  }
  m_play_debt = std::min(m_play_debt, interval);
  m_play_us = m_recording->TimeOfEvent(m_timeline->cursor());
}

// The clock moves by the rate, at most a tenth of a second's worth a frame so that a stalled frame does not
// turn into a jump; the cursor follows the statement computing at the clock.
void TourSession::TickModelTime(double seconds) {
  const double total = m_recording->TotalTime();
  m_play_us = std::min(total, m_play_us + std::min(seconds, 0.1) * m_rate_us);
  m_motion_dirty = true;
  const uint64_t cursor = ModelClock().At(m_play_us).cursor;
  if (cursor != m_timeline->cursor() && m_timeline->Seek(cursor)) {
    MarkDirty();
    RevealAsk();
  }
  if (m_play_us >= total) {
    m_playing = false;
    MarkDirty();
  }
}

// The next event at a line after the cursor, wrapping around to the first: a line of the mirror by its
// statements' sites, a line of the Pallas file by the sites the table maps onto it.
bool TourSession::SeekToNextAtLine(const std::string& file, int line) {
  const walkthrough::Recording& rec = *m_recording;
  const uint64_t cursor = m_timeline->cursor();
  std::optional<uint64_t> found;
  if (m_pallas && file == m_pallas->source().path.string()) {
    const std::vector<std::string> names = m_pallas->SitesAtLine(line);
    found = rec.NextNamed(cursor, names, walkthrough::Direction::Forward);
    if (!found) found = rec.FirstNamed(names);
  } else {
    const auto at_line = static_cast<uint32_t>(line);
    found = rec.NextAtLine(cursor, file, at_line, walkthrough::Direction::Forward);
    if (!found) found = rec.FirstAtLine(file, at_line);
  }
  return found && m_timeline->Seek(*found);
}

bool TourSession::SeekToGridStep(int64_t step) {
  const walkthrough::Recording& rec = *m_recording;
  const auto first = rec.FirstEventOfStep(rec.LaunchOf(m_timeline->cursor()), step);
  return first && m_timeline->Seek(*first);
}

}  // namespace tilewalk::session
