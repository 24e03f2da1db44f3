// The magnified current band of a grid summary (grid_layout.hpp, GridLens): the cells of the band the
// cursor is in, one a step, in a box of its own beside or under the summary, so that a summary never hides
// where the cursor is and the box never hides the summary.
#include <algorithm>
#include <cmath>

#include "app/views/grid_layout.hpp"
#include "app/views/grid_legend_layout.hpp"

namespace tilewalk::views {
namespace {

// The part of the full grid the lens shows: the band holding the cursor, with at most kLensSide rows and
// columns of it around the cursor's cell.
struct Band {
  int slice = 0;                   // the full grid's slice
  int band_row = 0, band_col = 0;  // the band's cell in the summary
  int r0 = 0, r1 = 0;              // the full grid's rows shown, [r0, r1)
  int c0 = 0, c1 = 0;              // and columns
};

std::optional<Band> CurrentBand(const GridPicture& summary, const GridPicture& full) {
  if (!full.current || full.cols <= 0 || summary.row_band <= 0 || summary.col_band <= 0) return std::nullopt;
  const int row = full.current->row, col = full.current->col;
  if (full.current->slice < 0 || full.current->slice >= static_cast<int>(full.slices.size()))
    return std::nullopt;
  Band band{
      .slice = full.current->slice, .band_row = row / summary.row_band, .band_col = col / summary.col_band};
  const auto window = [](int first, int size, int limit, int at_cell, int& lo, int& hi) {
    lo = first;
    hi = std::min(first + size, limit);
    if (hi - lo > kLensSide) {
      lo = std::clamp(at_cell - kLensSide / 2, lo, hi - kLensSide);
      hi = lo + kLensSide;
    }
  };
  window(band.band_row * summary.row_band, summary.row_band, full.rows, row, band.r0, band.r1);
  window(band.band_col * summary.col_band, summary.col_band, full.cols, col, band.c0, band.c1);
  return band;
}

std::string Range(const std::string& label, int first, int end) {
  return label + " " + std::to_string(first) + (end - first > 1 ? "-" + std::to_string(end - 1) : "");
}

std::string Title(const GridPicture& full, const Band& band) {
  return "magnified:\n" + Range(full.row_label, band.r0, band.r1) + ",\n" +
         Range(full.col_label, band.c0, band.c1);
}

constexpr float kTitleLines = 3.0f;
constexpr float kMinLensPitch = 3.0f;  // below this a cell is no longer a shape

float Pad(const TextMetrics& m) {
  return 0.4f * m.line_height;
}
float TitleHeight(const TextMetrics& m) {
  return (kTitleLines + 0.4f) * m.line_height;
}

// Cells as large as fill the title's width, within reason.
float NaturalPitch(int rows, int cols, float title_width, const TextMetrics& m) {
  const float lh = m.line_height;
  return std::clamp(std::min(title_width / static_cast<float>(cols), 10.0f * lh / static_cast<float>(rows)),
                    0.5f * lh, 2.2f * lh);
}

}  // namespace

std::optional<LayoutVec> GridLensSize(const GridPicture& summary, const GridPicture& full,
                                      const TextMetrics& m) {
  const std::optional<Band> band = CurrentBand(summary, full);
  if (!band) return std::nullopt;
  const int rows = band->r1 - band->r0, cols = band->c1 - band->c0;
  const float title_width = grid_legend::TextWidth(Title(full, *band), m);
  const float pitch = NaturalPitch(rows, cols, title_width, m);
  return LayoutVec{std::max(static_cast<float>(cols) * pitch, title_width) + 2.0f * Pad(m),
                   TitleHeight(m) + static_cast<float>(rows) * pitch + 2.0f * Pad(m)};
}

std::optional<GridLens> BuildGridLens(const GridLayout& layout, const GridPicture& full, const TextMetrics& m,
                                      const LayoutRect& box) {
  if (!layout.summary) return std::nullopt;
  const std::optional<Band> band = CurrentBand(*layout.summary, full);
  if (!band) return std::nullopt;
  const int rows = band->r1 - band->r0, cols = band->c1 - band->c0;
  const float pad = Pad(m);
  // The natural pitch, shrunk to the box when the box is smaller.
  const float natural_pitch = NaturalPitch(rows, cols, grid_legend::TextWidth(Title(full, *band), m), m);
  const float fit_pitch = std::min((box.Width() - 2.0f * pad) / static_cast<float>(cols),
                                   (box.Height() - TitleHeight(m) - 2.0f * pad) / static_cast<float>(rows));
  const float pitch = std::floor(std::max(std::min(natural_pitch, fit_pitch), kMinLensPitch));
  GridLens lens;
  lens.title.text = Title(full, *band);
  lens.title.role = LabelRole::Legend;
  const float width = std::min(
      std::max(static_cast<float>(cols) * pitch, grid_legend::TextWidth(lens.title.text, m)) + 2.0f * pad,
      std::max(box.Width(), static_cast<float>(cols) * pitch + 2.0f * pad));
  const float height = TitleHeight(m) + static_cast<float>(rows) * pitch + 2.0f * pad;
  const float x = box.min.x, y = box.min.y;
  lens.frame = {{x, y}, {x + width, y + height}};
  lens.title.pos = {x + pad, y + pad};
  const GridSlice& source = full.slices[static_cast<std::size_t>(band->slice)];
  const float gap = pitch >= 6.0f ? 1.0f : 0.0f;
  for (int r = band->r0; r < band->r1; ++r) {
    for (int c = band->c0; c < band->c1; ++c) {
      const float cx = x + pad + static_cast<float>(c - band->c0) * pitch;
      const float cy = y + pad + TitleHeight(m) + static_cast<float>(r - band->r0) * pitch;
      lens.cells.push_back({{cx, cy}, {cx + pitch - gap, cy + pitch - gap}});
      const auto i =
          static_cast<std::size_t>(r) * static_cast<std::size_t>(full.cols) + static_cast<std::size_t>(c);
      lens.states.push_back(i < source.cells.size() ? source.cells[i] : CellState::Pending);
      if (r == full.current->row && c == full.current->col) lens.current = lens.cells.back();
    }
  }
  // The leader: from the band's cell in the summary to the nearest point of the box.
  for (const SliceLayout& slice : layout.slices) {
    if (slice.source != band->slice) continue;
    const auto cell = static_cast<std::size_t>(band->band_row * layout.summary->cols + band->band_col);
    if (cell >= slice.cells.size()) break;
    const LayoutVec from = slice.cells[cell].Centre();
    lens.leader = {from, {std::clamp(from.x, x, x + width), std::clamp(from.y, y, y + height)}};
  }
  return lens;
}

}  // namespace tilewalk::views
