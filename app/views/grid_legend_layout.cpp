// The grid's legend: state swatches, the path sample and the band note, wrapped above the slices or as a
// column beside them.
#include "app/views/grid_legend_layout.hpp"

#include <algorithm>
#include <vector>

namespace tilewalk::views::grid_legend {
namespace {

// What a cell of a summary holds; empty for a grid drawn cell for cell.
std::string BandNote(const GridPicture& picture) {
  if (picture.row_band <= 1 && picture.col_band <= 1) return {};
  return "a cell: " + std::to_string(picture.row_band) + " by " + std::to_string(picture.col_band) + " steps";
}

constexpr const char* kFocusLabel = "the stop's cells";

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
    bool focus = false;
  };
  std::vector<Entry> entries = {Entry{CellState::Pending, "pending"}, Entry{CellState::Ran, "ran"},
                                Entry{CellState::Skipped, "skipped: no arithmetic"},
                                Entry{CellState::Pending, "current", true}};
  if (picture.focus) entries.push_back(Entry{CellState::Pending, kFocusLabel, false, true});
  for (const Entry& e : entries) {
    const std::string text = e.text;
    const LayoutVec at = place(1.2f * lh + 0.4f * lh + TextWidth(text, m));
    const LayoutRect swatch{{at.x, at.y + 0.1f * lh}, {at.x + 1.2f * lh, at.y + 1.3f * lh}};
    layout.legend.push_back({.swatch = swatch,
                             .state = e.state,
                             .label = {{swatch.max.x + 0.4f * lh, at.y + 0.2f * lh}, text, LabelRole::Legend},
                             .current = e.current,
                             .focus = e.focus});
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

// The legend beside the slices: entries one under another, flowing into a further column when the next would
// pass `max_height`; it also names the innermost arrow. `terse`: one line an entry, for a pane too short for
// the two-line labels. Placed at x = 0: PlaceLegendAt moves it beside the slices once their width is known.
// Returns the columns' height.
float BuildLegendColumn(GridLayout& layout, const GridPicture& picture, const GridLayoutOptions& options,
                        const TextMetrics& m, bool terse, float max_height) {
  const float lh = m.line_height;
  float x = 0.0f, y = 0.0f, column_width = 0.0f, height = 0.0f;
  // The top of the next entry, whose label is `text`: under the last, or atop a new column when it would
  // pass the bottom.
  const auto top_for = [&](const std::string& text) {
    const float entry_h = static_cast<float>(std::count(text.begin(), text.end(), '\n')) * lh + 1.4f * lh;
    if (y > 0.0f && y + entry_h > max_height) {
      x += column_width + 1.2f * lh;
      y = 0.0f;
      column_width = 0.0f;
    }
    const float top = y;
    y += entry_h;
    height = std::max(height, y);
    column_width = std::max(column_width, 1.6f * lh + TextWidth(text, m));
    return top;
  };
  const auto label_at = [&](float top, const std::string& text, LabelRole role) {
    return LayoutLabel{{x + 1.6f * lh, top + 0.2f * lh}, text, role};
  };
  const auto swatch_at = [&](float top) {
    return LayoutRect{{x, top + 0.1f * lh}, {x + 1.2f * lh, top + 1.3f * lh}};
  };
  const auto arrow_at = [&](float top) {
    return LayoutSegment{{x, top + 0.7f * lh}, {x + 1.2f * lh, top + 0.7f * lh}};
  };
  struct Entry {
    CellState state;
    const char* text;
    bool current = false;
    bool focus = false;
  };
  std::vector<Entry> entries = {Entry{CellState::Pending, "pending"}, Entry{CellState::Ran, "ran"},
                                Entry{CellState::Skipped, terse ? "skipped" : "skipped:\nno arithmetic"},
                                Entry{CellState::Pending, "current", true}};
  if (picture.focus) entries.push_back(Entry{CellState::Pending, terse ? "focus" : kFocusLabel, false, true});
  for (const Entry& e : entries) {
    const float top = top_for(e.text);
    layout.legend.push_back({.swatch = swatch_at(top),
                             .state = e.state,
                             .label = label_at(top, e.text, LabelRole::Legend),
                             .current = e.current,
                             .focus = e.focus});
  }
  if (picture.core1_first_step >= 0)
    for (int core = 0; core < 2; ++core) {
      const std::string text = "core " + std::to_string(core);
      const float top = top_for(text);
      layout.legend.push_back({.swatch = swatch_at(top),
                               .state = CellState::Pending,
                               .label = label_at(top, text, LabelRole::Legend),
                               .core = core});
    }
  if (options.show_order) {
    const std::string text = terse ? "order" : "execution\norder";
    const float top = top_for(text);
    layout.legend_path = arrow_at(top);
    layout.legend_path_label = label_at(top, text, LabelRole::Legend);
  }
  const std::string& innermost = picture.walks_down_columns ? picture.row_label : picture.col_label;
  const std::string innermost_text = terse ? "innermost" : "innermost:\n" + innermost;
  const float innermost_top = top_for(innermost_text);
  layout.legend_innermost = arrow_at(innermost_top);
  layout.legend_innermost_label = label_at(innermost_top, innermost_text, LabelRole::Innermost);
  if (const std::string note = BandNote(picture); !note.empty()) {
    const std::string text = terse ? note.substr(8) + " a cell" : "a cell:\n" + note.substr(8);
    layout.legend_note = label_at(top_for(text), text, LabelRole::Legend);
  }
  return height;
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
