#include "app/views/compare_layout.hpp"

#include <algorithm>
#include <cmath>
#include <string_view>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

constexpr double kMargin = 32, kGap = 28;
constexpr double kTitle = 30, kKernel = 32, kText = 20, kFigure = 22, kCaption = 18;
constexpr double kFiguresWidth = 440, kPlaneMax = 270;

class Builder {
 public:
  explicit Builder(double width) { m_out.width = width; }
  void Text(double x, double y, std::string text, double size, CompareTone tone, bool bold = false,
            bool right = false) {
    CompareMark mark;
    mark.x = x;
    mark.y = y;
    mark.h = size;
    mark.text = std::move(text);
    mark.tone = tone;
    mark.bold = bold;
    mark.right_aligned = right;
    m_out.marks.push_back(std::move(mark));
  }
  void Cell(double x, double y, double w, double h, CompareCell cell) {
    CompareMark mark;
    mark.kind = CompareMark::Kind::Cell;
    mark.x = x;
    mark.y = y;
    mark.w = w;
    mark.h = h;
    mark.cell = cell;
    m_out.marks.push_back(std::move(mark));
  }
  // `text` in lines that fit `width` at `size`; returns the y below them.
  double Wrapped(double x, double y, std::string_view text, double size, CompareTone tone, double width) {
    const auto columns = static_cast<std::size_t>(std::max(8.0, width / CompareCharWidth(size)));
    std::string line;
    auto flush = [&] {
      Text(x, y, line, size, tone);
      y += size * 1.35;
      line.clear();
    };
    std::size_t start = 0;
    while (start < text.size()) {
      std::size_t end = text.find(' ', start);
      if (end == std::string_view::npos) end = text.size();
      const std::string_view word = text.substr(start, end - start);
      if (!line.empty() && line.size() + 1 + word.size() > columns) flush();
      line += (line.empty() ? "" : " ") + std::string(word);
      start = end + 1;
    }
    if (!line.empty()) flush();
    return y;
  }
  CompareLayout Take(double height) {
    m_out.height = height;
    return std::move(m_out);
  }

 private:
  CompareLayout m_out;
};

// One launch's plane in a box `box` wide: its caption lines, then square cells. Returns its height.
double Plane(Builder& b, const ComparePlane& plane, double x, double y, double box) {
  double top = y;
  std::size_t start = 0;
  while (start <= plane.caption.size()) {
    const std::size_t end = std::min(plane.caption.find('\n', start), plane.caption.size());
    top = b.Wrapped(x, top, std::string_view(plane.caption).substr(start, end - start), kCaption,
                    CompareTone::Normal, box);
    start = end + 1;
  }
  top += 6;
  if (plane.rows <= 0 || plane.cols <= 0) return top - y;
  const double cell = std::floor(std::min(box / plane.cols, box / plane.rows) * 100) / 100;
  const double gap = cell >= 8 ? 1 : 0;  // a hairline between cells while they are large enough to show it
  for (int r = 0; r < plane.rows; ++r)
    for (int c = 0; c < plane.cols; ++c)
      b.Cell(x + c * cell, top + r * cell, cell - gap, cell - gap,
             plane.cells[static_cast<std::size_t>(r * plane.cols + c)]);
  return top + cell * plane.rows - y;
}

}  // namespace

ImU32 CompareCellFill(CompareCell cell) {
  const palette::Colours& c = palette::Active();
  switch (cell) {
    case CompareCell::Ran:
      return c.ran_fill;
    case CompareCell::Idle:
      return c.skipped_fill;
    case CompareCell::NotInGrid:
      break;
  }
  return 0;
}

ImU32 CompareCellEdge(CompareCell cell) {
  const palette::Colours& c = palette::Active();
  switch (cell) {
    case CompareCell::Ran:
      break;
    case CompareCell::Idle:
      return c.skipped;
    case CompareCell::NotInGrid:
      return c.edge;
  }
  return 0;
}

ImU32 CompareToneColour(CompareTone tone) {
  const palette::Colours& c = palette::Active();
  switch (tone) {
    case CompareTone::Strong:
      return c.text_strong;
    case CompareTone::Dim:
      return c.text_dim;
    case CompareTone::Pass:
      return c.issued_text;
    case CompareTone::Fail:
      return c.error;
    case CompareTone::Normal:
      break;
  }
  return c.text;
}

CompareLayout LayOutComparison(const ComparePicture& p, double width) {
  Builder b(width);
  const double inner = width - 2 * kMargin;
  double y = kMargin;
  std::string names;
  for (const CompareColumn& k : p.kernels) names += (names.empty() ? "" : " and ") + k.kernel;
  b.Text(kMargin, y, names + ": the same scenario side by side", kTitle, CompareTone::Strong, true);
  y += kTitle * 1.5;
  y = b.Wrapped(
      kMargin, y,
      "scenario: " + (p.scenario.empty() ? std::string("the defaults") : p.scenario) + ", chip " + p.chip,
      kText, CompareTone::Dim, inner);
  y += 8;
  for (const std::string& line : p.headlines)
    y = b.Wrapped(kMargin, y, line, kTitle, CompareTone::Strong, inner);
  y += kGap;

  for (const CompareColumn& k : p.kernels) {
    const double row_top = y;
    b.Text(kMargin, y, k.kernel, kKernel, CompareTone::Strong, true);
    b.Text(kMargin + CompareCharWidth(kKernel) * (k.kernel.size() + 1), y + (kKernel - kText), k.title, kText,
           CompareTone::Dim);
    const double planes_top = y + kKernel * 1.6;
    const double fig_x = width - kMargin - kFiguresWidth;
    const double avail = fig_x - kMargin - kGap;
    const auto n = static_cast<double>(std::max<std::size_t>(1, k.planes.size()));
    const double box = std::min(kPlaneMax, (avail - (n - 1) * kGap) / n);
    double planes_bottom = planes_top;
    for (std::size_t i = 0; i < k.planes.size(); ++i)
      planes_bottom = std::max(
          planes_bottom, planes_top + Plane(b, k.planes[i], kMargin + static_cast<double>(i) * (box + kGap),
                                            planes_top, box));
    double fy = row_top + 6;
    for (const auto& [label, value] : k.figures) {
      b.Text(fig_x, fy, label, kText, CompareTone::Dim);
      b.Text(width - kMargin, fy - 1, value, kFigure, CompareTone::Normal, true, true);
      fy += kFigure * 1.45;
    }
    b.Text(fig_x, fy + 4, k.verdict, kFigure, k.pass ? CompareTone::Pass : CompareTone::Fail, true);
    fy += kFigure * 1.6;
    y = std::max(planes_bottom, fy) + kGap * 1.5;
  }

  const std::pair<CompareCell, const char*> legend[] = {
      {CompareCell::Ran, "a step here did arithmetic"},
      {CompareCell::Idle, "the grid's step here did nothing"},
      {CompareCell::NotInGrid, "no grid step here"}};
  double x = kMargin;
  for (const auto& [cell, label] : legend) {
    b.Cell(x, y + 2, kText, kText, cell);
    b.Text(x + kText + 10, y, label, kText, CompareTone::Normal);
    x += kText + 10 + CompareCharWidth(kText) * std::string_view(label).size() + 2 * kGap;
  }
  y += kText * 1.4;
  for (const char* note : {"each plane is a launch's grid: its query-block axis down, its key-block axis "
                           "across, over every batch "
                           "and head; in a grid shrunk to the longest row (splash), step j of a row is the "
                           "j-th block it has work "
                           "in, wherever that block lies",
                           "estimated times: the cost model's, for the chip named"})
    y = b.Wrapped(kMargin, y, note, kCaption, CompareTone::Dim, inner);
  return b.Take(y + kMargin);
}

}  // namespace tilewalk::views
