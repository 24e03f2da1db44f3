#include "app/views/canned_grids.hpp"

namespace tilewalk::views {

GridPicture MakeGridPicture(const CannedGridSpec& spec) {
  GridPicture picture{.title = spec.title,
                      .row_label = "q block",
                      .col_label = "kv block",
                      .rows = spec.rows,
                      .cols = spec.cols,
                      .walks_down_columns = spec.walks_down_columns,
                      .core1_first_step = spec.core1_first_step,
                      .slices = {}};
  for (std::size_t s = 0; s < spec.slices.size(); ++s) {
    GridSlice slice{.batch = spec.slices[s].first, .head = spec.slices[s].second, .cells = {}};
    slice.cells.reserve(static_cast<std::size_t>(spec.rows * spec.cols));
    for (int r = 0; r < spec.rows; ++r) {
      for (int c = 0; c < spec.cols; ++c) {
        const int step = StepInLaunch(picture, static_cast<int>(s), r, c);
        // With equal q and kv block sizes, below_or_on_diag is "kv block <= q block".
        const bool skipped = spec.causal && c > r;
        slice.cells.push_back(step <= spec.current_step ? (skipped ? CellState::Skipped : CellState::Ran)
                                                        : CellState::Pending);
        if (step == spec.current_step) picture.current = GridCell{static_cast<int>(s), r, c};
      }
    }
    picture.slices.push_back(std::move(slice));
  }
  return picture;
}

std::vector<CannedGridSpec> CannedGridSpecs() {
  return {
      {.title = "Forward launch grid (b, h, q, kv), causal",
       .walks_down_columns = false,
       .causal = true,
       .current_step = 9},
      {.title = "dK/dV launch grid (b, h, kv, q), causal",
       .walks_down_columns = true,
       .causal = true,
       .current_step = 6},
      {.title = "Forward launch grid, batch of 2",
       .rows = 3,
       .cols = 4,
       .slices = {{0, 0}, {1, 0}},
       .current_step = 17},
      {.title = "Forward launch grid, 96 by 96 blocks, causal",
       .rows = 96,
       .cols = 96,
       .causal = true,
       .current_step = 40 * 96 + 17},
      {.title = "Forward launch grid on a v4, causal: two TensorCores",
       .causal = true,
       .current_step = 11,
       .core1_first_step = 8},
  };
}

}  // namespace tilewalk::views
