// What a person sees of the tour screen, measured from one frame as it was drawn: where each pane was
// (ImGui's own window rectangles), which lines of each file were in view and which one was lit, whether the
// stop's narration and question were shown whole, how large the grid's cells came out, whether the stop's
// focus was in view, and every text an edge cut (views/ui_text.hpp). `gui --layout-json` writes it; the
// layout tests walk every stop of every tour at several sizes and read it.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/screen/tour_layout.hpp"
#include "app/views/drawn_probe.hpp"

namespace tilewalk::app {

struct LayoutReport {
  struct PaneBox {
    std::string name{};  // "source", "passage", "grid", "memory" (the detail pane by its tab), "timeline"
    PaneRect rect{};
  };
  std::vector<PaneBox> panes{};
  std::vector<views::ShownFile> files{};
  bool narration_whole = false;        // the stop's title and narration wholly in view
  bool question_whole = false;         // the stop's question, its choices and what to do next; true with none
  bool focus_in_view = false;          // the stop's picture (`show:`) is on screen and its focus in view
  std::string focus_pane{};            // that picture: "grid", "memory", ...
  std::optional<float> cell_px{};      // the grid's cell size, when a grid was drawn
  std::vector<std::string> clipped{};  // "PANE: TEXT" of each text an edge cut
  std::vector<std::string> folded{};   // panes left out for want of room, each with why
};

// Whether any two panes overlap by more than a pixel.
bool PanesOverlap(const LayoutReport& report);

}  // namespace tilewalk::app
