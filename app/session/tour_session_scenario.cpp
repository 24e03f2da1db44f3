// The scenario a stop runs, edited: recording the user's flags through the stop lander, as every stop's own
// scenario is recorded (on a worker thread in the window), and the picture of the scenario pane.
#include "app/session/tour_session.hpp"

#include <string>
#include <utility>

#include "kernels/registry/registry.hpp"

namespace tilewalk::session {

void TourSession::RunScenario(std::vector<std::string> flags) {
  if (m_tour == nullptr) return;
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  walkthrough::TourStop edited = stop;
  edited.scenario = flags;
  if (m_background_recording) {
    RetireJob();  // a newer edit wins over one still recording
    m_pending = PendingRecording{std::move(edited), std::move(flags)};
    StartPendingJob();
    MarkDirty();
    return;
  }
  // The path every stop's scenario takes, with the caller's progress and cancel as a stop's own recording.
  FinishScenario(m_lander.Land(edited, {.progress = m_recording_progress, .cancelled = m_cancelled}),
                 std::move(flags));
}

void TourSession::RetireJob() {
  m_pending.reset();
  if (!m_job) return;
  m_job->Cancel();
  m_retired.push_back(std::move(m_job));
}

void TourSession::StartPendingJob() {
  std::erase_if(m_retired, [](const std::unique_ptr<RecordingJob>& job) { return job->Finished(); });
  if (m_job || !m_retired.empty() || !m_pending) return;
  m_job = std::make_unique<RecordingJob>(m_lander, std::move(m_pending->stop), std::move(m_pending->flags));
  m_pending.reset();
}

void TourSession::PollRecording() {
  StartPendingJob();
  if (!m_job || !m_job->Finished()) return;
  const std::unique_ptr<RecordingJob> job = std::move(m_job);
  if (!job->landing().cancelled) {
    FinishScenario(job->landing(), job->flags());
    if (m_recording == job->landing().recording && job->yardsticks() && !Extras().yardsticks)
      Extras().yardsticks = std::move(job->yardsticks());
  }
  MarkDirty();
}

void TourSession::CancelRecording() {
  RetireJob();
  MarkDirty();
}

int TourSession::recording_percent() const {
  return m_job ? m_job->Percent() : 0;
}

std::string TourSession::recording_status() const {
  if (!m_job && m_pending) return "recording\u2026 (the last edit is stopping)";
  return m_job ? "recording\u2026 " + std::to_string(m_job->Percent()) + " %" : std::string();
}

void TourSession::FinishScenario(const walkthrough::StopLanding& landing, std::vector<std::string> flags) {
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  if (!landing.recording) {  // flags that cannot be read: say so, keep running what ran
    m_scenario_problem = landing.problem;
    MarkDirty();
    return;
  }
  m_scenario_problem.clear();
  m_edited = flags != stop.scenario;
  m_flags = std::move(flags);
  m_playing = false;
  Land(landing);
}

views::ScenarioPicture TourSession::BuildScenarioPictureNow() const {
  ScenarioContext context{.flags = m_flags, .edited = m_edited, .problem = m_scenario_problem};
  if (m_tour != nullptr) context.try_flags = m_tour->stops[static_cast<std::size_t>(m_stop)].try_flags;
  kernel::Scenario scenario(*m_kernel);
  if (m_recording) {
    scenario = m_recording->scenario();
    if (m_recording->error()) {
      context.rejection = &*m_recording->error();
      context.rejection_launch = m_recording->error_launch();
    } else if (m_edited && !m_landing_problem.empty() && context.problem.empty()) {
      context.problem = "This stop's moment is not in the edited scenario (" + m_landing_problem +
                        "), so the cursor starts at the beginning.";
    }
  } else if (context.problem.empty()) {
    context.problem = m_landing_problem;
  }
  return BuildScenarioPicture(scenario, context);
}

}  // namespace tilewalk::session
