// The change a step animates: about 200 ms, eased, in which the grid's cursor glides from its old cell to
// its new one, a copied block travels from HBM to its slot, and the Lanes and Scores heatmaps cross-fade.
// Only a step of the cursor animates (an arrow key, a clicker, the Timeline's step buttons); a seek, a
// scrub, a jump and playback are instant. A step that comes while another is still animating (a clicker
// pressed quickly) is instant too, as is every step with "reduce motion" on.
#pragma once

#include <optional>

#include "app/views/grid_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::app {

inline constexpr double kStepTransitionSeconds = 0.2;

class StepTransition {
 public:
  // The cursor moved by `intent` from `from_cell`; `instant`: reduce motion is on, or playback moved it.
  void Moved(const views::Intent& intent, std::optional<views::GridCell> from_cell, bool instant);
  void Advance(double seconds);
  // In [0, 1], eased; 1 when no transition is under way.
  float Progress() const;
  bool Active() const { return m_elapsed < m_duration; }
  const std::optional<views::GridCell>& from_cell() const { return m_from_cell; }

 private:
  double m_elapsed = 0, m_duration = 0;
  std::optional<views::GridCell> m_from_cell{};
};

}  // namespace tilewalk::app
