// Snapshot → heatmap pictures for the lanes and scores panes, and the pure function under both: a tile of
// values turned into an RGBA8 image (one pixel per element), masked entries hatched and kept out of the
// colour range. No ImGui, no GL: the app uploads the image; the tests read its pixels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/session/heatmap_cache.hpp"
#include "app/views/lanes_picture.hpp"
#include "app/views/scores_picture.hpp"
#include "kernels/tpu/value.hpp"
#include "walkthrough/recording.hpp"
#include "walkthrough/snapshot.hpp"

namespace tilewalk::session {

// Why an entry is not in colour; bits, so that an entry can be masked by both masks.
namespace mask_bits {
inline constexpr std::uint8_t kCausal = 1;    // hatched "/"
inline constexpr std::uint8_t kSegment = 2;   // hatched "\"
inline constexpr std::uint8_t kOffScale = 4;  // not finite, or the mask value with no mask to explain it
inline constexpr std::uint8_t kPadding = 8;   // a row past the array's end: striped across, never coloured
}  // namespace mask_bits

// `mask`: empty, or one byte of mask_bits per element, row-major. Entries that are not finite or beyond
// ±1e30 (the mask value is −2.4e38) are off scale even without a mask byte. Rows from `real_rows` on are
// padding (a partial block); −1: every row is real. The range spans the rest; a range of one value paints
// everything at the middle of the ramp.
views::Heatmap BuildHeatmap(std::string label, const tpu::Matrix& data,
                            const std::vector<std::uint8_t>& mask = {}, int real_rows = -1);

// The rows of a forward tile of `rows` query rows at the cursor's grid step that lie inside q_len: fewer
// than `rows` in a partial last q block, whose other rows are padding. `rows` for the backward launches,
// whose blocks always divide their lengths.
int RealQueryRows(const walkthrough::Snapshot& snapshot, int q_len, int rows);

// The scenario's query length as launch `launch` reads its rows (its StepAxes::row_length_field, such as
// q_len): the q_len the pictures mark padding past. 0 when the launch names no such field.
int QueryLength(const walkthrough::Recording& recording, int launch);

// The last two dimensions of an array's first leading index, as a matrix: a scratch buffer such as
// m_scratch (block_b, 1, block_q, 128) read as its first (block_q × 128) tile. Empty below rank 2.
tpu::Matrix FirstTile(const tpu::Array& array);

// The value of `site` computed in the cursor's minor block, or null: a site that has not run yet in this
// block still holds the previous block's value, which the panes must not show as current.
const tpu::Value* CurrentValue(const walkthrough::Snapshot& snapshot, const std::string& site);
// The same, shared: for a cache that must keep the value alive (heatmap_cache.hpp).
std::shared_ptr<const tpu::Value> CurrentValueOwned(const walkthrough::Snapshot& snapshot,
                                                    const std::string& site);

// m and l at the cursor: this block's m_next and l_next once computed, otherwise the scratch buffers
// (forward) or the active m and l input slots (backward); alpha once computed in this block.
// With a cache, a heatmap of the same value or buffer as before is not built again.
// q_len marks the padding rows of a partial q block (RealQueryRows); 0: none marked.
views::LanesPicture BuildLanesPicture(const walkthrough::Snapshot& snapshot, HeatmapCache* cache = nullptr,
                                      int q_len = 0);

// s (or its masked form) and p of the cursor's minor block, with the causal and segment masks, and the
// padding rows of a partial q block as for the lanes.
views::ScoresPicture BuildScoresPicture(const walkthrough::Snapshot& snapshot, int q_len = 0);

}  // namespace tilewalk::session
