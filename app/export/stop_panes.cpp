#include "app/export/stop_panes.hpp"

#include "app/screen/figure_screen.hpp"

namespace tilewalk::app {

Pane PaneOfStop(walkthrough::StopPane show) {
  using walkthrough::StopPane;
  switch (show) {
    case StopPane::Grid:
      return Pane::Grid;
    case StopPane::Memory:
      return Pane::Memory;
    case StopPane::Lanes:
      return Pane::Lanes;
    case StopPane::Scores:
      return Pane::Scores;
    case StopPane::Cost:
      return Pane::Cost;
    case StopPane::Scenario:
      break;
  }
  return Pane::Scenario;
}

PaneSet FramePanes(const ExportOptions& options, const walkthrough::TourStop& stop) {
  if (!options.stop_pane) return options.panes;
  const Pane own = PaneOfStop(stop.show);
  return PicturePanes().Has(own) ? PaneSet::None().With(own) : PaneSet::None();
}

}  // namespace tilewalk::app
