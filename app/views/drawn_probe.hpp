// What the panes drew this frame, as far as a reader of the screen cares: the lines of each file in view,
// whether the narration and the question were shown whole, the grid's cell size, whether each pane's focus
// was in view, and every text an edge cut. The views fill it while a probe is set (the layout report,
// app/screen/layout_report.hpp, sets one for a frame); otherwise they skip the bookkeeping. ImGui itself
// keeps its state in one context per process, and so does this.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

struct ShownFile {
  std::string name{};       // the file's name, "forward_kernel.cpp"
  int first = 0, last = 0;  // the first and last lines wholly in view, 1-based; 0 when none
  int lit = 0;              // the executing line (or the line that raised), 0 when none is lit
  bool python = false;      // the Pallas file, rather than the C++ mirror
};

struct Drawn {
  std::vector<std::string> clipped{};  // "WINDOW: TEXT" of each text an edge cut (ui_text.hpp)
  std::vector<ShownFile> files{};
  std::optional<bool> narration_whole{}, question_whole{};  // unset: no passage was drawn
  std::optional<float> cell_px{};                           // the grid's cells, when a grid was drawn
  // By pane: "grid", "memory", "lanes", "scores", "cost", "scenario".
  std::map<std::string, bool> focus_in_view{};
  bool keep_shown = false;           // record every text drawn in `shown` (a script's `expect`)
  std::vector<std::string> shown{};  // in the order drawn
};

// The probe the views fill, or null.
Drawn* DrawnProbe();
void SetDrawnProbe(Drawn* drawn);
// Records, when a probe is set, whether `pane`'s focus was in view.
void NoteFocus(const std::string& pane, bool in_view);

}  // namespace tilewalk::views
