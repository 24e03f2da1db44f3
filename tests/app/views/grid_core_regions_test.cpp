// Megacore in the grid's layout: each TensorCore's cells get one outline, named "core 0" or "core 1"
// inside it, whichever way the grid walks; the legend shows the two outlines.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views {
namespace {

GridPicture TwoCores(bool walks_down) {
  GridPicture picture{.title = "t", .row_label = "q block", .col_label = "kv block", .rows = 4, .cols = 4};
  picture.walks_down_columns = walks_down;
  picture.core1_first_step = 8;  // the first two runs of the innermost axis on core 0
  picture.slices.push_back({.batch = 0, .head = 0, .cells = std::vector<CellState>(16)});
  return picture;
}

bool Inside(const LayoutRect& outer, const LayoutRect& inner) {
  return inner.min.x >= outer.min.x && inner.min.y >= outer.min.y && inner.max.x <= outer.max.x &&
         inner.max.y <= outer.max.y;
}

}  // namespace

TEST_CASE("grid core regions: one outline a core, its name inside it, rows or columns alike") {
  const TextMetrics m{};
  for (const bool walks_down : {false, true}) {
    CAPTURE(walks_down);
    const GridLayout layout = BuildGridLayout(TwoCores(walks_down), 800.0f, 600.0f, {.text = m});
    REQUIRE(layout.slices.size() == 1);
    const std::vector<SliceLayout::CoreRegion>& regions = layout.slices.front().core_regions;
    REQUIRE(regions.size() == 2);
    for (int core = 0; core < 2; ++core) {
      const SliceLayout::CoreRegion& region = regions[static_cast<std::size_t>(core)];
      CHECK(region.core == core);
      CHECK(region.label.text == "core " + std::to_string(core));
      const LayoutRect name{region.label.pos,
                            {region.label.pos.x + static_cast<float>(region.label.text.size()) * m.char_width,
                             region.label.pos.y + m.line_height}};
      CHECK(Inside(region.rect, name));
    }
    // Core 0's runs come first: above core 1's when kv is innermost, left of them when q is.
    if (walks_down)
      CHECK(regions[0].rect.max.x <= regions[1].rect.min.x + 1e-3f);
    else
      CHECK(regions[0].rect.max.y <= regions[1].rect.min.y + 1e-3f);
  }
  int outlines = 0;
  for (const LegendEntry& e : BuildGridLayout(TwoCores(false), 800.0f, 600.0f).legend)
    outlines += e.core >= 0;
  CHECK(outlines == 2);
}

TEST_CASE("grid core regions: a core's name moves to another corner rather than cover the current cell") {
  const TextMetrics m{};
  GridPicture picture = TwoCores(false);
  picture.current = GridCell{0, 2, 3};  // core 1's top-right corner
  const GridLayout layout = BuildGridLayout(picture, 800.0f, 600.0f, {.text = m});
  REQUIRE(layout.slices.size() == 1);
  const SliceLayout& slice = layout.slices.front();
  REQUIRE(slice.core_regions.size() == 2);
  const SliceLayout::CoreRegion& core1 = slice.core_regions[1];
  const LayoutRect name{core1.label.pos,
                        {core1.label.pos.x + static_cast<float>(core1.label.text.size()) * m.char_width,
                         core1.label.pos.y + m.line_height}};
  const LayoutRect& current = slice.cells[11];
  const bool apart = name.max.x <= current.min.x || current.max.x <= name.min.x ||
                     name.max.y <= current.min.y || current.max.y <= name.min.y;
  CHECK(apart);
  CHECK(Inside(core1.rect, name));
  // core 0's tag keeps its usual corner, the top right
  CHECK(slice.core_regions[0].label.pos.y < slice.cells[4].min.y);
}

}  // namespace tilewalk::views
