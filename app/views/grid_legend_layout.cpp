// The grid's legend: state swatches, the path sample and the band note, wrapped above the slices or as a
// column beside them.
#include "app/views/grid_legend_layout.hpp"

#include <algorithm>

namespace tilewalk::views::grid_legend {
namespace {

// What a cell of a summary holds; empty for a grid drawn cell for cell.
std::string BandNote(const GridPicture& picture) {
  if (picture.row_band <= 1 && picture.col_band <= 1) return {};
  return "a cell: " + std::to_string(picture.row_band) + " by " + std::to_string(picture.col_band) + " steps";
}

}  // namespace

// The width of the longest line of `text`.
float TextWidth(const std::string& text, const TextMetrics& m) {
  std::size_t longest = 0;
  for (std::size_t start = 0; start <= text.size();) {
    const std::size_t end = std::min(text.find('\n', start), text.size());
    longest = std::max(longest, end - start);
    start = end + 1;
  }
  return static_cast<float>(longest) * m.char_width;
}

// The legend above the slices, wrapped to the pane's width; returns its height.
float BuildLegendAbove(GridLayout& layout, const GridPicture& picture, const GridLayoutOptions& options,
                       const TextMetrics& m, float width) {
  const float lh = m.line_height;
  const float row_height = 1.4f * lh;
  float x = 0.0f, y = 0.0f;
  auto place = [&](float item_width) {
    if (x > 0.0f && x + item_width > width) {
      x = 0.0f;
      y += row_height;
    }
    const LayoutVec at{x, y};
    x += item_width + 1.2f * lh;
    return at;
  };
  struct Entry {
    CellState state;
    const char* text;
    bool current = false;
  };
  for (const Entry& e :
       {Entry{CellState::Pending, "pending"}, Entry{CellState::Ran, "ran"},
        Entry{CellState::Skipped, "skipped: no arithmetic"}, Entry{CellState::Pending, "current", true}}) {
    const std::string text = e.text;
    const LayoutVec at = place(1.2f * lh + 0.4f * lh + TextWidth(text, m));
    const LayoutRect swatch{{at.x, at.y + 0.1f * lh}, {at.x + 1.2f * lh, at.y + 1.3f * lh}};
    layout.legend.push_back(
        {.swatch = swatch,
         .state = e.state,
         .label = {{swatch.max.x + 0.4f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend},
         .current = e.current});
  }
  if (picture.core1_first_step >= 0)
    for (int core = 0; core < 2; ++core) {
      const std::string text = "core " + std::to_string(core);
      const LayoutVec at = place(1.2f * lh + 0.4f * lh + TextWidth(text, m));
      const LayoutRect swatch{{at.x, at.y + 0.1f * lh}, {at.x + 1.2f * lh, at.y + 1.3f * lh}};
      layout.legend.push_back(
          {.swatch = swatch,
           .state = CellState::Pending,
           .label = {{swatch.max.x + 0.4f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend},
           .core = core});
    }
  if (options.show_order) {
    const std::string text = "execution order";
    const LayoutVec at = place(2.4f * lh + 0.4f * lh + TextWidth(text, m));
    layout.legend_path = LayoutSegment{{at.x, at.y + 0.7f * lh}, {at.x + 2.4f * lh, at.y + 0.7f * lh}};
    layout.legend_path_label = LayoutLabel{{at.x + 2.8f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend};
  }
  if (const std::string note = BandNote(picture); !note.empty())
    layout.legend_note = LayoutLabel{place(TextWidth(note, m)), note, LabelRole::Legend};
  return y + row_height + 0.6f * lh;
}

// The legend as one column, each entry under the last; it also names the innermost arrow. `terse`: one
// line an entry, for a pane too short for the two-line labels. Placed at x = 0: PlaceLegendAt moves it
// beside the slices once their width is known. Returns the column's height.
float BuildLegendColumn(GridLayout& layout, const GridPicture& picture, const GridLayoutOptions& options,
                        const TextMetrics& m, bool terse) {
  const float lh = m.line_height;
  float y = 0.0f;
  // Where the next entry's label goes; moves y past it.
  const auto next = [&](const std::string& text, LabelRole role) {
    const LayoutLabel label{{1.6f * lh, y + 0.2f * lh}, text, role};
    y += static_cast<float>(std::count(text.begin(), text.end(), '\n')) * lh + 1.4f * lh;
    return label;
  };
  const auto swatch_at = [&](float top) {
    return LayoutRect{{0.0f, top + 0.1f * lh}, {1.2f * lh, top + 1.3f * lh}};
  };
  const auto arrow_at = [&](float top) {
    return LayoutSegment{{0.0f, top + 0.7f * lh}, {1.2f * lh, top + 0.7f * lh}};
  };
  struct Entry {
    CellState state;
    const char* text;
    bool current = false;
  };
  for (const Entry& e : {Entry{CellState::Pending, "pending"}, Entry{CellState::Ran, "ran"},
                         Entry{CellState::Skipped, terse ? "skipped" : "skipped:\nno arithmetic"},
                         Entry{CellState::Pending, "current", true}}) {
    const float top = y;
    layout.legend.push_back({.swatch = swatch_at(top),
                             .state = e.state,
                             .label = next(e.text, LabelRole::Legend),
                             .current = e.current});
  }
  if (picture.core1_first_step >= 0)
    for (int core = 0; core < 2; ++core) {
      const float top = y;
      layout.legend.push_back({.swatch = swatch_at(top),
                               .state = CellState::Pending,
                               .label = next("core " + std::to_string(core), LabelRole::Legend),
                               .core = core});
    }
  if (options.show_order) {
    layout.legend_path = arrow_at(y);
    layout.legend_path_label = next(terse ? "order" : "execution\norder", LabelRole::Legend);
  }
  const std::string& innermost = picture.walks_down_columns ? picture.row_label : picture.col_label;
  layout.legend_innermost = arrow_at(y);
  layout.legend_innermost_label =
      next(terse ? "innermost" : "innermost:\n" + innermost, LabelRole::Innermost);
  if (const std::string note = BandNote(picture); !note.empty())
    layout.legend_note =
        next(terse ? note.substr(8) + " a cell" : "a cell:\n" + note.substr(8), LabelRole::Legend);
  return y;
}

void PlaceLegendAt(GridLayout& layout, float x) {
  for (LegendEntry& e : layout.legend) {
    e.swatch.min.x += x;
    e.swatch.max.x += x;
    e.label.pos.x += x;
  }
  for (std::optional<LayoutSegment>* segment : {&layout.legend_path, &layout.legend_innermost}) {
    if (!*segment) continue;
    (*segment)->from.x += x;
    (*segment)->to.x += x;
  }
  for (std::optional<LayoutLabel>* label :
       {&layout.legend_path_label, &layout.legend_innermost_label, &layout.legend_note}) {
    if (*label) (*label)->pos.x += x;
  }
}

// The legend can be wider than the slices on a narrow grid.
float LegendWidth(const GridLayout& layout, const TextMetrics& m) {
  float width = 0.0f;
  for (const LegendEntry& e : layout.legend)
    width = std::max(width, e.label.pos.x + TextWidth(e.label.text, m));
  for (const std::optional<LayoutLabel>& label :
       {layout.legend_path_label, layout.legend_innermost_label, layout.legend_note}) {
    if (label) width = std::max(width, label->pos.x + TextWidth(label->text, m));
  }
  return width;
}

}  // namespace tilewalk::views::grid_legend
