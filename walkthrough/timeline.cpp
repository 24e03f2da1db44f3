#include "walkthrough/timeline.hpp"

#include <algorithm>
#include <cassert>

namespace tilewalk::walkthrough {

using tpu::EventKind;

bool IsMoment(const Recording& r, uint64_t event, Moment moment) {
  const tpu::Event& e = r.EventAt(event);
  switch (moment) {
    case Moment::SkippedStep: {
      if (e.kind != EventKind::StepBegin) return false;
      const LaunchTrack& t = r.launches()[static_cast<std::size_t>(r.LaunchOf(event))];
      return e.step < t.step_ran.size() && !t.step_ran[e.step];
    }
    case Moment::IssuedCopy:
      return e.kind == EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued);
    case Moment::SkippedCopy:
      return e.kind == EventKind::CopyIn && !(e.flags & tpu::event_flags::kIssued);
    case Moment::Writeback:
      return e.kind == EventKind::Writeback;
    case Moment::WhenTaken:
      return e.kind == EventKind::When && (e.flags & tpu::event_flags::kTaken);
    case Moment::Error:
      return e.kind == EventKind::Error;
  }
  return false;
}

Timeline::Timeline(std::shared_ptr<const Recording> recording) : m_recording(std::move(recording)) {}

bool Timeline::Seek(uint64_t event) {
  if (event >= size()) return false;
  m_cursor = event;
  m_snapshot.reset();
  return true;
}

std::optional<uint64_t> Timeline::Find(Direction direction,
                                       bool (*match)(const Recording&, uint64_t, const void*),
                                       const void* context) const {
  if (direction == Direction::Forward) {
    for (uint64_t e = m_cursor + 1; e < size(); ++e)
      if (match(*m_recording, e, context)) return e;
  } else {
    for (uint64_t e = m_cursor; e-- > 0;)
      if (match(*m_recording, e, context)) return e;
  }
  return std::nullopt;
}

bool Timeline::Step(Granularity granularity, Direction direction) {
  const Recording& r = *m_recording;
  std::optional<uint64_t> target;
  switch (granularity) {
    case Granularity::Statement:
      if (direction == Direction::Forward ? m_cursor + 1 < size() : m_cursor > 0)
        target = direction == Direction::Forward ? m_cursor + 1 : m_cursor - 1;
      break;
    case Granularity::Dma:
      target = Find(
          direction,
          [](const Recording& rec, uint64_t e, const void*) {
            const auto k = rec.EventAt(e).kind;
            return k == EventKind::CopyIn || k == EventKind::Writeback;
          },
          nullptr);
      break;
    case Granularity::GridStep:
      target = Find(
          direction,
          [](const Recording& rec, uint64_t e, const void*) {
            return rec.EventAt(e).kind == EventKind::StepBegin;
          },
          nullptr);
      break;
    case Granularity::Launch: {
      const int launch = r.LaunchOf(m_cursor) + static_cast<int>(direction);
      const uint64_t first = r.launches()[static_cast<std::size_t>(r.LaunchOf(m_cursor))].global_first_event;
      if (direction == Direction::Backward && m_cursor > first)
        target = first;  // like a debugger: back first goes to the start of this launch
      else if (launch >= 0 && launch < static_cast<int>(r.launches().size()))
        target = r.launches()[static_cast<std::size_t>(launch)].global_first_event;
      break;
    }
  }
  return target && Seek(*target);
}

bool Timeline::Jump(Moment moment, Direction direction) {
  const auto target = Find(
      direction,
      [](const Recording& rec, uint64_t e, const void* m) {
        return IsMoment(rec, e, *static_cast<const Moment*>(m));
      },
      &moment);
  return target && Seek(*target);
}

bool Timeline::JumpToFirstOf(const std::vector<tpu::SiteId>& sites) {
  if (sites.empty()) return false;
  for (uint64_t e = 0; e < size(); ++e)
    if (std::find(sites.begin(), sites.end(), m_recording->EventAt(e).site) != sites.end()) return Seek(e);
  return false;
}

bool Timeline::JumpToSite(std::string_view site_name) {
  return JumpToFirstOf(tpu::SitesNamed(site_name));
}

bool Timeline::JumpToLine(uint32_t cpp_line) {
  return JumpToFirstOf(tpu::SitesOnLine(cpp_line));
}

std::shared_ptr<const Snapshot> Timeline::Current() {
  if (m_snapshot) return m_snapshot;
  const int launch = m_recording->LaunchOf(m_cursor);
  const int64_t step = m_recording->StepOf(m_cursor);
  if (!m_replay || m_replay->launch != launch || m_replay->step != step)
    m_replay = m_recording->Replay(launch, step);
  m_snapshot = MakeSnapshot(*m_recording, *m_replay, m_cursor);
  return m_snapshot;
}

}  // namespace tilewalk::walkthrough
