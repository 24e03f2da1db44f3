// The summary of a large grid: its rows and columns in bands (grid_layout.hpp, BandGrid).
#include <algorithm>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views {

GridPicture BandGrid(const GridPicture& picture, int row_band, int col_band) {
  GridPicture banded = picture;
  banded.core1_first_step = -1;  // a band can hold steps of both cores: the summary leaves cores out
  banded.row_band = std::max(row_band, 1);
  banded.col_band = std::max(col_band, 1);
  const int rows = std::max(picture.rows, 0), cols = std::max(picture.cols, 0);
  banded.rows = (rows + banded.row_band - 1) / banded.row_band;
  banded.cols = (cols + banded.col_band - 1) / banded.col_band;
  for (std::size_t s = 0; s < picture.slices.size(); ++s) {
    const std::vector<CellState>& cells = picture.slices[s].cells;
    std::vector<CellState>& out = banded.slices[s].cells;
    out.assign(static_cast<std::size_t>(banded.rows) * static_cast<std::size_t>(banded.cols),
               CellState::Pending);
    for (std::size_t i = 0; i < cells.size() && cols > 0 && i < static_cast<std::size_t>(rows) * cols; ++i) {
      const int r = static_cast<int>(i / static_cast<std::size_t>(cols));
      const int c = static_cast<int>(i % static_cast<std::size_t>(cols));
      CellState& to =
          out[static_cast<std::size_t>(r / banded.row_band) * static_cast<std::size_t>(banded.cols) +
              static_cast<std::size_t>(c / banded.col_band)];
      const CellState state = cells[i];
      // Ran beats skipped beats pending.
      if (state == CellState::Ran || (state == CellState::Skipped && to == CellState::Pending)) to = state;
    }
  }
  // The cursor's band is the one holding its cell.
  if (picture.current)
    banded.current = GridCell{picture.current->slice, picture.current->row / banded.row_band,
                              picture.current->col / banded.col_band};
  if (picture.focus)
    banded.focus =
        GridRange{picture.focus->slice, picture.focus->first_row / banded.row_band,
                  picture.focus->last_row / banded.row_band, picture.focus->first_col / banded.col_band,
                  picture.focus->last_col / banded.col_band};
  return banded;
}

}  // namespace tilewalk::views
