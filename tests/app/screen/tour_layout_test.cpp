// The tour screen's layout: every pane gets a rectangle inside the area, none overlaps another, and the
// panes that are dropped give their room to the ones kept. Also the --panes list parser.
#include <doctest/doctest.h>

#include <cmath>
#include <vector>

#include "app/screen/tour_layout.hpp"

namespace tilewalk::app {
namespace {

const LayoutInput kArea{.x = 0, .y = 20, .width = 1600, .height = 880, .timeline_height = 200};

std::vector<PaneRect> Present(const TourLayout& l) {
  std::vector<PaneRect> rects;
  for (const auto& r : {l.source, l.passage, l.grid, l.detail, l.timeline})
    if (r) rects.push_back(*r);
  return rects;
}

float Area(const PaneRect& r) {
  return r.width * r.height;
}

bool Overlap(const PaneRect& a, const PaneRect& b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

// The rectangles tile the area exactly: inside it, disjoint, and their areas add up to it.
void CheckTiles(const TourLayout& l) {
  const std::vector<PaneRect> rects = Present(l);
  float total = 0;
  for (std::size_t i = 0; i < rects.size(); ++i) {
    const PaneRect& r = rects[i];
    CHECK(r.width > 0);
    CHECK(r.height > 0);
    CHECK(r.x >= kArea.x);
    CHECK(r.y >= kArea.y);
    CHECK(r.x + r.width <= kArea.x + kArea.width);
    CHECK(r.y + r.height <= kArea.y + kArea.height);
    for (std::size_t j = i + 1; j < rects.size(); ++j) CHECK_FALSE(Overlap(r, rects[j]));
    total += Area(r);
  }
  CHECK(total == doctest::Approx(kArea.width * kArea.height));
}

PaneSet Parse(const char* list) {
  auto parsed = ParsePaneList(list);
  REQUIRE(parsed.ok());
  return *parsed;
}

}  // namespace

TEST_CASE("tour layout: all panes tile the screen, the timeline along the bottom") {
  const TourLayout l = LayOutTour(kArea, PaneSet::All());
  REQUIRE(Present(l).size() == 5);
  CheckTiles(l);
  CHECK(l.timeline->height == 200);
  CHECK(l.timeline->width == kArea.width);
  CHECK(l.source->x == kArea.x);
  CHECK(l.passage->y == kArea.y);
  CHECK(l.grid->y == l.detail->y);
}

TEST_CASE("tour layout: wide heatmaps take width from the grid") {
  LayoutInput wide = kArea;
  wide.wide_detail = true;
  CHECK(LayOutTour(wide, PaneSet::All()).detail->width > LayOutTour(kArea, PaneSet::All()).detail->width);
}

TEST_CASE(
    "tour layout: a stop that shows the grid gives it the larger share, unless the splitter was dragged") {
  LayoutInput grid_first = kArea;
  grid_first.grid_first = true;
  const TourLayout about_grid = LayOutTour(grid_first, PaneSet::All());
  CHECK(about_grid.grid->width > about_grid.detail->width);
  CHECK(about_grid.grid->width > LayOutTour(kArea, PaneSet::All()).grid->width);
  grid_first.splits.grid = 0.3f;
  CHECK(LayOutTour(grid_first, PaneSet::All()).grid->width < about_grid.detail->width);
}

TEST_CASE("tour layout: dropped panes give their room to the ones kept") {
  for (const char* list :
       {"grid", "memory", "grid,memory", "source", "timeline", "source,timeline", "passage,scores", "cost",
        "grid,cost", "scenario,timeline", "source,grid,timeline", "passage,grid", "lanes,timeline"}) {
    CAPTURE(list);
    CheckTiles(LayOutTour(kArea, Parse(list)));
  }
  const TourLayout grid_only = LayOutTour(kArea, Parse("grid"));
  CHECK(grid_only.grid->width == kArea.width);
  CHECK(grid_only.grid->height == kArea.height);
  CHECK_FALSE(grid_only.source);
  CHECK_FALSE(grid_only.detail);
}

TEST_CASE("pane lists: parsed in any order, written in screen order, and unknown names are named") {
  CHECK(Parse("timeline,grid").ToString() == "grid,timeline");
  CHECK(Parse("timeline,grid").Without(Pane::Grid).ToString() == "timeline");
  CHECK(PaneSet::All().Without(Pane::Cost).Without(Pane::Cost).ToString() ==
        "source,passage,grid,memory,lanes,scores,scenario,timeline");
  CHECK(Parse("scores").HasDetail());
  CHECK_FALSE(Parse("grid,source").HasDetail());
  CHECK(PaneSet::All().ToString() == "source,passage,grid,memory,lanes,scores,cost,scenario,timeline");
  for (const char* bad : {"gird", "grid,", "", ",grid"}) {
    CAPTURE(bad);
    const auto parsed = ParsePaneList(bad);
    REQUIRE(!parsed.ok());
    CHECK(parsed.error().message.find("source, passage, grid") != std::string::npos);
  }
  CHECK(ParsePaneList("gird").error().message.find("'gird'") != std::string::npos);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE(
    "tour layout: classroom mode puts the passage on the left and the picture over the source on the right") {
  LayoutInput classroom = kArea;
  classroom.classroom = true;
  for (const char* list :
       {"source,passage,grid,timeline", "source,passage,memory,timeline",
        "source,passage,grid,lanes,timeline", "passage,scores", "source,timeline", "grid"}) {
    CAPTURE(list);
    CheckTiles(LayOutTour(classroom, Parse(list)));
  }
  const float top_h = kArea.height - kArea.timeline_height;
  const TourLayout l = LayOutTour(classroom, Parse("source,passage,grid,timeline"));
  CHECK(l.passage->x == kArea.x);
  CHECK(l.passage->height == top_h);  // the whole left column
  CHECK(l.grid->x == l.passage->width);
  CHECK(l.source->x == l.grid->x);
  CHECK(l.source->y == l.grid->y + l.grid->height);
  CHECK(l.source->height == std::floor(top_h * 0.38f));
  CHECK(l.passage->width == std::floor(kArea.width * 0.34f));  // no measure: the narrowest column
  CHECK(l.timeline->height == kArea.timeline_height);
  CHECK(l.folded.empty());
  const TourLayout both = LayOutTour(classroom, Parse("source,passage,grid,memory,timeline"));
  CHECK(both.grid->width == both.detail->width);
  CHECK(both.detail->y == both.grid->y + both.grid->height);
  CHECK(both.source->y == both.detail->y + both.detail->height);
}

TEST_CASE("tour layout: a classroom screen taller than wide stacks the passage, the picture and the source") {
  LayoutInput portrait{.x = 0, .y = 0, .width = 800, .height = 1200, .timeline_height = 100};
  portrait.classroom = true;
  portrait.line_height = 30;
  portrait.source_min_height = 400;
  portrait.passage_height = [](float) { return 250.0f; };
  const TourLayout l = LayOutTour(portrait, Parse("source,passage,grid,timeline"));
  CHECK(l.passage->width == 800);
  CHECK(l.passage->height == 250);
  CHECK(l.grid->y == l.passage->y + l.passage->height);
  CHECK(l.source->y == l.grid->y + l.grid->height);
  CHECK(l.source->height == 400);  // the floor: 38% of the rest would be less
  CHECK(l.source->y + l.source->height == portrait.height - portrait.timeline_height);
}

TEST_CASE("tour layout: a classroom window too small for every floor folds the source, then the picture") {
  LayoutInput small{.x = 0, .y = 0, .width = 800, .height = 400, .timeline_height = 60};
  small.classroom = true;
  small.line_height = 30;
  small.pane_min_width = 240;
  small.source_min_height = 320;  // more than the 340 px above the timeline leaves beside four lines
  TourLayout l = LayOutTour(small, Parse("source,passage,grid,timeline"));
  CHECK_FALSE(l.source);
  REQUIRE(l.folded.size() == 1);
  CHECK(l.folded[0] == Pane::Source);
  CHECK(l.grid);
  CHECK(FoldedNames(l.folded) == std::vector<std::string>{"source"});
  small.width = 400;  // stacked, and 240 px leave no room under four lines of passage for a picture
  small.height = 300;
  l = LayOutTour(small, Parse("source,passage,grid,memory,timeline"));
  CHECK_FALSE(l.grid);
  CHECK_FALSE(l.detail);
  CHECK_FALSE(l.source);
  CHECK(FoldedNames(l.folded) == std::vector<std::string>{"source", "picture"});
  CHECK(l.passage->width == 400);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("tour layout: the passage gets the height its narration needs, within bounds") {
  LayoutInput area = kArea;
  const float top_h = kArea.height - kArea.timeline_height;
  float asked_width = 0;
  area.passage_height = [&](float width) {
    asked_width = width;
    return 400.0f;
  };
  TourLayout l = LayOutTour(area, PaneSet::All());
  CheckTiles(l);
  CHECK(l.passage->height == 400.0f);
  CHECK(asked_width == l.passage->width);
  area.passage_height = [](float) { return 10.0f; };  // a short stop still leaves the pane a quarter
  CHECK(LayOutTour(area, PaneSet::All()).passage->height == std::floor(top_h * 0.25f));
  area.passage_height = [](float) { return 5000.0f; };  // a long one never takes the pictures' room
  CHECK(LayOutTour(area, PaneSet::All()).passage->height == std::floor(top_h * kLargestFittedPassage));
  area.classroom = true;  // classroom: the left column widens until the narration fits its height
  area.passage_height = [](float width) { return width < 1600 * 0.46f ? 900.0f : 300.0f; };
  l = LayOutTour(area, PaneSet::All());
  CheckTiles(l);
  CHECK(l.passage->width == std::floor(1600 * 0.46f));
  CHECK(l.passage->height == top_h);
  area.passage_height = [](float) { return 5000.0f; };  // never past half the screen
  CHECK(LayOutTour(area, PaneSet::All()).passage->width == std::floor(1600 * 0.52f));
  area.passage_width = [] { return 1600 * 0.48f; };  // nor narrower than its longest unwrapped line
  area.passage_height = [](float) { return 10.0f; };
  CHECK(LayOutTour(area, PaneSet::All()).passage->width == std::floor(1600 * 0.48f));
}

TEST_CASE("tour layout: dragged splits move the borders, and absurd ones are kept in bounds") {
  LayoutInput area = kArea;
  area.splits = {.source = 0.3f, .passage = 0.5f, .grid = 0.6f};
  const TourLayout l = LayOutTour(area, PaneSet::All());
  CheckTiles(l);
  const float top_h = kArea.height - kArea.timeline_height;
  CHECK(l.source->width == std::floor(kArea.width * 0.3f));
  CHECK(l.passage->height == std::floor(top_h * 0.5f));
  CHECK(l.grid->width == std::floor(l.passage->width * 0.6f));
  area.passage_height = [](float) { return 5000.0f; };  // the user's share wins over the fit
  CHECK(LayOutTour(area, PaneSet::All()).passage->height == std::floor(top_h * 0.5f));
  CHECK(ClampSplit(0.0f) == 0.0f);
  CHECK(ClampSplit(-3.0f) == 0.0f);
  CHECK(ClampSplit(std::nanf("")) == 0.0f);
  CHECK(ClampSplit(0.01f) == kSmallestSplit);
  CHECK(ClampSplit(40.0f) == kLargestSplit);
  CHECK(ClampSplit(0.5f) == 0.5f);
}

}  // namespace tilewalk::app
