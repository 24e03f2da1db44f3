// Where the comparison picture's marks go, computed once for a width: cells of each launch's plane, text
// and legend swatches, in layout pixels with the origin at the top left. The SVG writer
// (pictures/svg_compare.cpp) and the ImGui view (compare_view.hpp) only paint these marks, so the exported
// figure and the window show the same thing. Sized for a projector: titles of 30 px and more, figures of
// 22 px.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "app/views/compare_picture.hpp"
#include "app/views/tour_palette.hpp"  // ImU32

namespace tilewalk::views {

enum class CompareTone : uint8_t { Strong, Normal, Dim, Pass, Fail };

struct CompareMark {
  enum class Kind : uint8_t { Cell, Text } kind = Kind::Text;
  double x = 0, y = 0;  // top left (text: the top of its line)
  double w = 0, h = 0;  // a cell's size; text: h is the font size
  CompareCell cell = CompareCell::Ran;
  std::string text{};
  CompareTone tone = CompareTone::Normal;
  bool bold = false;
  bool right_aligned = false;  // text: x is its right end
};

struct CompareLayout {
  double width = 0, height = 0;
  std::vector<CompareMark> marks{};
};

inline constexpr double kCompareFigureWidth = 1600;  // the default: a projector's 16:10 at full width

// The average advance of a character at `size` px, for wrapping and fitting text (the monospace font's).
inline constexpr double CompareCharWidth(double size) {
  return 0.6 * size;
}

// The colours of the active palette the SVG and the view paint in: a cell's fill and its outline (0: none).
// A step that ran is filled, an idle one filled darker and outlined in the colour of skipping, and a block
// with no grid step only outlined, an empty box.
ImU32 CompareCellFill(CompareCell cell);
ImU32 CompareCellEdge(CompareCell cell);
inline constexpr double kCompareCellEdgeWidth = 1.5;
ImU32 CompareToneColour(CompareTone tone);

CompareLayout LayOutComparison(const ComparePicture& picture, double width = kCompareFigureWidth);

}  // namespace tilewalk::views
