// The grid view and the gallery run real ImGui frames with no GL and no window: a context, a display size,
// a built font atlas, then NewFrame/Draw/Render. This is the null-backend test of the painting code, and it
// checks that a click on a cell comes back as the intent to seek to that cell.
#include <doctest/doctest.h>
#include <imgui.h>

#include <map>
#include <set>

#include "app/views/canned_grids.hpp"
#include "app/views/gallery.hpp"
#include "app/views/grid_layout.hpp"
#include "app/views/grid_view.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::views {

TEST_CASE("grid view smoke: two frames of each canned picture draw something and return no intent") {
  HeadlessImGui imgui;
  for (const CannedGridSpec& spec : CannedGridSpecs()) {
    CAPTURE(spec.title);
    const GridPicture picture = MakeGridPicture(spec);
    GridViewState state;
    for (int frame = 0; frame < 2; ++frame) {
      std::optional<GridCell> intent;
      const int vertices = imgui.Frame([&] { intent = DrawGridView(picture, state); });
      CHECK(vertices > 1000);  // cells, hatching, path and labels, not just the window background
      CHECK_FALSE(intent.has_value());
    }
  }
}

TEST_CASE("grid view smoke: the gallery draws every exhibit, each view in at least two states") {
  HeadlessImGui imgui;
  GalleryState gallery;
  bool open = true;
  std::map<GalleryView, int> per_view;
  std::set<std::string> slugs;
  for (std::size_t i = 0; i < gallery.exhibits.size(); ++i) {
    const GalleryExhibit& exhibit = gallery.exhibits[i];
    CAPTURE(exhibit.slug);
    ++per_view[exhibit.view];
    CHECK(slugs.insert(exhibit.slug).second);
    CHECK_FALSE(exhibit.builder.empty());
    gallery.selected = i;
    for (int frame = 0; frame < 2; ++frame) {
      ImGui::NewFrame();
      ImGui::SetNextWindowPos({0.0f, 0.0f}, ImGuiCond_FirstUseEver);  // as the app's shell does
      ImGui::SetNextWindowSize(kDisplay, ImGuiCond_FirstUseEver);
      DrawGallery(gallery, &open);
      ImGui::Render();
    }
    // The list of exhibits alone is about 1500 vertices; the exhibit adds its picture.
    CHECK(ImGui::GetDrawData()->TotalVtxCount > 2000);
  }
  CHECK(per_view.size() == 9);
  for (const auto& [view, count] : per_view) {
    CAPTURE(std::string(GalleryViewName(view)));
    CHECK(count >= 2);
  }
  CHECK(open);
}

TEST_CASE("grid view smoke: odd pictures draw without crashing") {
  HeadlessImGui imgui;
  GridViewState state{.zoom = 3.0f, .show_order = true};
  const GridPicture empty{.title = "empty",
                          .row_label = "q block",
                          .col_label = "kv block",
                          .rows = 0,
                          .cols = 0,
                          .walks_down_columns = false,
                          .slices = {{.batch = 0, .head = 0, .cells = {}}}};
  GridPicture short_cells = MakeGridPicture({.title = "short", .current_step = 3});
  short_cells.slices[0].cells.resize(5);  // a builder bug upstream: fewer states than cells
  const GridPicture no_slices = MakeGridPicture({.title = "no slices", .slices = {}});
  const GridPicture dense =
      MakeGridPicture({.title = "dense", .rows = 300, .cols = 300, .current_step = 40000});
  for (const GridPicture* picture :
       {&empty, static_cast<const GridPicture*>(&short_cells), &no_slices, &dense}) {
    CAPTURE(picture->title);
    for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawGridView(*picture, state); });
  }
}

TEST_CASE("grid view smoke: a dense grid at fit zoom merges its cells into rows of rectangles") {
  HeadlessImGui imgui;
  GridViewState state;
  const GridPicture dense =
      MakeGridPicture({.title = "dense", .rows = 300, .cols = 300, .current_step = 40000});
  int vertices = 0;
  for (int frame = 0; frame < 2; ++frame) vertices = imgui.Frame([&] { DrawGridView(dense, state); });
  CHECK(vertices > 0);
  CHECK(vertices < 65536);  // one rectangle per cell would be 360,000
}

TEST_CASE("grid view smoke: clicking a cell returns the intent to seek to it") {
  HeadlessImGui imgui;
  const GridPicture picture =
      MakeGridPicture({.title = "click", .walks_down_columns = true, .current_step = 2});
  GridViewState state;
  ImVec2 canvas_min, canvas_size;
  auto draw = [&](std::optional<GridCell>& intent) {
    return imgui.Frame([&] {
      intent = DrawGridView(picture, state);
      canvas_min = ImGui::GetItemRectMin();  // the canvas child is the view's last item
      canvas_size = ImGui::GetItemRectSize();
    });
  };
  std::optional<GridCell> intent;
  draw(intent);

  // Lay the picture out as the view did, and aim at cell (row 3, col 2).
  const GridLayout layout = BuildGridLayout(
      picture, canvas_size.x - 1.0f, canvas_size.y - 1.0f,
      {.text = {.char_width = ImGui::CalcTextSize("0").x, .line_height = ImGui::GetTextLineHeight()}});
  const LayoutVec target = layout.slices.at(0).cells.at(3 * 4 + 2).Centre();
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = {canvas_min.x + target.x, canvas_min.y + target.y};
  draw(intent);  // hover
  CHECK_FALSE(intent.has_value());
  io.MouseDown[0] = true;
  draw(intent);  // press
  CHECK_FALSE(intent.has_value());
  io.MouseDown[0] = false;
  draw(intent);  // release: a click
  REQUIRE(intent.has_value());
  CHECK(intent->slice == 0);
  CHECK(intent->row == 3);
  CHECK(intent->col == 2);
  CHECK(StepInLaunch(picture, intent->slice, intent->row, intent->col) == 11);
}

TEST_CASE("grid view smoke: over the cells, Ctrl + wheel zooms and a double-click fits again") {
  HeadlessImGui imgui;
  const GridPicture picture = MakeGridPicture({.title = "zoom", .current_step = 2});
  GridViewState state{.compact = true};  // as in a tour: no zoom buttons
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = {300.0f, 300.0f};
  for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawGridView(picture, state); });
  io.KeyCtrl = true;
  io.MouseWheel = 1.0f;
  imgui.Frame([&] { DrawGridView(picture, state); });
  io.MouseWheel = 0.0f;
  io.KeyCtrl = false;
  CHECK(state.zoom > 1.0f);
  for (int click = 0; click < 2; ++click) {
    io.MouseDown[0] = true;
    imgui.Frame([&] { DrawGridView(picture, state); });
    io.MouseDown[0] = false;
    imgui.Frame([&] { DrawGridView(picture, state); });
  }
  CHECK(state.zoom == 1.0f);
}

}  // namespace tilewalk::views
