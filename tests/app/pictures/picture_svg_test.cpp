// Each picture kind as SVG: the text it must carry as <text>, the classes that name its marks, its
// heatmaps as embedded PNG images, escaped labels, and the same bytes from the same picture.
#include <doctest/doctest.h>

#include <array>
#include <string>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_document.hpp"
#include "app/views/canned_grids.hpp"
#include "app/views/canned_tour_pictures.hpp"
#include "app/views/tour_palette.hpp"
#include "tests/text_search.hpp"

namespace tilewalk::pictures {
namespace {

using tilewalk::test::Contains;
using tilewalk::test::Occurrences;

// The text of every <text> element, in order, joined by '|'.
std::string Texts(const std::string& svg) {
  std::string out;
  for (std::size_t at = svg.find("<text"); at != std::string::npos; at = svg.find("<text", at + 1)) {
    const std::size_t open = svg.find('>', at), close = svg.find("</text>", at);
    out += svg.substr(open + 1, close - open - 1) + "|";
  }
  return out;
}

views::GridPicture CausalGrid() {
  return views::MakeGridPicture(
      {.title = "Forward launch grid", .rows = 4, .cols = 4, .causal = true, .current_step = 6});
}

// The path data of the first <path> of class `cls`; empty when there is none.
std::string PathData(const std::string& svg, const std::string& cls) {
  const std::size_t at = svg.find("<path class=\"" + cls + "\"");
  if (at == std::string::npos) return {};
  const std::size_t d = svg.find(" d=\"", at) + 4;
  return svg.substr(d, svg.find('"', d) - d);
}

// The three points of the first chevron of path data "Mx,yLx,yLx,y...": one arm's end, the tip, the other.
std::array<std::array<double, 2>, 3> FirstChevron(const std::string& d) {
  std::array<std::array<double, 2>, 3> points{};
  std::size_t at = 0;
  for (auto& point : points) {
    at = d.find_first_of("ML", at) + 1;
    std::size_t used = 0;
    point[0] = std::stod(d.substr(at), &used);
    point[1] = std::stod(d.substr(at + used + 1));
  }
  return points;
}

}  // namespace

TEST_CASE("svg grid: cells by state, the step path, the labels and the legend") {
  const std::string svg = GridSvg(CausalGrid());
  CHECK(Contains(svg, "class=\"tilewalk grid theme-dark\""));
  CHECK(Contains(Texts(svg), "Forward launch grid|"));
  CHECK(Contains(svg, "class=\"cell ran\""));
  CHECK(Contains(svg, "class=\"cell skipped\""));
  // The cursor's cell and the legend's swatch are ringed; no cell is filled as "current".
  CHECK(Occurrences(svg, "class=\"current\"") == 2);
  CHECK(!Contains(svg, "cell current"));
  CHECK(Contains(svg, "class=\"cell pending\""));
  CHECK(Contains(svg, "class=\"path done\""));
  CHECK(Contains(svg, "class=\"path ahead\""));
  CHECK(Contains(svg, "<g class=\"legend\">"));
  CHECK(Contains(Texts(svg), "|6|"));  // the current cell's step number, large cells being numbered
  CHECK(Contains(svg, SvgColour(views::palette::Active().ran_fill)));
  CHECK(svg == GridSvg(CausalGrid()));
}

TEST_CASE("svg grid: every step of the path has an arrowhead pointing the way the grid walks") {
  // Along rows (the forward launch): the tip is right of the arms; 3 steps in each of 4 rows, and no
  // arrowhead on the jump from a row's end to the next row's start.
  const std::string rows = GridSvg(CausalGrid());
  const std::string done = PathData(rows, "path-arrow done"), ahead = PathData(rows, "path-arrow ahead");
  REQUIRE_FALSE(done.empty());
  REQUIRE_FALSE(ahead.empty());
  CHECK(Occurrences(done + ahead, "M") == 12);
  const auto along = FirstChevron(done);
  CHECK(along[1][0] > along[0][0] + 1);
  CHECK(along[1][0] > along[2][0] + 1);
  // Down columns (dK/dV): the tip is below the arms.
  const std::string columns = GridSvg(views::MakeGridPicture(
      {.title = "dK/dV", .rows = 4, .cols = 4, .walks_down_columns = true, .current_step = 6}));
  const auto down = FirstChevron(PathData(columns, "path-arrow done"));
  CHECK(down[1][1] > down[0][1] + 1);
  CHECK(down[1][1] > down[2][1] + 1);
  // A grid too large to draw cell for cell is summarised in bands; its arrowheads are the summary's, a few
  // hundred, not one per grid step.
  const std::string dense =
      GridSvg(views::MakeGridPicture({.title = "big", .rows = 300, .cols = 300, .current_step = 45000}));
  const std::string dense_arrows = PathData(dense, "path-arrow done") + PathData(dense, "path-arrow ahead");
  CHECK(Occurrences(dense_arrows, "M") > 0);
  CHECK(Occurrences(dense_arrows, "M") < 1000);
}

TEST_CASE("svg grid: labels with markup and quotes are escaped, never raw") {
  views::GridPicture grid = CausalGrid();
  grid.title = R"(Grid <!--<script> "q" & 'a')";
  grid.row_label = "q <block>";
  const std::string svg = GridSvg(grid);
  CHECK(Contains(svg, "Grid &lt;!--&lt;script&gt; &quot;q&quot; &amp; &#39;a&#39;"));
  CHECK(!Contains(svg, "<script"));
  CHECK(!Contains(svg, "<!--"));
  CHECK(!Contains(svg, "<block>"));
}

TEST_CASE("svg grid: a dense grid is a few rectangles a row, not one a cell") {
  const views::GridPicture big =
      views::MakeGridPicture({.title = "big", .rows = 300, .cols = 300, .current_step = 45000});
  const std::string svg = GridSvg(big);
  CHECK(Occurrences(svg, "<rect") < 5000);
  CHECK(Contains(svg, "class=\"current\""));
}

TEST_CASE("svg memory: slots with their blocks, HBM blocks, the key and the scratch") {
  const views::MemoryPicture picture = views::CannedMemoryPicture();
  const std::string svg = MemorySvg(picture);
  const std::string texts = Texts(svg);
  CHECK(Contains(svg, "class=\"tilewalk memory"));
  REQUIRE(!picture.inputs.empty());
  CHECK(Contains(texts, "|" + picture.inputs.front().name + "|"));
  CHECK(Contains(texts, "slot 0|slot 1|in HBM|"));
  CHECK(Contains(svg, "<g class=\"slot active"));
  CHECK(Contains(svg, " wanted\""));  // the block asked for, also in VMEM in this picture
  CHECK(Contains(svg, "<g class=\"operand reused\">"));
  CHECK(Contains(texts, "reused|"));
  CHECK(Contains(texts, "naive map&#39;s block|"));
  if (!picture.copy_in_flight.empty()) CHECK(Contains(texts, "last copy: "));
  if (!picture.scratch.empty()) CHECK(Contains(svg, "class=\"heatmap scratch"));  // a frame: no image canned
  CHECK(svg == MemorySvg(picture));
}

TEST_CASE(
    "svg: the stop's focus is outlined, cells in the grid (and named in its legend), rows in a heatmap") {
  views::GridPicture grid = CausalGrid();
  CHECK_FALSE(Contains(GridSvg(grid), "class=\"focus\""));
  grid.focus = views::GridRange{.slice = 0, .first_row = 0, .last_row = 2, .first_col = 3, .last_col = 3};
  const std::string svg = GridSvg(grid);
  CHECK(Occurrences(svg, "class=\"focus\"") == 2);  // the cells, and the legend's swatch
  CHECK(Contains(Texts(svg), "the stop&#39;s cells|"));
  views::LanesPicture lanes = views::CannedLanesPicture();
  CHECK_FALSE(Contains(LanesSvg(lanes), "focus-rows"));
  lanes.m.focus_first_row = 0;
  lanes.m.focus_last_row = 7;
  CHECK(Contains(LanesSvg(lanes), "class=\"focus-rows\""));
}

TEST_CASE("svg memory: a key names each off-scale look its scratch holds, and only those") {
  views::MemoryPicture picture = views::CannedMemoryPicture();
  picture.scratch.resize(2);
  picture.scratch[0].tile.off_scale[static_cast<std::size_t>(views::OffScale::NaN)] = 5;
  picture.scratch[1].tile.off_scale[static_cast<std::size_t>(views::OffScale::MinusInf)] = 128;
  const std::string svg = MemorySvg(picture);
  CHECK(Contains(Texts(svg), "|NaN|-inf|"));
  CHECK_FALSE(Contains(Texts(svg), "|+inf|"));
  CHECK_FALSE(Contains(Texts(svg), "|mask value|"));
  CHECK(Occurrences(svg, "class=\"off-scale-swatch\"") == 2 * 36);
  picture.scratch[0].tile.off_scale = {};
  picture.scratch[1].tile.off_scale = {};
  CHECK_FALSE(Contains(MemorySvg(picture), "off-scale-key"));
}

TEST_CASE("svg lanes: m, l and alpha as embedded PNG images with their scales") {
  const views::LanesPicture picture = views::CannedLanesPicture();
  const std::string svg = LanesSvg(picture);
  CHECK(Contains(svg, "<image class=\"heatmap m\""));
  CHECK(Contains(svg, "<image class=\"heatmap l\""));
  CHECK(Contains(svg, "xlink:href=\"data:image/png;base64,iVBORw0KGgo"));
  CHECK(Contains(svg, "image-rendering:pixelated"));
  CHECK(Contains(svg, "<g class=\"scale\">"));
  if (picture.tile_repeats > 0)
    CHECK(Contains(Texts(svg), "tile x" + std::to_string(picture.tile_repeats) + "|"));
  if (picture.has_alpha) CHECK(Contains(Texts(svg), "alpha = exp(m_prev - m_next)|"));
  views::LanesPicture empty;
  empty.empty_message = "no running max yet: <before> the first block";
  CHECK(Contains(Texts(LanesSvg(empty)), "no running max yet: &lt;before&gt; the first block|"));
}

TEST_CASE("svg scores: s and p, the masks and their counts") {
  const views::ScoresPicture picture = views::CannedScoresPicture();
  const std::string svg = ScoresSvg(picture);
  CHECK(Contains(svg, "<image class=\"heatmap s\""));
  if (picture.has_p) CHECK(Contains(svg, "<image class=\"heatmap p\""));
  if (picture.has_causal)
    CHECK(Contains(Texts(svg), "causal mask: " + std::to_string(picture.causal_masked) + " masked|"));
  CHECK(svg == ScoresSvg(picture));
}

TEST_CASE("svg timeline: position, statement, launches, markers of every kind, the cursor and the key") {
  const views::TimelinePicture picture = views::CannedTimelinePicture();
  const std::string svg = TimelineSvg(picture);
  const std::string texts = Texts(svg);
  CHECK(Contains(texts, picture.position + "|"));
  CHECK(Contains(svg, "class=\"launch\""));
  CHECK(Contains(svg, "class=\"cursor\""));
  for (const char* kind : {"copy-issued", "copy-skipped", "writeback", "step-skipped", "error"}) {
    CAPTURE(kind);
    CHECK(Contains(svg, std::string("class=\"marker ") + kind + "\""));
    CHECK(Contains(svg, std::string("class=\"swatch ") + kind + "\""));
  }
  CHECK(Contains(texts, "copy issued|"));
  CHECK(!Contains(texts, "step by"));  // no controls in a figure
}

TEST_CASE("svg cost: totals, the bound, both lanes and the step at the cursor") {
  const views::CostPicture picture = views::CannedCostPicture();
  const std::string svg = CostSvg(picture);
  const std::string texts = Texts(svg);
  CHECK(Contains(texts, "Total "));
  CHECK(Contains(texts, picture.hbm_bound ? "HBM-bound" : "Compute-bound"));
  CHECK(Contains(svg, "<g class=\"lanes launch\">"));
  CHECK(Contains(svg, "class=\"step ran\""));
  CHECK(Contains(svg, "class=\"copy in\""));
  if (picture.current_step >= 0) {
    CHECK(Contains(svg, "<g class=\"lanes zoom\">"));
    CHECK(Contains(texts, "Step " + std::to_string(picture.current_step + 1) + " of "));
  }
  CHECK(Contains(texts, "Estimates from a cost model"));
}

TEST_CASE("svg: the theme sets the ground and the colours") {
  const std::string dark = GridSvg(CausalGrid());
  views::palette::SetTheme(views::palette::Theme::Light);
  const std::string light = GridSvg(CausalGrid());
  views::palette::SetTheme(views::palette::Theme::Dark);
  CHECK(Contains(light, "theme-light"));
  CHECK(Contains(light, "<rect class=\"ground\" width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>"));
  CHECK(!Contains(dark, "fill=\"#ffffff\"/>\n<rect class=\"cell"));
  CHECK(dark != light);
}

}  // namespace tilewalk::pictures
