#include "app/views/grid_slice_fit.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/views/grid_legend_layout.hpp"

namespace tilewalk::views::grid_fit {

using grid_legend::TextWidth;

int IndexDigits(int count) {
  int digits = 1;
  for (int value = std::max(count, 1) - 1; value >= 10; value /= 10) ++digits;
  return digits;
}

float FiniteOr(float value, float fallback) {
  return std::isfinite(value) ? value : fallback;
}

std::string SliceTitle(const GridPicture& picture, const GridSlice& slice, int total) {
  if (total <= 1) return {};
  std::string title = "batch " + std::to_string(slice.batch) + ", head " + std::to_string(slice.head);
  if (static_cast<int>(picture.slices.size()) < total) title += ", 1 of " + std::to_string(total);
  return title;
}

SliceChrome MeasureChrome(const GridPicture& picture, const GridSlice& sample, int total,
                          InnermostLabel placement, const TextMetrics& m) {
  const float lh = m.line_height;
  SliceChrome chrome;
  const std::string title = SliceTitle(picture, sample, total);
  const int row_digits = IndexDigits(picture.rows * picture.row_band);
  chrome.left =
      std::max(TextWidth(picture.row_label, m), static_cast<float>(row_digits) * m.char_width) + 0.5f * lh;
  // title (when there are several slices), axis name, column indices, each on its own line
  chrome.top = (title.empty() ? 2.0f : 3.0f) * lh + 0.8f * lh;
  const std::string& innermost_axis = picture.walks_down_columns ? picture.row_label : picture.col_label;
  chrome.innermost_label = picture.walks_down_columns ? placement : InnermostLabel::Below;
  if (placement == InnermostLabel::InLegend) {
    // The legend names the arrow, so the slice keeps only the arrow itself.
    chrome.innermost_label = InnermostLabel::InLegend;
    chrome.right = picture.walks_down_columns ? 1.4f * lh : 0.2f * lh;
    chrome.bottom = picture.walks_down_columns ? 0.2f * lh : 1.3f * lh;
    chrome.min_height = chrome.top + chrome.bottom;
  } else if (picture.walks_down_columns && chrome.innermost_label == InnermostLabel::Beside) {
    // The arrow runs down the right-hand side; its label sits beside it, on two short lines.
    chrome.innermost_head = "innermost:";
    chrome.innermost_tail = innermost_axis;
    chrome.right =
        1.6f * lh + std::max(TextWidth(chrome.innermost_head, m), TextWidth(chrome.innermost_tail, m));
    chrome.bottom = 0.2f * lh;
    chrome.min_height = chrome.top + 2.0f * lh + chrome.bottom;
  } else if (picture.walks_down_columns) {
    // The arrow runs down the right-hand side; its label goes on one line under the cells.
    chrome.innermost_head = "innermost: " + innermost_axis;
    chrome.right = 1.4f * lh;
    chrome.bottom = 0.4f * lh + lh;
    chrome.min_height = chrome.top + chrome.bottom;
  } else {
    // The arrow runs under the cells, with its label on the line below it.
    chrome.innermost_head = "innermost: " + innermost_axis;
    chrome.right = 0.2f * lh;
    chrome.bottom = 0.4f * lh + 0.8f * lh + 0.2f * lh + lh;
    chrome.min_height = chrome.top + chrome.bottom;
  }
  // Beside a legend column, the column label may run a line's height into the gap before the legend.
  const float label_slack = placement == InnermostLabel::InLegend ? lh : 0.0f;
  chrome.min_width =
      std::max({TextWidth(title, m), chrome.left + TextWidth(picture.col_label, m) - label_slack,
                chrome.left + TextWidth(chrome.innermost_head, m) + chrome.right});
  return chrome;
}

Arrangement FitSlices(int slice_count, int rows, int cols, const SliceChrome& chrome, float width,
                      float height, float gap, float max_fit) {
  Arrangement best;
  best.pitch = -1.0f;
  best.shortfall = std::numeric_limits<float>::infinity();
  const int count = std::max(slice_count, 1);
  for (int k = 1; k <= count; ++k) {
    const int r = (count + k - 1) / k;
    const float block_w = (width - static_cast<float>(k - 1) * gap) / static_cast<float>(k);
    const float block_h = (height - static_cast<float>(r - 1) * gap) / static_cast<float>(r);
    const float by_w = cols > 0 ? (block_w - chrome.left - chrome.right) / static_cast<float>(cols) : max_fit;
    const float by_h = rows > 0 ? (block_h - chrome.top - chrome.bottom) / static_cast<float>(rows) : max_fit;
    const float pitch = std::min(by_w, by_h);
    const float shortfall = static_cast<float>(k) * std::max(chrome.min_width - block_w, 0.0f) +
                            static_cast<float>(r) * std::max(chrome.min_height - block_h, 0.0f);
    if (shortfall < best.shortfall || (shortfall == best.shortfall && pitch > best.pitch))
      best = {.slice_columns = k, .slice_rows = r, .pitch = pitch, .shortfall = shortfall};
    if (k >= 64) break;  // more slices per row than this never wins on a real pane
  }
  best.pitch = std::clamp(FiniteOr(best.pitch, kMinPitch), kMinPitch, std::max(max_fit, kMinPitch));
  return best;
}

}  // namespace tilewalk::views::grid_fit
