// The tour screen run headless (an ImGui context with no window and no GL) over the fixture tour: every
// pane draws, and the keyboard moves the session's one cursor: → a statement, Shift+→ a grid step,
// PgDn the next stop, Home the start, Space play, ? the help overlay.
#include <doctest/doctest.h>
#include <imgui.h>

#include <GLFW/glfw3.h>

#include "app/gui/frame_input.hpp"
#include "app/screen/tour_screen.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::app {
namespace {

struct FixtureScreen {
  views::HeadlessImGui imgui;
  session::TourSession session{{.library_folder = TILEWALK_FIXTURE_LIBRARY}};
  TourScreenState state;

  int Frame() {
    ImGui::NewFrame();
    DrawTourScreen(session, state, 0.0f, 0.0);
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }
  // A frame that takes these queued events, as the window's frame drains its callbacks' queue.
  void FrameWith(const std::vector<InputEvent>& events) {
    GiveScreenInput(MapInput(events, false), state);
    Frame();
  }
  // A GLFW key pressed and released before the frame (with Shift if asked): a quick tap; then a frame
  // with no input, as the window draws after input (ImGui shows a scroll a frame late).
  void Press(int key, bool shift = false) {
    const int mods = shift ? GLFW_MOD_SHIFT : 0;
    FrameWith({{.code = key, .action = GLFW_PRESS, .mods = mods},
               {.code = key, .action = GLFW_RELEASE, .mods = mods}});
    Frame();
  }
};

}  // namespace

TEST_CASE("tour screen: every pane draws over the fixture tour") {
  FixtureScreen screen;
  REQUIRE(screen.session.HasTour());
  CHECK(screen.Frame() > 3000);
  CHECK(screen.Frame() > 3000);
}

TEST_CASE("tour screen: the keys move the one cursor") {
  FixtureScreen screen;
  screen.Frame();
  const uint64_t landed = *screen.session.cursor();
  screen.Press(GLFW_KEY_RIGHT);
  CHECK(*screen.session.cursor() == landed + 1);
  screen.Press(GLFW_KEY_LEFT);
  CHECK(*screen.session.cursor() == landed);
  const std::string before = screen.session.Pictures().timeline.position;
  screen.Press(GLFW_KEY_RIGHT, true);
  CHECK(screen.session.Pictures().timeline.position.find("step 2/16") != std::string::npos);
  CHECK(before.find("step 1/16") != std::string::npos);
  screen.Press(GLFW_KEY_HOME);
  CHECK(*screen.session.cursor() == 0);
  screen.Press(GLFW_KEY_PAGE_DOWN);
  CHECK(screen.session.stop_index() == 1);
  screen.Press(GLFW_KEY_PAGE_UP);
  CHECK(screen.session.stop_index() == 0);
  screen.Press(GLFW_KEY_SPACE);
  CHECK(screen.session.playing());
  screen.Press(GLFW_KEY_SPACE);
  CHECK_FALSE(screen.session.playing());
}

TEST_CASE("tour screen: ? toggles the help overlay and Escape closes it") {
  FixtureScreen screen;
  screen.Frame();
  screen.Press(GLFW_KEY_SLASH, true);  // '?'
  CHECK(screen.state.show_help);
  screen.Press(GLFW_KEY_ESCAPE);
  CHECK_FALSE(screen.state.show_help);
}

}  // namespace tilewalk::app

#include "app/screen/imgui_setup.hpp"
#include "app/views/text_fonts.hpp"

#include <sstream>

namespace tilewalk::app {

TEST_CASE("tour screen: classroom mode shows the stop's picture, and it stays put while stepping") {
  FixtureScreen screen;
  screen.state.classroom = true;
  screen.Frame();  // the fixture's stop 1 shows lanes, and lands on fwd.run.m_next
  CHECK_FALSE(screen.state.classroom_grid);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  screen.Press(GLFW_KEY_RIGHT, true);  // the next grid step begins: the picture stays
  CHECK_FALSE(screen.state.classroom_grid);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  screen.Press(GLFW_KEY_PAGE_DOWN);  // stop 2 shows the grid
  CHECK(screen.state.classroom_grid);
  for (int i = 0; i < 6; ++i) screen.Press(GLFW_KEY_RIGHT);
  CHECK(screen.state.classroom_grid);
  CHECK(screen.Frame() > 2000);
  screen.state.classroom = false;
  CHECK(screen.Frame() > 3000);
}

TEST_CASE("tour screen: another tour forgets the last one's tab, grid and scroll") {
  FixtureScreen screen;
  screen.state.classroom = true;
  screen.Press(GLFW_KEY_PAGE_DOWN);  // stop 2 shows the grid
  screen.state.detail_user = session::DetailTab::Cost;
  screen.state.detail_auto = session::DetailTab::Scores;
  screen.state.memory.scrolled_for = 7;
  REQUIRE(screen.state.classroom_grid);
  ForgetTour(screen.state);
  CHECK_FALSE(screen.state.classroom_grid);
  CHECK_FALSE(screen.state.detail_user);
  CHECK(screen.state.detail_auto == session::DetailTab::Memory);
  CHECK(screen.state.detail_stop == -1);
  CHECK_FALSE(screen.state.memory.scrolled_for);
}

TEST_CASE("every look: tooltips, menus and popups are opaque, in each theme, classroom or not") {
  views::HeadlessImGui imgui;
  std::ostringstream warnings;
  for (const auto theme :
       {views::palette::Theme::Dark, views::palette::Theme::Light, views::palette::Theme::Print})
    for (const bool classroom : {false, true}) {
      RestyleImGui({.font_pixels = 20.0f, .classroom = classroom, .theme = theme}, warnings);
      CHECK(ImGui::GetStyle().Colors[ImGuiCol_PopupBg].w == 1.0f);
    }
  views::palette::SetTheme(views::palette::Theme::Dark);
}

TEST_CASE("classroom look: white on near-black, strong title bars, and the font rasterised at its size") {
  views::HeadlessImGui imgui;
  std::ostringstream warnings;
  SetUpImGui({.font_pixels = 20.0f}, warnings);
  const ImVec4 plain_title = ImGui::GetStyle().Colors[ImGuiCol_TitleBg];
  const float plain_padding = ImGui::GetStyle().FramePadding.y;
  RestyleImGui({.font_pixels = LookFontPixels(1080, true, 1.0f), .classroom = true}, warnings);
  const ImGuiStyle& style = ImGui::GetStyle();
  CHECK(style.Colors[ImGuiCol_Text].x == 1.0f);
  CHECK(style.Colors[ImGuiCol_WindowBg].x < 0.05f);
  CHECK(style.Colors[ImGuiCol_TitleBg].z > plain_title.z);
  CHECK(style.FramePadding.y > plain_padding);
  CHECK(style.WindowBorderSize >= 2.0f);
  REQUIRE(ImGui::GetIO().Fonts->Fonts.Size == 3);  // code, prose, and the larger title font
  CHECK(views::CurrentTextFonts().prose == ImGui::GetIO().Fonts->Fonts[1]);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // the atlas builds at the new size
  CHECK(h > 0);
  CHECK(views::CurrentTextFonts().title->FontSize > views::CurrentTextFonts().prose->FontSize);
  CHECK(ImGui::GetIO().Fonts->Fonts[0]->FontSize == doctest::Approx(29.0f));  // 1080 / 37.5
  CHECK(LookFontPixels(1080, false, 1.0f) == 20.0f);
  CHECK(LookFontPixels(1080, false, 1.1f) == 22.0f);
  CHECK(LookFontPixels(2160, true, 1.0f) == 58.0f);  // 4K looks as 1080p does, twice as fine
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE(
    "tour screen: G picks the next step unit, T the other axis, and the arrows then step by that unit") {
  FixtureScreen screen;
  screen.Frame();
  const auto press = [&](int key) { screen.Press(key); };
  press('G');
  CHECK(screen.session.step_unit() == views::StepUnit::Dma);
  press('G');
  CHECK(screen.session.step_unit() == views::StepUnit::GridStep);
  screen.Press(GLFW_KEY_RIGHT);
  CHECK(screen.session.Pictures().timeline.statement.rfind("step_begin", 0) == 0);
  press('T');
  CHECK(screen.session.axis() == views::TimelineAxis::Time);
  CHECK(screen.session.Pictures().timeline.axis == views::TimelineAxis::Time);
  // F10 is the window's: it toggles classroom mode.
  const std::vector<InputEvent> f10 = {{.code = GLFW_KEY_F10, .action = GLFW_PRESS}};
  const FrameInput input = MapInput(f10, false);
  CHECK(input.intents.empty());
  REQUIRE(input.actions.size() == 1);
  CHECK(input.actions[0] == WindowAction::ToggleClassroom);
}

TEST_CASE("tour screen: every press in a frame's queue counts, a quick tap once, five taps five times") {
  FixtureScreen screen;
  screen.Frame();
  const uint64_t landed = *screen.session.cursor();
  screen.Press(GLFW_KEY_RIGHT);  // pressed and released between two frames: ImGui's sampling missed these
  CHECK(*screen.session.cursor() == landed + 1);
  std::vector<InputEvent> five;
  for (int i = 0; i < 5; ++i) {
    five.push_back({.code = GLFW_KEY_RIGHT, .action = GLFW_PRESS});
    five.push_back({.code = GLFW_KEY_RIGHT, .action = GLFW_RELEASE});
  }
  screen.FrameWith(five);
  CHECK(*screen.session.cursor() == landed + 6);
  // Held down, the keyboard repeats Right; Space does not repeat, so a held Space toggles once.
  screen.FrameWith({{.code = GLFW_KEY_RIGHT, .action = GLFW_REPEAT},
                    {.code = GLFW_KEY_SPACE, .action = GLFW_PRESS},
                    {.code = GLFW_KEY_SPACE, .action = GLFW_REPEAT}});
  CHECK(*screen.session.cursor() == landed + 7);
  CHECK(screen.session.playing());
}

TEST_CASE("frame input: a text field keeps the keys, clicker keys page and blank") {
  const std::vector<InputEvent> right = {{.code = GLFW_KEY_RIGHT, .action = GLFW_PRESS},
                                         {.kind = InputKind::Char, .code = 'x'}};
  const FrameInput typing = MapInput(right, true);
  CHECK(typing.intents.empty());
  CHECK(typing.events == 2);
  const std::vector<InputEvent> clicker = {{.code = GLFW_KEY_PAGE_DOWN, .action = GLFW_PRESS},
                                           {.code = GLFW_KEY_B, .action = GLFW_PRESS},
                                           {.code = GLFW_KEY_PERIOD, .action = GLFW_PRESS}};
  const FrameInput presented = MapInput(clicker, false);
  REQUIRE(presented.intents.size() == 1);
  CHECK(presented.intents[0].kind == views::IntentKind::NextStop);
  CHECK(presented.actions == std::vector<WindowAction>{WindowAction::ToggleBlank, WindowAction::ToggleBlank});
}

}  // namespace tilewalk::app

#include <imgui_internal.h>

namespace tilewalk::app {
namespace {

// How far the passage's prose is scrolled: its child window is the one named "Passage/prose ...".
float PassageScroll() {
  for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows)
    if (std::string_view(window->Name).find("###Passage/prose") != std::string_view::npos)
      return window->Scroll.y;
  return -1.0f;
}

}  // namespace

TEST_CASE("tour screen: Down and Up scroll a passage that runs past its pane, and leave the cursor alone") {
  FixtureScreen screen;
  ImGui::GetIO().DisplaySize = {640.0f, 360.0f};  // small, so that the prose overflows
  screen.Frame();
  screen.Frame();
  const uint64_t cursor = *screen.session.cursor();
  REQUIRE(PassageScroll() == 0.0f);
  screen.Press(GLFW_KEY_DOWN);
  CHECK(PassageScroll() > 0.0f);
  screen.Press(GLFW_KEY_UP);
  CHECK(PassageScroll() == 0.0f);
  CHECK(*screen.session.cursor() == cursor);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("tour screen: dragging the border between source and passage moves it, a double-click resets it") {
  FixtureScreen screen;
  screen.Frame();
  const LayoutInput area = TourScreenArea(screen.session.Pictures(), screen.state, 0.0f);
  const TourLayout before = LayOutTour(area, PaneSet::All());
  REQUIRE(before.passage);
  ImGuiIO& io = ImGui::GetIO();
  const float border_x = before.passage->x, y = before.passage->y + 40.0f;
  io.MousePos = ImVec2(border_x, y);
  screen.Frame();  // hover
  io.MouseDown[0] = true;
  screen.Frame();  // press on the handle
  io.MousePos = ImVec2(border_x - 200.0f, y);
  screen.Frame();  // drag
  io.MouseDown[0] = false;
  screen.Frame();
  CHECK(screen.state.splits.source == doctest::Approx((border_x - 200.0f - area.x) / area.width));
  const TourLayout after =
      LayOutTour(TourScreenArea(screen.session.Pictures(), screen.state, 0.0f), PaneSet::All());
  CHECK(after.source->width < before.source->width - 150.0f);

  // Double-click the handle where it now is: the layout's own share again.
  io.MousePos = ImVec2(after.passage->x, y);
  for (int click = 0; click < 2; ++click) {
    io.MouseDown[0] = true;
    screen.Frame();
    io.MouseDown[0] = false;
    screen.Frame();
  }
  CHECK(screen.state.splits.source == 0.0f);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("tour screen: the detail tabs stay pinned while the tab's content scrolls under them") {
  FixtureScreen screen;
  ImGui::GetIO().DisplaySize = {640.0f, 360.0f};  // small, so that the Memory table overflows
  for (int frame = 0; frame < 4; ++frame) screen.Frame();
  const ImGuiWindow* pane = nullptr;
  const ImGuiWindow* content = nullptr;
  for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows) {
    const std::string_view name = window->Name;
    if (name.ends_with("###Memory")) pane = window;
    if (name.find("###Memory/tab content") != std::string_view::npos && window->Active) content = window;
  }
  REQUIRE(pane != nullptr);
  REQUIRE(content != nullptr);
  CHECK(content->ScrollMax.y > 0.0f);  // the content runs past the pane
  CHECK(pane->ScrollMax.y == 0.0f);    // and the pane itself, with its tab bar, does not scroll
}

}  // namespace tilewalk::app
