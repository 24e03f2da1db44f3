#include "walkthrough/stop_landing.hpp"

#include <algorithm>

#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"

namespace tilewalk::walkthrough {

base::Result<std::optional<uint64_t>> FindLanding(const Recording& rec, const Landing& land) {
  if (land.kind == Landing::Kind::Rejected) {
    if (!rec.error())
      return base::Fail(base::Reason::NotFound, "the stop lands on 'rejected' but its scenario is accepted");
    return std::optional<uint64_t>();
  }
  if (rec.error() && rec.EventCount() == 0)
    return base::Fail(base::Reason::NotFound, "the scenario is rejected (" + rec.error()->message +
                                                  "); land on 'rejected' or fix the flags");
  int seen = 0;
  const std::vector<tpu::SiteId> sites =
      land.kind == Landing::Kind::Site ? rec.SitesNamed(land.site) : std::vector<tpu::SiteId>{};
  for (std::size_t l = 0; l < rec.launches().size(); ++l) {
    const LaunchTrack& t = rec.launches()[l];
    if (land.kind == Landing::Kind::Launch) {
      if (t.name == land.launch) return t.global_first_event;
      continue;
    }
    if (land.kind == Landing::Kind::Moment && !land.launch.empty() && t.name != land.launch) continue;
    for (std::size_t i = 0; i < t.events.size(); ++i) {
      const uint64_t e = t.global_first_event + i;
      const bool match = land.kind == Landing::Kind::Site
                             ? std::find(sites.begin(), sites.end(), t.events[i].site) != sites.end()
                             : rec.IsMoment(e, land.moment);
      if (match && ++seen == land.occurrence) return e;
    }
  }
  return base::Fail(base::Reason::NotFound,
                    land.kind == Landing::Kind::Launch
                        ? "the launch '" + land.launch + "' does not run in this scenario"
                        : "the scenario has " + std::to_string(seen) + " matching events, fewer than #" +
                              std::to_string(land.occurrence));
}

std::shared_ptr<const Recording> StopLander::Find(const std::string& key) {
  const std::lock_guard lock(m_mutex);
  const auto found =
      std::find_if(m_recordings.begin(), m_recordings.end(), [&](const Cached& c) { return c.key == key; });
  if (found == m_recordings.end()) return nullptr;
  m_recordings.splice(m_recordings.begin(), m_recordings, found);
  return found->recording;
}

// The newest always stays, even alone over the bound; the oldest go first until the rest fit.
void StopLander::Keep(const std::string& key, std::shared_ptr<const Recording> recording) {
  const std::lock_guard lock(m_mutex);
  const std::size_t bytes = recording->MemoryBytes();
  m_recordings.push_front({key, std::move(recording), bytes});
  m_bytes += bytes;
  // The same scenario recorded twice at once, on two threads: the older copy goes.
  for (auto it = std::next(m_recordings.begin()); it != m_recordings.end(); ++it)
    if (it->key == key) {
      m_bytes -= it->bytes;
      m_recordings.erase(it);
      break;
    }
  while (m_bytes > m_bound && m_recordings.size() > 1) {
    m_bytes -= m_recordings.back().bytes;
    m_recordings.pop_back();
  }
}

std::size_t StopLander::cached_bytes() const {
  const std::lock_guard lock(m_mutex);
  return m_bytes;
}

base::Result<std::vector<std::string>> TriedScenarioFlags(const TourStop& stop) {
  const auto scenario = kernel::ParseScenario(*stop.kernel, stop.scenario);
  if (!scenario) return scenario.error();
  const auto tried = kernel::ParseScenario(stop.try_flags, *scenario);
  if (!tried) return tried.error();
  return tried->ToFlags();
}

StopLanding StopLander::Land(const TourStop& stop, const RecordOptions& options) {
  StopLanding out;
  const auto scenario = kernel::ParseScenario(*stop.kernel, stop.scenario);
  if (!scenario) {
    out.problem = "scenario: " + scenario.error().message;
    return out;
  }
  if (const base::Status runnable = kernel::CheckRunnable(*scenario); !runnable) {
    out.problem = "scenario: " + runnable.error().message;
    return out;
  }
  const kernel::Scenario& erased = *scenario;
  // Two kernels may share a scenario's flags: the key names the kernel too.
  const std::string key = std::string(stop.kernel->info().name) + " " + erased.Canonical();
  std::shared_ptr<const Recording> recording = Find(key);
  if (!recording) {
    recording = Recording::Record(erased, options);
    if (!recording) {
      out.cancelled = true;
      out.problem = "the recording was cancelled";
      return out;
    }
    Keep(key, recording);
  }
  out.recording = recording;
  const base::Result<std::optional<uint64_t>> event = FindLanding(*recording, stop.land);
  if (event)
    out.event = *event;
  else
    out.problem = event.error().message;
  return out;
}

}  // namespace tilewalk::walkthrough
