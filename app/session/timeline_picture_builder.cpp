#include "app/session/picture_builders.hpp"

#include <algorithm>
#include <array>
#include <cstdio>

#include "walkthrough/timeline.hpp"

namespace tilewalk::session {
namespace {

std::optional<views::MarkerKind> MarkerOf(const tpu::Event& e) {
  switch (e.kind) {
    case tpu::EventKind::CopyIn:
      return (e.flags & tpu::event_flags::kIssued) != 0 ? views::MarkerKind::IssuedCopy
                                                        : views::MarkerKind::SkippedCopy;
    case tpu::EventKind::Writeback:
      return views::MarkerKind::Writeback;
    case tpu::EventKind::StepEnd:
      if ((e.flags & tpu::event_flags::kRan) == 0) return views::MarkerKind::SkippedStep;
      return std::nullopt;
    case tpu::EventKind::Error:
      return views::MarkerKind::Error;
    default:
      return std::nullopt;
  }
}

std::string Describe(const walkthrough::Snapshot& snap, const walkthrough::Recording& rec) {
  const tpu::Event& e = snap.event;
  std::string text(tpu::EventKindName(e.kind));
  if (!snap.site.name.empty()) text += " at " + snap.site.name;
  const auto& names = rec.launches()[static_cast<std::size_t>(snap.launch)].operand_names;
  if ((e.kind == tpu::EventKind::CopyIn || e.kind == tpu::EventKind::Writeback) && e.operand < names.size()) {
    text += " of " + names[e.operand] + ", slot " + std::to_string(e.slot);
  }
  if (e.kind == tpu::EventKind::StepEnd)
    text += (e.flags & tpu::event_flags::kRan) != 0 ? " (ran)" : " (skipped: no arithmetic)";
  if (e.kind == tpu::EventKind::CopyIn)
    text += (e.flags & tpu::event_flags::kIssued) != 0 ? " (issued)" : " (skipped: block already in VMEM)";
  return text;
}

// Grid steps of a launch beyond this go on the core lanes as one bar a core, not one a step.
constexpr std::size_t kMaxStepBars = 512;

// The bars of the core lanes: every grid step of the two-core launches on its core's lane.
std::vector<views::TimelineStepBar> CoreStepBars(const walkthrough::Recording& rec) {
  std::vector<views::TimelineStepBar> bars;
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch) {
    const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
    if (track.plan.cores.cores < 2 || track.step_first_event.empty()) continue;
    const uint64_t base = rec.EventRange(launch).first;
    const double start = rec.LaunchStartTime(launch);
    const std::vector<tpu::StepCost>& costs = track.stats.step_costs;
    const std::size_t steps = std::min(costs.size() + 1, track.step_first_event.size()) - 1;
    for (std::size_t s = 0; s < steps; ++s) {
      const views::TimelineStepBar bar{base + track.step_first_event[s], base + track.step_first_event[s + 1],
                                       start + costs[s].start_us - costs[s].wait_us, start + costs[s].end_us,
                                       costs[s].core};
      if (steps > kMaxStepBars && !bars.empty() && bars.back().core == bar.core &&
          bars.back().end == bar.first) {
        bars.back().end = bar.end;  // one bar a core's run of steps
        bars.back().end_us = std::max(bars.back().end_us, bar.end_us);
      } else {
        bars.push_back(bar);
      }
    }
  }
  return bars;
}

std::vector<views::TimelineMarker> Markers(const walkthrough::Recording& rec, int bins) {
  std::vector<views::TimelineMarker> markers;
  const uint64_t count = rec.EventCount();
  if (count == 0 || bins <= 0) return markers;
  constexpr auto kKinds = static_cast<std::size_t>(views::MarkerKind::kCount);
  std::vector<std::array<bool, kKinds>> seen(static_cast<std::size_t>(bins));
  for (uint64_t event = 0; event < count; ++event) {
    const auto kind = MarkerOf(rec.EventAt(event));
    if (!kind) continue;
    const auto bin = static_cast<std::size_t>(event * static_cast<uint64_t>(bins) / count);
    bool& done = seen[bin][static_cast<std::size_t>(*kind)];
    if (done) continue;
    done = true;
    markers.push_back({event, *kind, rec.TimeOfEvent(event)});
  }
  return markers;
}

}  // namespace

TimelineOverview BuildTimelineOverview(const walkthrough::Recording& rec, int bins) {
  return {.markers = Markers(rec, bins), .core_steps = CoreStepBars(rec)};
}

views::TimelinePicture BuildTimelinePicture(const walkthrough::Snapshot& snap,
                                            const walkthrough::Recording& rec,
                                            const TimelineOverview& overview) {
  views::TimelinePicture picture{.event_count = rec.EventCount(), .cursor = snap.event_index};
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch) {
    const walkthrough::EventSpan span = rec.EventRange(launch);
    picture.launches.push_back({rec.launches()[static_cast<std::size_t>(launch)].name, span.first, span.end,
                                rec.LaunchStartTime(launch), rec.LaunchStartTime(launch + 1)});
  }
  picture.total_us = rec.TotalTime();
  picture.cursor_us = rec.TimeOfEvent(snap.event_index);
  picture.markers = overview.markers;
  picture.core_steps = overview.core_steps;
  char clock[48];
  std::snprintf(clock, sizeof clock, "%.2f \u00b5s into %s (est.)", snap.clock_us, snap.launch_name.c_str());
  picture.position = "event " + std::to_string(snap.event_index + 1) + " of " +
                     std::to_string(rec.EventCount()) + "  " + snap.launch_name + " step " +
                     std::to_string(snap.step + 1) + "/" + std::to_string(snap.grid.Product()) + " " +
                     snap.grid_index.ToString() + "  " + clock;
  picture.statement = Describe(snap, rec);
  return picture;
}

}  // namespace tilewalk::session
