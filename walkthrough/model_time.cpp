#include "walkthrough/model_time.hpp"

#include <algorithm>

namespace tilewalk::walkthrough {
namespace {

bool IsCopy(const tpu::Event& e) {
  return (e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0) ||
         e.kind == tpu::EventKind::Writeback;
}

bool IsSkippedCopy(const tpu::Event& e) {
  return e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) == 0;
}

// The last of `indices` whose event starts at or before `t`, as a position in `indices`; -1 for none.
std::ptrdiff_t LastStartedBy(const std::vector<uint32_t>& indices, const tpu::EventLog& events, double t) {
  const auto after = std::upper_bound(indices.begin(), indices.end(), t, [&](double time, uint32_t index) {
    return time < static_cast<double>(events[index].t_start_us);
  });
  return (after - indices.begin()) - 1;
}

// Times are stamped as floats from the launch's start and asked for as doubles from the recording's:
// an event counts as started a picosecond early, so that the clock put at an event's start finds it.
constexpr double kClockSlackUs = 1e-6;

}  // namespace

bool StepFinished(const tpu::StepCost& cost) {
  return cost.compute_us > 0 && cost.end_us >= cost.start_us;
}

ModelTime::ModelTime(const Recording& recording) : m_recording(recording) {
  for (const LaunchTrack& track : recording.launches()) {
    std::array<CoreIndex, 2>& cores = m_launches.emplace_back();
    for (std::size_t i = 0; i < track.events.size(); ++i) {
      const tpu::Event& e = track.events[i];
      if (IsSkippedCopy(e)) continue;  // a skipped copy takes no time on either engine
      CoreIndex& core = cores[static_cast<std::size_t>(e.core())];
      (IsCopy(e) ? core.copies : core.compute).push_back(static_cast<uint32_t>(i));
    }
    for (std::size_t s = 0; s < track.stats.step_costs.size(); ++s)
      if (StepFinished(track.stats.step_costs[s]))
        cores[track.stats.step_costs[s].core & 1u].steps.push_back(static_cast<uint32_t>(s));
  }
}

int ModelTime::Cores(int launch) const {
  if (launch < 0 || launch >= static_cast<int>(m_launches.size())) return 1;
  return m_launches[static_cast<std::size_t>(launch)][1].compute.empty() ? 1 : 2;
}

CoreInstant ModelTime::CoreAt(int launch, int core, double local_us) const {
  const double started_by = local_us + kClockSlackUs;
  const CoreIndex& index = m_launches[static_cast<std::size_t>(launch)][static_cast<std::size_t>(core)];
  const tpu::EventLog& events = m_recording.launches()[static_cast<std::size_t>(launch)].events;
  const uint64_t base = m_recording.EventRange(launch).first;
  CoreInstant instant;
  if (index.compute.empty()) return instant;  // Unused
  const std::ptrdiff_t copy = LastStartedBy(index.copies, events, started_by);
  if (copy >= 0) {
    instant.started_copy = base + index.copies[static_cast<std::size_t>(copy)];
    const tpu::Event& e = events[index.copies[static_cast<std::size_t>(copy)]];
    const double start = e.t_start_us, end = e.t_end_us;
    if (local_us < end && end > start)
      instant.copy = CopyInFlight{base + index.copies[static_cast<std::size_t>(copy)],
                                  std::max(0.0, (local_us - start) / (end - start))};
  }
  const std::ptrdiff_t at = LastStartedBy(index.compute, events, started_by);
  if (at < 0) {  // the prologue: the first step's inputs are on their way
    instant.activity = CoreActivity::Waiting;
    instant.step = events[index.compute.front()].step;
    return instant;
  }
  const auto position = static_cast<std::size_t>(at);
  const tpu::Event& e = events[index.compute[position]];
  instant.event = base + index.compute[position];
  instant.step = e.step;
  instant.activity = CoreActivity::Computing;
  if (local_us < static_cast<double>(e.t_end_us)) return instant;
  if (position + 1 == index.compute.size()) {
    instant.activity = CoreActivity::Done;
  } else if (e.kind == tpu::EventKind::StepEnd) {  // between steps: a bubble until the next one begins
    instant.activity = CoreActivity::Waiting;
    instant.step = events[index.compute[position + 1]].step;
  }
  return instant;
}

ModelInstant ModelTime::At(double time_us) const {
  ModelInstant instant;
  const auto launches = static_cast<int>(m_launches.size());
  instant.time_us = std::clamp(time_us, 0.0, m_recording.TotalTime());
  if (launches == 0) return instant;
  int launch = 0;
  while (launch + 1 < launches && instant.time_us >= m_recording.LaunchStartTime(launch + 1)) ++launch;
  instant.launch = launch;
  instant.local_us = instant.time_us - m_recording.LaunchStartTime(launch);
  for (int core = 0; core < 2; ++core)
    instant.cores[static_cast<std::size_t>(core)] = CoreAt(launch, core, instant.local_us);
  const CoreInstant& first = instant.cores[0];
  const CoreInstant& second = instant.cores[1];
  const EventSpan span = m_recording.EventRange(launch);
  instant.cursor = first.event.value_or(first.started_copy.value_or(span.first));
  if (first.activity == CoreActivity::Done && second.event)
    instant.cursor = std::max(instant.cursor, *second.event);
  return instant;
}

std::vector<LaneSpan> ModelTime::ComputeSpans(int launch, int core, double from_us, double to_us,
                                              std::size_t limit) const {
  std::vector<LaneSpan> spans;
  if (launch < 0 || launch >= static_cast<int>(m_launches.size())) return spans;
  const std::vector<uint32_t>& steps =
      m_launches[static_cast<std::size_t>(launch)][static_cast<std::size_t>(core)].steps;
  const std::vector<tpu::StepCost>& costs =
      m_recording.launches()[static_cast<std::size_t>(launch)].stats.step_costs;
  const double origin = m_recording.LaunchStartTime(launch);
  const double from = from_us - origin, to = to_us - origin;
  auto it =
      std::partition_point(steps.begin(), steps.end(), [&](uint32_t s) { return costs[s].end_us <= from; });
  for (; it != steps.end() && spans.size() < limit; ++it) {
    const tpu::StepCost& cost = costs[*it];
    if (cost.start_us - cost.wait_us >= to) break;
    if (cost.wait_us > 0)
      spans.push_back(
          {origin + cost.start_us - cost.wait_us, origin + cost.start_us, LaneSpanKind::Wait, *it});
    spans.push_back({origin + cost.start_us, origin + cost.end_us,
                     cost.ran ? LaneSpanKind::Ran : LaneSpanKind::Skipped, *it});
  }
  return spans;
}

std::vector<LaneSpan> ModelTime::CopySpans(int launch, int core, double from_us, double to_us,
                                           std::size_t limit) const {
  std::vector<LaneSpan> spans;
  if (launch < 0 || launch >= static_cast<int>(m_launches.size())) return spans;
  const std::vector<uint32_t>& copies =
      m_launches[static_cast<std::size_t>(launch)][static_cast<std::size_t>(core)].copies;
  const tpu::EventLog& events = m_recording.launches()[static_cast<std::size_t>(launch)].events;
  const double origin = m_recording.LaunchStartTime(launch);
  const double from = from_us - origin, to = to_us - origin;
  auto it = std::partition_point(copies.begin(), copies.end(),
                                 [&](uint32_t i) { return static_cast<double>(events[i].t_end_us) <= from; });
  for (; it != copies.end() && spans.size() < limit; ++it) {
    const tpu::Event& e = events[*it];
    if (static_cast<double>(e.t_start_us) >= to) break;
    spans.push_back({origin + e.t_start_us, origin + e.t_end_us,
                     e.kind == tpu::EventKind::Writeback ? LaneSpanKind::Writeback : LaneSpanKind::CopyIn,
                     e.step, e.operand});
  }
  return spans;
}

}  // namespace tilewalk::walkthrough
