#include "walkthrough/stop_landing.hpp"

#include <algorithm>

#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::walkthrough {

std::optional<uint64_t> FindLanding(const Recording& rec, const Landing& land, std::string& why) {
  if (land.kind == Landing::Kind::Rejected) {
    if (!rec.error()) why = "the stop lands on 'rejected' but its scenario is accepted";
    return std::nullopt;
  }
  if (rec.error() && rec.EventCount() == 0) {
    why = "the scenario is rejected (" + rec.error()->message + "); land on 'rejected' or fix the flags";
    return std::nullopt;
  }
  int seen = 0;
  const std::vector<tpu::SiteId> sites =
      land.kind == Landing::Kind::Site ? tpu::SitesNamed(land.site) : std::vector<tpu::SiteId>{};
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
  why = land.kind == Landing::Kind::Launch
            ? "the launch '" + land.launch + "' does not run in this scenario"
            : "the scenario has " + std::to_string(seen) + " matching events, fewer than #" +
                  std::to_string(land.occurrence);
  return std::nullopt;
}

StopLanding StopLander::Land(const TourStop& stop) {
  StopLanding out;
  const auto scenario = flash::ParseScenario(stop.scenario);
  if (!scenario) {
    out.problem = "scenario: " + scenario.error().message;
    return out;
  }
  if (const base::Status runnable = flash::CheckRunnable(*scenario); !runnable) {
    out.problem = "scenario: " + runnable.error().message;
    return out;
  }
  auto& slot = m_recordings[flash::CanonicalScenario(*scenario)];
  if (!slot) slot = std::shared_ptr<const Recording>(Recording::Record(*scenario));
  out.recording = slot;
  out.event = FindLanding(*slot, stop.land, out.problem);
  return out;
}

}  // namespace tilewalk::walkthrough
