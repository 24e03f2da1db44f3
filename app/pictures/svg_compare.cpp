// The comparison of kernels as SVG: the marks of the comparison's layout (views/compare_layout.hpp), cells
// classed by what happened there ("cell ran", "cell idle", "cell not-in-grid") and text in the palette's
// tones.
#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/compare_layout.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

std::string_view CellClass(views::CompareCell cell) {
  switch (cell) {
    case views::CompareCell::Ran:
      return "cell ran";
    case views::CompareCell::Idle:
      return "cell idle";
    case views::CompareCell::NotInGrid:
      break;
  }
  return "cell not-in-grid";
}

}  // namespace

std::string CompareSvg(const views::ComparePicture& picture) {
  const views::CompareLayout layout = views::LayOutComparison(picture);
  SvgDocument doc("compare", "the same scenario on " + std::to_string(picture.kernels.size()) + " kernels");
  for (const views::CompareMark& m : layout.marks) {
    if (m.kind == views::CompareMark::Kind::Cell) {
      const double inset = views::kCompareCellEdgeWidth / 2;
      if (const ImU32 fill = views::CompareCellFill(m.cell))
        doc.Rect(CellClass(m.cell), m.x, m.y, m.w, m.h, fill);
      if (const ImU32 edge = views::CompareCellEdge(m.cell))
        doc.Frame(CellClass(m.cell), m.x + inset, m.y + inset, m.w - 2 * inset, m.h - 2 * inset, edge,
                  views::kCompareCellEdgeWidth);
      continue;
    }
    doc.Text(m.bold ? "label strong" : "label", m.x, m.y + m.h * 0.82, m.text,
             {.colour = views::CompareToneColour(m.tone),
              .anchor = m.right_aligned ? TextAnchor::End : TextAnchor::Start,
              .bold = m.bold,
              .size = m.h});
  }
  return doc.Finish(layout.width, layout.height);
}

}  // namespace tilewalk::pictures
