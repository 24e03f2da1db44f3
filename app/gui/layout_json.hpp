// The layout report (app/screen/layout_report.hpp) as the JSON object `gui --layout-json FILE` writes:
//   {"panes": [{"name", "rect": [x, y, w, h]}], "files": [{"name", "first", "last", "lit"}],
//    "narration_whole", "question_whole", "focus_in_view", "focus_pane", "cell_px", "clipped": [...],
//    "folded": [...]}
// `lit` and `cell_px` are null when nothing is lit or no grid is drawn; `first` and `last` are the lines
// wholly in view, 1-based.
#pragma once

#include <string>

#include "app/screen/layout_report.hpp"

namespace tilewalk::app {

std::string LayoutReportJson(const LayoutReport& report);

}  // namespace tilewalk::app
