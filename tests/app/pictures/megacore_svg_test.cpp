// Megacore in the SVG pictures: a grid whose steps two TensorCores share outlines each core's cells (core 0
// solid, core 1 dashed, both in the text colour) and names both cores on the outlines and in its legend; a
// timeline with core lanes draws each core's steps on its own lane in one neutral colour; a cost picture of
// two cores has a pair of lanes per core, named in plain text. No core has a hue of its own, so that each
// hue keeps one meaning. One-core pictures carry none of it.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/canned_grids.hpp"
#include "app/views/canned_tour_pictures.hpp"
#include "app/views/chart_scales.hpp"
#include "app/views/tour_palette.hpp"
#include "tests/text_search.hpp"

namespace tilewalk::pictures {
namespace {

using tilewalk::test::Occurrences;

// Every element whose class attribute starts with `cls`, each as its text up to "/>".
std::vector<std::string> Elements(const std::string& svg, const std::string& cls) {
  std::vector<std::string> found;
  const std::string key = "class=\"" + cls;
  for (std::size_t at = svg.find(key); at != std::string::npos; at = svg.find(key, at + 1))
    found.push_back(svg.substr(at, svg.find("/>", at) - at));
  return found;
}

views::GridPicture FourByFour() {
  return views::MakeGridPicture(
      {.title = "Forward launch grid", .rows = 4, .cols = 4, .causal = true, .current_step = 6});
}

}  // namespace

TEST_CASE("svg grid: on two cores each core's cells are outlined and the legend names both") {
  views::GridPicture grid = FourByFour();
  const std::string one = GridSvg(grid);
  CHECK(Occurrences(one, "core-0") == 0);
  CHECK(one.find("core 0") == std::string::npos);
  grid.core1_first_step = 8;  // q blocks 0-1 on core 0, 2-3 on core 1 (4 rows of 4 kv steps)
  const std::string two = GridSvg(grid);
  CHECK(Occurrences(two, "\"core core-0\"") == 2);  // the slice's outline and the legend's swatch
  CHECK(Occurrences(two, "\"core core-1\"") == 2);
  CHECK(Occurrences(two, ">core 0<") == 2);  // on the outline and in the legend
  CHECK(Occurrences(two, ">core 1<") == 2);
  const std::string ink = "stroke=\"" + SvgColour(views::palette::Active().text) + "\"";
  for (const std::string& outline : Elements(two, "core core-0")) {
    CHECK(outline.find(ink) != std::string::npos);
    CHECK(outline.find("stroke-dasharray") == std::string::npos);
  }
  for (const std::string& outline : Elements(two, "core core-1")) {
    CHECK(outline.find(ink) != std::string::npos);
    CHECK(outline.find("stroke-dasharray") != std::string::npos);
  }
}

TEST_CASE("svg timeline: core lanes only when the picture has core steps") {
  views::TimelinePicture timeline = views::CannedTimelinePicture();
  CHECK(Occurrences(TimelineSvg(timeline), "core-step") == 0);
  timeline.core_steps = {{.first = 0, .end = 10, .start_us = 0, .end_us = 1, .core = 0},
                         {.first = 10, .end = 20, .start_us = 1, .end_us = 2, .core = 0},
                         {.first = 20, .end = 30, .start_us = 0, .end_us = 1, .core = 1}};
  const std::string svg = TimelineSvg(timeline);
  CHECK(Occurrences(svg, "\"core-step core-0") == 2);
  CHECK(Occurrences(svg, "\"core-step core-1") == 1);
  CHECK(svg.find(">core 1<") != std::string::npos);
  const std::string fill = "fill=\"" + SvgColour(views::palette::Active().edge) + "\"";
  for (const std::string& bar : Elements(svg, "core-step")) CHECK(bar.find(fill) != std::string::npos);
}

TEST_CASE("svg cost: two cores get a pair of lanes each, and each step sits on its own core's") {
  views::CostPicture cost = views::CannedCostPicture();
  const int one_core_lanes = Occurrences(CostSvg(cost), "class=\"lane\"");
  cost.cores = 2;
  for (std::size_t i = cost.steps.size() / 2; i < cost.steps.size(); ++i) cost.steps[i].core = 1;
  const std::string svg = CostSvg(cost);
  CHECK(Occurrences(svg, "\"lane core-1\"") == one_core_lanes);  // the same lanes again, for core 1
  CHECK(svg.find(">1 compute<") != std::string::npos);
  CHECK(svg.find(">core 1<") == std::string::npos);  // the lane names say it: the key has no core swatch
  CHECK(Occurrences(svg, "class=\"swatch") ==
        Occurrences(CostSvg(views::CannedCostPicture()), "class=\"swatch"));
}

TEST_CASE("cost zoom window: it stays on the cursor's core, whose clock starts again at 0") {
  // Steps 1-3 on core 0 and 4-6 on core 1, each 1 µs of compute after a 0.5 µs wait, on its core's clock.
  views::CostPicture p{.cores = 2};
  for (int i = 0; i < 6; ++i) {
    const double t = (i % 3) * 1.5;
    p.steps.push_back({.start_us = t + 0.5, .end_us = t + 1.5, .wait_us = 0.5, .core = i / 3});
  }
  p.current_step = 3;  // core 1's first step: its neighbours on core 0 stay out of the window
  views::CostWindow w = views::CostWindowAround(p, 2);
  CHECK(w.from_us == 0.0);
  CHECK(w.to_us == doctest::Approx(4.5));  // core 1's steps 3-5 end at 4.5 on its own clock
  p.current_step = 2;                      // core 0's last step: the window ends there, not in core 1's steps
  w = views::CostWindowAround(p, 2);
  CHECK(w.from_us == 0.0);
  CHECK(w.to_us == doctest::Approx(4.5));
  p.current_step = 4;  // one step either side, both on core 1
  w = views::CostWindowAround(p, 1);
  CHECK(w.from_us == doctest::Approx(0.0));  // step 3 is core 1's first: its prologue starts at 0
  p.current_step = 5;
  w = views::CostWindowAround(p, 1);
  CHECK(w.from_us == doctest::Approx(1.5));  // step 4's wait begins at 1.5
  CHECK(w.to_us == doctest::Approx(4.5));
}

}  // namespace tilewalk::pictures
