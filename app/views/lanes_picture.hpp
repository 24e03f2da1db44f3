// What the lanes pane draws: m and l as block_q × 128 lanes (one number per query row, held in all 128
// lanes of its row), the sideways tiling of m to the width of a score block, and alpha, the correction of
// the running sum, once the cursor has reached it in this minor block.
#pragma once

#include <string>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::views {

struct LanesPicture {
  std::string empty_message{};                        // non-empty: nothing to show, and why
  std::string launch{};                               // "fwd"
  Heatmap m{}, l{};                                   // block_q × 128
  std::string m_from{}, l_from{};                     // "m_next (this block)", "m_scratch"
  bool m_lanes_equal = false, l_lanes_equal = false;  // every lane of every row holds the row's value
  int tile_repeats = 0;    // block_k / 128: copies of m side by side to meet a score block; 0: unknown
  int score_cols = 0;      // block_k
  bool has_alpha = false;  // the cursor is at or after alpha in this minor block
  Heatmap alpha{};         // block_q × 128
  int rows_rescaled = 0;   // rows whose alpha < 1: their running max rose, so l and acc shrink
  float alpha_min = 1.0f;
};

}  // namespace tilewalk::views
