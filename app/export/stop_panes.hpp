// Which panes an export draws at a frame of a tour stop: the panes --panes keeps, or with --stop-pane only
// the stop's own, the pane its `show:` line names. A stop that shows the scenario, a form rather than a
// picture, then draws none: the manifest carries its scenario as text.
#pragma once

#include "app/export/export_options.hpp"
#include "walkthrough/tour.hpp"

namespace tilewalk::app {

// The window's pane that a stop's `show:` names (StopPane::Memory is Pane::Memory).
Pane PaneOfStop(walkthrough::StopPane show);
// The panes a frame of `stop` draws: `options.panes`, or with --stop-pane the stop's own picture pane.
PaneSet FramePanes(const ExportOptions& options, const walkthrough::TourStop& stop);

}  // namespace tilewalk::app
