// The pure half of the grid view: turns a GridPicture and the size of the pane into plain rectangles,
// points and labels, which grid_view.cpp then paints with ImDrawList. Nothing here includes ImGui, so the
// geometry (cells that never overlap, a path that follows the innermost axis, no NaNs for degenerate panes)
// is unit tested without a context. The legend goes above the slices or beside them, wherever the cells
// come out larger. Text is measured with the metrics of a monospace font, which is what
// the app and ImGui's built-in font both are.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/views/grid_picture.hpp"

namespace tilewalk::views {

struct LayoutVec {
  float x = 0.0f, y = 0.0f;
};

struct LayoutRect {
  LayoutVec min, max;
  float Width() const { return max.x - min.x; }
  float Height() const { return max.y - min.y; }
  LayoutVec Centre() const { return {(min.x + max.x) * 0.5f, (min.y + max.y) * 0.5f}; }
  bool Contains(LayoutVec p) const { return p.x >= min.x && p.x < max.x && p.y >= min.y && p.y < max.y; }
};

struct LayoutSegment {
  LayoutVec from, to;
};

enum class LabelRole : std::uint8_t { SliceTitle, AxisName, Index, Innermost, Legend };

struct LayoutLabel {
  LayoutVec pos;  // top-left corner of the text
  std::string text{};
  LabelRole role = LabelRole::Index;
};

struct TextMetrics {
  float char_width = 7.0f;    // advance of one glyph of the monospace font
  float line_height = 13.0f;  // font size in pixels
};

struct GridLayoutOptions {
  float zoom = 1.0f;       // GridViewState::zoom; 1 fits the pane, larger overflows it (the pane scrolls)
  bool show_order = true;  // GridViewState::show_order; adds the path to the legend
  TextMetrics text{};      // metrics of the font the labels are painted with
  float max_fit_cell = 0;  // cap on the fitted cell pitch, so a 1x1 grid is not a wall; 0: 6 line heights
};

struct SliceLayout {
  int source = 0;                 // the slice of the GridPicture this lays out
  LayoutRect frame;               // the whole block of this slice, labels included
  LayoutRect grid;                // outer edge of the cells
  std::vector<LayoutRect> cells;  // rows*cols, row-major, each inset by half the cell gap
  std::vector<LayoutVec> path;    // cell centres in execution order
  int run_length = 0;             // path points per run of the innermost axis; a new run starts a new row
                                  // (or column) and the segment into it is a wrap, not a step along the axis
  LayoutSegment innermost;        // the arrow along the innermost axis, tail to head
  std::vector<LayoutLabel> labels;
  // Megacore: the outline around each TensorCore's cells, core 0's solid and core 1's dashed, in a neutral
  // colour (hue is kept for what a step did), named "core 0" or "core 1" in the region's top-right corner.
  // A core runs whole runs of the innermost axis (grid_slices.hpp), so its cells in a slice form one
  // rectangle.
  struct CoreRegion {
    LayoutRect rect;
    int core = 0;
    LayoutLabel label{};  // "core 0", inside the outline; painted on a patch of the ground
  };
  std::vector<CoreRegion> core_regions;
};

struct LegendEntry {
  LayoutRect swatch;
  CellState state = CellState::Pending;
  LayoutLabel label;
  int core = -1;         // a TensorCore's outline (0 solid, 1 dashed) rather than a cell state
  bool current = false;  // the cursor's outline, drawn over `state`
  bool focus = false;    // the stop's focus: a dashed outline in the passage's colour
};

// A summary's current band magnified: its cells one a step (at most kLensSide a side, around the cursor),
// in a framed box of its own right of the summary or under it (whichever leaves the summary's cells
// larger), never over it, with a leader line from the band to the box.
struct GridLens {
  LayoutRect frame;                   // the box, its title included
  LayoutLabel title;                  // "magnified: q block 40-47, kv block 0-2"
  std::vector<LayoutRect> cells;      // row-major
  std::vector<CellState> states;      // in step with cells
  std::optional<LayoutRect> current;  // the cursor's cell among them, outlined
  LayoutSegment leader;               // from the band cell's centre to the box
};
inline constexpr int kLensSide = 16;

struct GridLayout {
  float cell_pitch = 0.0f;     // distance between the origins of neighbouring cells
  float cell_gap = 0.0f;       // empty space between neighbouring cells
  LayoutVec content_size;      // everything lies within (0, 0)-(content_size)
  bool too_large = false;      // a slice has more cells than are ever drawn; no cells or path laid out
  bool legend_beside = false;  // the legend is a column right of the slices (else a band above them)
  std::vector<LegendEntry> legend;
  std::optional<LayoutSegment> legend_path;  // a stretch of path in the legend, when show_order is on
  std::optional<LayoutLabel> legend_path_label;
  // Beside the slices the legend also names the innermost arrow, which the slices then leave unlabelled.
  std::optional<LayoutSegment> legend_innermost;
  std::optional<LayoutLabel> legend_innermost_label;
  std::optional<LayoutLabel> legend_note;  // a summary's "a cell: 2 by 1 steps"
  // A grid too large for its pane at a readable size is drawn as this summary, its rows and columns in
  // bands (GridPicture::row_band, col_band): paint and hit-test it rather than the picture.
  std::optional<GridPicture> summary;
  std::optional<GridLens> lens;  // with a summary: the band the cursor is in, cell for cell
  std::vector<SliceLayout> slices;
};

// More cells than this in one slice is not a grid anyone can read; the view says so instead of drawing.
inline constexpr std::int64_t kMaxLaidOutCellsPerSlice = std::int64_t{1} << 22;

// `picture` with its rows and columns in bands of `row_band` and `col_band`: a band cell is current if the
// cursor is in it, pending if none of its steps has run, ran if any ran, else skipped.
GridPicture BandGrid(const GridPicture& picture, int row_band, int col_band);

GridLayout BuildGridLayout(const GridPicture& picture, float width, float height,
                           const GridLayoutOptions& options = {});
// The size the lens of `summary` would like, cells and title: none without a cursor.
std::optional<LayoutVec> GridLensSize(const GridPicture& summary, const GridPicture& full,
                                      const TextMetrics& m);
// The lens of a summary laid out by BuildGridLayout (which calls it), its top-left corner at `box`'s and its
// cells shrunk to fit `box`: none without a summary or a cursor.
std::optional<GridLens> BuildGridLens(const GridLayout& layout, const GridPicture& full, const TextMetrics& m,
                                      const LayoutRect& box);

// The state of cell `index` of a slice. A picture may hold fewer cells than rows × cols if its builder has
// a bug; those are pending rather than read past the end.
CellState StateAt(const GridSlice& slice, std::size_t index);

// What to paint for a slice's cells: a rectangle a cell where cells have gaps between them, else one a run
// of a state along a row, so that a dense grid stays a few hundred rectangles.
struct CellRun {
  LayoutRect rect;
  CellState state = CellState::Pending;
};
std::vector<CellRun> CellRuns(const GridPicture& picture, const SliceLayout& slice, const GridSlice& source,
                              float gap);

// Where the picture's focus lies in the layout: the box around its cells, in the slice that holds them; none
// without a focus, or when that slice or those cells are not laid out.
std::optional<LayoutRect> FocusRect(const GridLayout& layout, const GridPicture& picture);

// The cell under a point given in layout coordinates, if any.
std::optional<GridCell> HitTestGridLayout(const GridLayout& layout, const GridPicture& picture, LayoutVec p);

// Diagonal hatch lines ("/") clipped to rect, spaced `spacing` apart; how skipped cells read as "visited,
// no arithmetic" without a clip rectangle per cell.
std::vector<LayoutSegment> HatchSegments(const LayoutRect& rect, float spacing);

}  // namespace tilewalk::views
