#include "app/screen/layout_report.hpp"

#include <algorithm>

namespace tilewalk::app {

bool PanesOverlap(const LayoutReport& report) {
  constexpr float kSlack = 1.0f;
  for (std::size_t i = 0; i < report.panes.size(); ++i)
    for (std::size_t j = i + 1; j < report.panes.size(); ++j) {
      const PaneRect& a = report.panes[i].rect;
      const PaneRect& b = report.panes[j].rect;
      const float w = std::min(a.x + a.width, b.x + b.width) - std::max(a.x, b.x);
      const float h = std::min(a.y + a.height, b.y + b.height) - std::max(a.y, b.y);
      if (w > kSlack && h > kSlack) return true;
    }
  return false;
}

}  // namespace tilewalk::app
