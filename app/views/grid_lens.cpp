// The magnified current band of a grid summary (grid_layout.hpp, GridLens): the cells of the band the
// cursor is in, one a step, in a box beside the band, so that a summary never hides where the cursor is.
#include <algorithm>
#include <cmath>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views {
namespace {

struct Band {
  int slice = 0;       // of the layout
  LayoutRect cell;     // the band's cell in the summary
  int r0 = 0, r1 = 0;  // the full grid's rows shown, [r0, r1)
  int c0 = 0, c1 = 0;  // and columns
};

// The band holding the cursor, with at most kLensSide rows and columns of it around the cursor's cell.
std::optional<Band> CurrentBand(const GridLayout& layout, const GridPicture& full) {
  const GridPicture& summary = *layout.summary;
  for (std::size_t s = 0; s < layout.slices.size(); ++s) {
    const SliceLayout& slice = layout.slices[s];
    const auto source = static_cast<std::size_t>(slice.source);
    if (source >= summary.slices.size() || source >= full.slices.size()) continue;
    if (!full.current || full.current->slice != slice.source || full.cols <= 0) continue;
    const int row = full.current->row, col = full.current->col;
    const int band_row = row / summary.row_band, band_col = col / summary.col_band;
    const auto cell = static_cast<std::size_t>(band_row * summary.cols + band_col);
    if (cell >= slice.cells.size()) continue;
    Band band{.slice = static_cast<int>(s), .cell = slice.cells[cell]};
    const auto window = [](int first, int size, int limit, int at_cell, int& lo, int& hi) {
      lo = first;
      hi = std::min(first + size, limit);
      if (hi - lo > kLensSide) {
        lo = std::clamp(at_cell - kLensSide / 2, lo, hi - kLensSide);
        hi = lo + kLensSide;
      }
    };
    window(band_row * summary.row_band, summary.row_band, full.rows, row, band.r0, band.r1);
    window(band_col * summary.col_band, summary.col_band, full.cols, col, band.c0, band.c1);
    return band;
  }
  return std::nullopt;
}

std::string Range(const std::string& label, int first, int end) {
  return label + " " + std::to_string(first) + (end - first > 1 ? "-" + std::to_string(end - 1) : "");
}

}  // namespace

std::optional<GridLens> BuildGridLens(const GridLayout& layout, const GridPicture& full,
                                      const TextMetrics& m) {
  if (!layout.summary) return std::nullopt;
  const std::optional<Band> band = CurrentBand(layout, full);
  if (!band) return std::nullopt;
  const float lh = m.line_height;
  const int rows = band->r1 - band->r0, cols = band->c1 - band->c0;
  GridLens lens;
  lens.title.text = "magnified:\n" + Range(full.row_label, band->r0, band->r1) + ", " +
                    Range(full.col_label, band->c0, band->c1);
  lens.title.role = LabelRole::Legend;
  const float title_width =
      static_cast<float>(lens.title.text.size() - lens.title.text.find('\n')) * m.char_width;
  // Cells as large as fill the title's width, within reason.
  const float pitch =
      std::clamp(std::min(title_width / static_cast<float>(cols), 10.0f * lh / static_cast<float>(rows)),
                 0.5f * lh, 2.2f * lh);
  const float pad = 0.4f * lh;
  const float width = std::max(static_cast<float>(cols) * pitch, title_width) + 2.0f * pad;
  const float height = 2.4f * lh + static_cast<float>(rows) * pitch + 2.0f * pad;
  // Right of the band when it fits, else left of it; level with it, kept inside the content.
  const LayoutRect& cell = band->cell;
  const LayoutVec content = layout.content_size;
  float x = cell.max.x + lh;
  if (x + width > content.x) x = cell.min.x - lh - width;
  x = std::clamp(x, 0.0f, std::max(content.x - width, 0.0f));
  const float y = std::clamp(cell.min.y - 2.4f * lh, 0.0f, std::max(content.y - height, 0.0f));
  lens.frame = {{x, y}, {x + width, y + height}};
  lens.title.pos = {x + pad, y + pad};
  const GridSlice& source =
      full.slices[static_cast<std::size_t>(layout.slices[static_cast<std::size_t>(band->slice)].source)];
  const float gap = pitch >= 6.0f ? 1.0f : 0.0f;
  for (int r = band->r0; r < band->r1; ++r) {
    for (int c = band->c0; c < band->c1; ++c) {
      const float cx = x + pad + static_cast<float>(c - band->c0) * pitch;
      const float cy = y + pad + 2.4f * lh + static_cast<float>(r - band->r0) * pitch;
      lens.cells.push_back({{cx, cy}, {cx + pitch - gap, cy + pitch - gap}});
      const auto i =
          static_cast<std::size_t>(r) * static_cast<std::size_t>(full.cols) + static_cast<std::size_t>(c);
      lens.states.push_back(i < source.cells.size() ? source.cells[i] : CellState::Pending);
      if (r == full.current->row && c == full.current->col) lens.current = lens.cells.back();
    }
  }
  const LayoutVec from = cell.Centre();
  const LayoutVec to{std::clamp(from.x, x, x + width), std::clamp(from.y, y, y + height)};
  lens.leader = {from, to};
  return lens;
}

}  // namespace tilewalk::views
