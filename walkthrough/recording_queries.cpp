// [SECTIONS] launches and steps · the estimated clock · moments and searches
#include <algorithm>
#include <filesystem>
#include <map>

#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

// ---- launches and steps -------------------------------------------------------------------------

EventSpan Recording::EventRange(int launch) const {
  if (launch < 0 || launch >= static_cast<int>(m_tracks.size())) return {};
  const LaunchTrack& t = m_tracks[static_cast<std::size_t>(launch)];
  return {t.global_first_event, t.global_first_event + t.events.size()};
}

int64_t Recording::StepCount(int launch) const {
  if (launch < 0 || launch >= static_cast<int>(m_tracks.size())) return 0;
  const std::vector<uint32_t>& firsts = m_tracks[static_cast<std::size_t>(launch)].step_first_event;
  return firsts.empty() ? 0 : static_cast<int64_t>(firsts.size()) - 1;  // the last entry is the end
}

std::optional<uint64_t> Recording::FirstEventOfStep(int launch, int64_t step) const {
  if (step < 0 || step >= StepCount(launch)) return std::nullopt;
  const LaunchTrack& t = m_tracks[static_cast<std::size_t>(launch)];
  return t.global_first_event + t.step_first_event[static_cast<std::size_t>(step)];
}

bool Recording::StepRan(int launch, int64_t step) const {
  if (step < 0 || step >= StepCount(launch)) return false;
  const std::vector<uint8_t>& ran = m_tracks[static_cast<std::size_t>(launch)].step_ran;
  return static_cast<std::size_t>(step) < ran.size() && ran[static_cast<std::size_t>(step)] != 0;
}

int Recording::LaunchNamed(std::string_view name) const {
  for (std::size_t l = 0; l < m_tracks.size(); ++l)
    if (m_tracks[l].name == name) return static_cast<int>(l);
  return -1;
}

// ---- the estimated clock ------------------------------------------------------------------------

namespace {

double LaunchStart(const std::vector<LaunchTrack>& tracks, std::size_t launch) {
  double start = 0;
  for (std::size_t l = 0; l < launch && l < tracks.size(); ++l) start += tracks[l].stats.cost.total_us;
  return start;
}

}  // namespace

double Recording::LaunchStartTime(int launch) const {
  return LaunchStart(m_tracks, static_cast<std::size_t>(std::max(launch, 0)));
}

double Recording::TotalTime() const {
  return LaunchStart(m_tracks, m_tracks.size());
}

double Recording::TimeOfEvent(uint64_t event) const {
  if (event >= m_event_count) return TotalTime();
  const int launch = LaunchOf(event);
  return LaunchStart(m_tracks, static_cast<std::size_t>(launch)) +
         static_cast<double>(EventAt(event).t_start_us);
}

uint64_t Recording::EventAtTime(double time_us) const {
  double start = 0;
  for (const LaunchTrack& track : m_tracks) {
    const double end = start + track.stats.cost.total_us;
    if (time_us < end || &track == &m_tracks.back()) {
      const double local = time_us - start;
      const auto at = std::find_if(track.events.begin(), track.events.end(), [&](const tpu::Event& e) {
        return static_cast<double>(e.t_start_us) >= local;
      });
      if (at != track.events.end())
        return track.global_first_event + static_cast<uint64_t>(at - track.events.begin());
      return track.events.empty() ? track.global_first_event
                                  : track.global_first_event + track.events.size() - 1;
    }
    start = end;
  }
  return 0;
}

// ---- moments and searches -----------------------------------------------------------------------

bool Recording::IsMoment(uint64_t event, Moment moment) const {
  const tpu::Event& e = EventAt(event);
  using tpu::EventKind;
  switch (moment) {
    case Moment::SkippedStep:
      return e.kind == EventKind::StepBegin && !StepRan(LaunchOf(event), e.step);
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

template <typename Match>
std::optional<uint64_t> Recording::Search(std::optional<uint64_t> from, Direction direction,
                                          Match match) const {
  if (direction == Direction::Forward) {
    for (uint64_t e = from ? *from + 1 : 0; e < m_event_count; ++e)
      if (match(e)) return e;
  } else {
    for (uint64_t e = from ? std::min(*from, m_event_count) : m_event_count; e-- > 0;)
      if (match(e)) return e;
  }
  return std::nullopt;
}

std::optional<uint64_t> Recording::NextMoment(uint64_t from, Moment moment, Direction direction) const {
  return Search(from, direction, [&](uint64_t e) { return IsMoment(e, moment); });
}

std::optional<uint64_t> Recording::NextEventOfKind(uint64_t from, KindSet kinds, Direction direction) const {
  return Search(from, direction, [&](uint64_t e) { return kinds.Has(EventAt(e).kind); });
}

std::optional<uint64_t> Recording::SearchSites(std::optional<uint64_t> from,
                                               std::span<const tpu::SiteId> sites,
                                               Direction direction) const {
  if (sites.empty()) return std::nullopt;
  return Search(from, direction, [&](uint64_t e) {
    return std::find(sites.begin(), sites.end(), EventAt(e).site) != sites.end();
  });
}

std::optional<uint64_t> Recording::SearchLine(std::optional<uint64_t> from, std::string_view file,
                                              uint32_t line, Direction direction) const {
  std::map<tpu::SiteId, bool> on_line;  // per site seen: whether it is on that line of that file
  return Search(from, direction, [&](uint64_t e) {
    const tpu::SiteId site = EventAt(e).site;
    if (site == tpu::kNoSite) return false;
    auto [it, inserted] = on_line.try_emplace(site, false);
    if (inserted) {
      const tpu::SiteInfo info = tpu::GetSite(site);
      it->second = info.line == line && std::filesystem::path(info.file).filename() == file;
    }
    return it->second;
  });
}

std::optional<uint64_t> Recording::SearchNames(std::optional<uint64_t> from,
                                               std::span<const std::string> names,
                                               Direction direction) const {
  if (names.empty()) return std::nullopt;
  return Search(from, direction, [&](uint64_t e) {
    return std::find(names.begin(), names.end(), SiteNameOf(e)) != names.end();
  });
}

std::optional<uint64_t> Recording::NextAtSite(uint64_t from, std::span<const tpu::SiteId> sites,
                                              Direction direction) const {
  return SearchSites(from, sites, direction);
}

std::optional<uint64_t> Recording::NextAtLine(uint64_t from, std::string_view file, uint32_t line,
                                              Direction direction) const {
  return SearchLine(from, file, line, direction);
}

std::optional<uint64_t> Recording::FirstAtSite(std::span<const tpu::SiteId> sites) const {
  return SearchSites(std::nullopt, sites, Direction::Forward);
}

std::vector<tpu::SiteId> Recording::SitesNamed(std::string_view name) const {
  const std::string_view folder = m_scenario.kernel().info().source_folder;
  std::vector<tpu::SiteId> ids;
  for (const tpu::SiteId id : tpu::SitesNamed(name))
    if (tpu::GetSite(id).file.find(folder) != std::string::npos) ids.push_back(id);
  return ids;
}

std::optional<uint64_t> Recording::FirstAtLine(std::string_view file, uint32_t line) const {
  return SearchLine(std::nullopt, file, line, Direction::Forward);
}

std::optional<uint64_t> Recording::NextNamed(uint64_t from, std::span<const std::string> names,
                                             Direction direction) const {
  return SearchNames(from, names, direction);
}

std::optional<uint64_t> Recording::FirstNamed(std::span<const std::string> names) const {
  return SearchNames(std::nullopt, names, Direction::Forward);
}

std::string Recording::SiteNameOf(uint64_t event) const {
  const tpu::Event& e = EventAt(event);
  if (e.site != tpu::kNoSite) return tpu::GetSite(e.site).name;
  const LaunchTrack& track = m_tracks[static_cast<std::size_t>(LaunchOf(event))];
  const auto operand = [&] {
    return e.operand < track.operand_names.size() ? track.operand_names[e.operand] : std::string("?");
  };
  switch (e.kind) {
    case tpu::EventKind::CopyIn:
      return track.name + ".copy." + operand();
    case tpu::EventKind::Writeback:
      return track.name + ".writeback." + operand();
    case tpu::EventKind::StepBegin:
    case tpu::EventKind::StepEnd:
      return track.name + ".step";
    default:
      return {};
  }
}

std::optional<uint64_t> Recording::NearestStatement(uint64_t event, Direction first) const {
  if (event >= m_event_count) return std::nullopt;
  const EventSpan launch = EventRange(LaunchOf(event));
  const auto is_statement = [&](uint64_t e) {
    const tpu::SiteId site = EventAt(e).site;
    return site != tpu::kNoSite && tpu::GetSite(site).line > 0;
  };
  const auto step = static_cast<int64_t>(first);
  for (uint64_t d = 0; d < launch.size(); ++d) {
    for (const int64_t sign : {step, -step}) {
      const int64_t e = static_cast<int64_t>(event) + sign * static_cast<int64_t>(d);
      if (e >= static_cast<int64_t>(launch.first) && e < static_cast<int64_t>(launch.end) &&
          is_statement(static_cast<uint64_t>(e)))
        return static_cast<uint64_t>(e);
    }
  }
  return std::nullopt;
}

}  // namespace tilewalk::walkthrough
