// What the grid view draws: the grid of one kernel launch, cut into one (batch, head) slice per block of
// q-block rows and kv-block columns, with the state of every grid step and the step the cursor is on. The
// cursor's step keeps its own state (ran, skipped) and is outlined, never filled, so that a stop about a
// skipped step shows a skipped step. A GridPicture is an immutable value that the app builds from a snapshot
// of the simulator; the view never reaches back into the core. The small helpers here answer "which grid
// step is this cell", which both the layout and the app need.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class CellState : std::uint8_t {
  Pending,  // the grid has not reached this step yet
  Ran,      // the step ran its body, arithmetic included
  Skipped,  // the step was visited (copies issued) but the causal check skipped the arithmetic
};

struct GridSlice {
  int batch = 0, head = 0;
  std::vector<CellState> cells{};  // rows*cols, row-major
};

// A cell of the picture: its slice, row and column.
struct GridCell {
  int slice = 0, row = 0, col = 0;
  bool operator==(const GridCell&) const = default;
};

// Cells of one slice, rows first_row..last_row and columns first_col..last_col, both ends included.
struct GridRange {
  int slice = 0, first_row = 0, last_row = 0, first_col = 0, last_col = 0;
  bool operator==(const GridRange&) const = default;
};

// Model-time playback: what a cell's step is doing at the playhead, beside its state.
enum class CellMotion : std::uint8_t {
  Computing,  // a TensorCore runs the step's body now
  Waiting,    // the step's core waits for its inputs to land (a bubble)
  Loading,    // the step's inputs are being copied in, ahead of it (progress: how much has landed)
};

struct GridMotion {
  GridCell cell{};
  CellMotion kind = CellMotion::Computing;
  float progress = 0;  // Loading: of the copy under way, in [0, 1)
};

struct GridPicture {
  std::string title{};                   // "Forward launch grid (b, h, q, kv)"
  std::string row_label{}, col_label{};  // "q block", "kv block"
  int rows = 0, cols = 0;
  int row_band = 1, col_band = 1;   // a summary of a large grid: each cell stands for this many rows, columns
  bool walks_down_columns = false;  // false: the innermost grid axis runs along a row (kv innermost, forward
                                    // and dQ); true: it runs down a column (q innermost, dK/dV)
  int core1_first_step = -1;        // megacore (v4, v5p): the first grid step TensorCore 1 runs; -1: one core
  // Where the slices run in the step order: outside both block axes (flash: batch and head first), or
  // between them (splash's dK/dV grid is (kv, head, q): each kv column visits every head's q blocks).
  bool slices_between_blocks = false;
  std::vector<GridSlice> slices{};
  std::optional<GridCell> current{};  // the step the cursor is on, if it is in this picture
  std::optional<GridRange> focus{};   // the cells the stop's words are about (its `focus: cell`), outlined
  std::vector<GridMotion> motion{};   // model-time playback only: per core, what is active at the playhead
};

constexpr bool IsCurrent(const GridPicture& picture, int slice, int row, int col) {
  return picture.current && *picture.current == GridCell{slice, row, col};
}

struct GridViewState {
  float zoom = 1.0f;       // multiplies the cell size that fits the pane; above 1 the pane scrolls
  bool show_order = true;  // draw the execution path and the step numbers
  bool compact = false;    // no title and no controls: for a pane that titles itself and has little room
  // A step's transition: the cursor's ring glides from this cell to the current one, `glide` of the way.
  std::optional<GridCell> glide_from{};
  float glide = 1.0f;
};

// An intent is a GridCell too: the user asked to move the cursor to that grid step. The app applies it.

// The position of (row, col) in the execution order of one slice: the innermost axis varies fastest.
constexpr int StepInSlice(int rows, int cols, bool walks_down_columns, int row, int col) {
  return walks_down_columns ? col * rows + row : row * cols + col;
}

// The grid step of a cell within the whole launch. Slices run one after another when they are the outer
// grid axes; between the block axes, the outer block axis runs outside every slice and the inner one inside.
constexpr int StepInLaunch(const GridPicture& picture, int slice, int row, int col) {
  if (!picture.slices_between_blocks)
    return slice * picture.rows * picture.cols +
           StepInSlice(picture.rows, picture.cols, picture.walks_down_columns, row, col);
  const int inner_count = picture.walks_down_columns ? picture.rows : picture.cols;
  const int outer = picture.walks_down_columns ? col : row, inner = picture.walks_down_columns ? row : col;
  return (outer * static_cast<int>(picture.slices.size()) + slice) * inner_count + inner;
}

// The cell of a grid step of the whole launch, the inverse of StepInLaunch; none past the grid's end.
constexpr std::optional<GridCell> CellOfStep(const GridPicture& picture, std::int64_t step) {
  const int per_slice = picture.rows * picture.cols;
  if (per_slice <= 0 || step < 0 ||
      step >= static_cast<std::int64_t>(per_slice) * static_cast<std::int64_t>(picture.slices.size()))
    return std::nullopt;
  if (picture.slices_between_blocks) {
    const int inner_count = picture.walks_down_columns ? picture.rows : picture.cols;
    const int slices = static_cast<int>(picture.slices.size());
    const int inner = static_cast<int>(step % inner_count), rest = static_cast<int>(step / inner_count);
    const int slice = rest % slices, outer = rest / slices;
    return picture.walks_down_columns ? GridCell{slice, inner, outer} : GridCell{slice, outer, inner};
  }
  const int slice = static_cast<int>(step / per_slice), in_slice = static_cast<int>(step % per_slice);
  return picture.walks_down_columns ? GridCell{slice, in_slice % picture.rows, in_slice / picture.rows}
                                    : GridCell{slice, in_slice / picture.cols, in_slice % picture.cols};
}

// The TensorCore that runs a cell's step: 0, or 1 from the picture's core1_first_step on.
constexpr int CoreOfCell(const GridPicture& picture, int slice, int row, int col) {
  return picture.core1_first_step >= 0 && StepInLaunch(picture, slice, row, col) >= picture.core1_first_step
             ? 1
             : 0;
}

}  // namespace tilewalk::views
