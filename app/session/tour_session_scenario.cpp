// The scenario a stop runs, edited: recording the user's flags through the stop lander, as every stop's own
// scenario is recorded, and the picture of the scenario pane.
#include "app/session/tour_session.hpp"

#include <utility>

namespace tilewalk::session {

void TourSession::RunScenario(std::vector<std::string> flags) {
  if (m_tour == nullptr) return;
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  walkthrough::TourStop edited = stop;
  edited.scenario = flags;
  const walkthrough::StopLanding landing = m_lander.Land(edited);  // the path every stop's scenario takes
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
  flash::Scenario scenario;
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
