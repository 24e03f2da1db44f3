#include "app/screen/step_transition.hpp"

#include <algorithm>

namespace tilewalk::app {
namespace {

bool IsStep(views::IntentKind kind) {
  using views::IntentKind;
  return kind == IntentKind::Step || kind == IntentKind::StepStatement || kind == IntentKind::StepGridStep;
}

}  // namespace

void StepTransition::Moved(const views::Intent& intent, std::optional<views::GridCell> from_cell,
                           bool instant) {
  const bool quick_repeat = Active();
  if (!IsStep(intent.kind) || instant || quick_repeat) {
    m_elapsed = m_duration = 0;
    m_from_cell.reset();
    return;
  }
  m_elapsed = 0;
  m_duration = kStepTransitionSeconds;
  m_from_cell = from_cell;
}

void StepTransition::Advance(double seconds) {
  m_elapsed = std::min(m_duration, m_elapsed + std::max(0.0, seconds));
}

float StepTransition::Progress() const {
  if (!Active()) return 1.0f;
  const double t = m_elapsed / m_duration;
  return static_cast<float>(t * t * (3.0 - 2.0 * t));  // smoothstep: eases in and out
}

}  // namespace tilewalk::app
