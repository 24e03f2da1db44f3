#include "walkthrough/timeline.hpp"

namespace tilewalk::walkthrough {

using tpu::EventKind;

Timeline::Timeline(std::shared_ptr<const Recording> recording) : m_recording(std::move(recording)) {}

bool Timeline::Seek(uint64_t event) {
  if (event >= size()) return false;
  m_cursor = event;
  m_snapshot.reset();
  return true;
}

bool Timeline::Step(Granularity granularity, Direction direction) {
  const Recording& r = *m_recording;
  switch (granularity) {
    case Granularity::Statement:
      if (direction == Direction::Forward) return m_cursor + 1 < size() && Seek(m_cursor + 1);
      return m_cursor > 0 && Seek(m_cursor - 1);
    case Granularity::Dma:
      return SeekTo(r.NextEventOfKind(m_cursor, {EventKind::CopyIn, EventKind::Writeback}, direction));
    case Granularity::GridStep:
      return SeekTo(r.NextEventOfKind(m_cursor, {EventKind::StepBegin}, direction));
    case Granularity::Launch: {
      const int launch = r.LaunchOf(m_cursor);
      const uint64_t first = r.EventRange(launch).first;
      if (direction == Direction::Backward && m_cursor > first)
        return Seek(first);  // like a debugger: back first goes to the start of this launch
      const int next = launch + static_cast<int>(direction);
      return next >= 0 && next < static_cast<int>(r.launches().size()) && Seek(r.EventRange(next).first);
    }
  }
  return false;
}

bool Timeline::Jump(Moment moment, Direction direction) {
  return SeekTo(m_recording->NextMoment(m_cursor, moment, direction));
}

bool Timeline::JumpToSite(std::string_view site_name) {
  return SeekTo(m_recording->FirstAtSite(m_recording->SitesNamed(site_name)));
}

bool Timeline::JumpToLine(std::string_view cpp_file, uint32_t line) {
  return SeekTo(m_recording->FirstAtLine(cpp_file, line));
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
