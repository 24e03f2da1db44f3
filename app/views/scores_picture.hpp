// What the scores pane draws: s and p of the current minor block as heatmaps, masked entries hatched (causal
// "/", segment "\") and left out of the colour scale, with how many of each there are.
#pragma once

#include <string>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::views {

struct ScoresPicture {
  std::string empty_message{};  // non-empty: nothing to show, and why
  std::string launch{};         // "fwd"
  Heatmap s{}, p{};
  std::string s_from{}, p_from{};                // the sites: "fwd.run.apply_mask", "fwd.run.p"
  bool has_p = false;                            // p of this minor block is computed yet
  bool has_causal = false, has_segment = false;  // the masks of this block are computed yet
  int causal_masked = 0, segment_masked = 0;
  int m_tiles = 0;          // fwd p: m tiled block_k / 128 times to meet s; 0 to leave unsaid
  bool mask_added = false;  // s already holds the mask value (−0.7 × float max) where masked
};

}  // namespace tilewalk::views
