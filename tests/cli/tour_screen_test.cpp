// The tour screen run headless (an ImGui context with no window and no GL) over the fixture tour: every
// pane draws, and the keyboard moves the session's one cursor: → a statement, Shift+→ a grid step,
// PgDn the next stop, Home the start, Space play, ? the help overlay.
#include <doctest/doctest.h>
#include <imgui.h>

#include <GLFW/glfw3.h>

#include "app/gui/tour_keys.hpp"
#include "app/gui/tour_screen.hpp"
#include "headless_imgui.hpp"

namespace tilewalk::app {
namespace {

// Key indices are the backend's to choose; the test maps each ImGuiKey to its own index.
void MapKeys() {
  ImGuiIO& io = ImGui::GetIO();
  for (int key = 0; key < ImGuiKey_COUNT; ++key) io.KeyMap[key] = key + 1;
}

struct Screen {
  views::HeadlessImGui imgui;
  session::TourSession session{{.library_folder = TILEWALK_FIXTURE_LIBRARY}};
  TourScreenState state;

  Screen() { MapKeys(); }
  int Frame() {
    ImGui::NewFrame();
    DrawTourScreen(session, state, 0.0f, 0.0);
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }
  // One frame with the key down (and Shift if asked), one with it up.
  void Press(ImGuiKey key, bool shift = false) {
    ImGuiIO& io = ImGui::GetIO();
    io.KeyShift = shift;
    io.KeysDown[io.KeyMap[key]] = true;
    Frame();
    io.KeysDown[io.KeyMap[key]] = false;
    io.KeyShift = false;
    Frame();
  }
};

}  // namespace

TEST_CASE("tour screen: every pane draws over the fixture tour") {
  Screen screen;
  REQUIRE(screen.session.HasTour());
  CHECK(screen.Frame() > 3000);
  CHECK(screen.Frame() > 3000);
}

TEST_CASE("tour screen: the keys move the one cursor") {
  Screen screen;
  screen.Frame();
  const uint64_t landed = *screen.session.cursor();
  screen.Press(ImGuiKey_RightArrow);
  CHECK(*screen.session.cursor() == landed + 1);
  screen.Press(ImGuiKey_LeftArrow);
  CHECK(*screen.session.cursor() == landed);
  const std::string before = screen.session.Pictures().timeline.position;
  screen.Press(ImGuiKey_RightArrow, true);
  CHECK(screen.session.Pictures().timeline.position.find("step 2/16") != std::string::npos);
  CHECK(before.find("step 1/16") != std::string::npos);
  screen.Press(ImGuiKey_Home);
  CHECK(*screen.session.cursor() == 0);
  screen.Press(ImGuiKey_PageDown);
  CHECK(screen.session.stop_index() == 1);
  screen.Press(ImGuiKey_PageUp);
  CHECK(screen.session.stop_index() == 0);
  screen.Press(ImGuiKey_Space);
  CHECK(screen.session.playing());
  screen.Press(ImGuiKey_Space);
  CHECK_FALSE(screen.session.playing());
}

TEST_CASE("tour screen: ? toggles the help overlay and Escape closes it") {
  Screen screen;
  screen.Frame();
  ImGui::GetIO().AddInputCharacter('?');
  screen.Frame();
  CHECK(screen.state.show_help);
  screen.Press(ImGuiKey_Escape);
  CHECK_FALSE(screen.state.show_help);
}

}  // namespace tilewalk::app

#include "app/gui/imgui_setup.hpp"

#include <sstream>

namespace tilewalk::app {

TEST_CASE("tour screen: classroom mode shows the stop's picture, and it stays put while stepping") {
  Screen screen;
  screen.state.classroom = true;
  screen.Frame();  // the fixture's stop 1 shows lanes, and lands on fwd.run.m_next
  CHECK_FALSE(screen.state.classroom_grid);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  screen.Press(ImGuiKey_RightArrow, true);  // the next grid step begins: the picture stays
  CHECK_FALSE(screen.state.classroom_grid);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  screen.Press(ImGuiKey_PageDown);  // stop 2 shows the grid
  CHECK(screen.state.classroom_grid);
  for (int i = 0; i < 6; ++i) screen.Press(ImGuiKey_RightArrow);
  CHECK(screen.state.classroom_grid);
  CHECK(screen.Frame() > 2000);
  screen.state.classroom = false;
  CHECK(screen.Frame() > 3000);
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
  REQUIRE(ImGui::GetIO().Fonts->Fonts.Size == 1);
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);  // the atlas builds at the new size
  CHECK(h > 0);
  CHECK(ImGui::GetIO().Fonts->Fonts[0]->FontSize == doctest::Approx(29.0f));  // 24 px at 1080, × 1.2
  CHECK(LookFontPixels(900, false, 1.0f) == 20.0f);
  CHECK(LookFontPixels(900, false, 1.1f) == 22.0f);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE(
    "tour screen: G picks the next step unit, T the other axis, and the arrows then step by that unit") {
  Screen screen;
  screen.Frame();
  ImGuiIO& io = ImGui::GetIO();
  const auto press = [&](int key) {  // letters: the GLFW backend files them under their ASCII codes
    io.KeysDown[key] = true;
    screen.Frame();
    io.KeysDown[key] = false;
    screen.Frame();
  };
  press('G');
  CHECK(screen.session.step_unit() == views::StepUnit::Dma);
  press('G');
  CHECK(screen.session.step_unit() == views::StepUnit::GridStep);
  screen.Press(ImGuiKey_RightArrow);
  CHECK(screen.session.Pictures().timeline.statement.rfind("step_begin", 0) == 0);
  press('T');
  CHECK(screen.session.axis() == views::TimelineAxis::Time);
  CHECK(screen.session.Pictures().timeline.axis == views::TimelineAxis::Time);
  // F10 is the window's: it toggles classroom mode.
  io.KeysDown[GLFW_KEY_F10] = true;
  ImGui::NewFrame();
  CHECK(ReadWindowKeys().toggle_classroom);
  ImGui::Render();
  io.KeysDown[GLFW_KEY_F10] = false;
}

}  // namespace tilewalk::app

#include <imgui_internal.h>

namespace tilewalk::app {
namespace {

// How far the passage's prose is scrolled: its child window is the one named "Passage/prose ...".
float PassageScroll() {
  for (ImGuiWindow* window : ImGui::GetCurrentContext()->Windows)
    if (std::string_view(window->Name).rfind("Passage/prose", 0) == 0) return window->Scroll.y;
  return -1.0f;
}

}  // namespace

TEST_CASE("tour screen: Down and Up scroll a passage that runs past its pane, and leave the cursor alone") {
  Screen screen;
  ImGui::GetIO().DisplaySize = {640.0f, 360.0f};  // small, so that the prose overflows
  screen.Frame();
  screen.Frame();
  const uint64_t cursor = *screen.session.cursor();
  REQUIRE(PassageScroll() == 0.0f);
  screen.Press(ImGuiKey_DownArrow);
  CHECK(PassageScroll() > 0.0f);
  screen.Press(ImGuiKey_UpArrow);
  CHECK(PassageScroll() == 0.0f);
  CHECK(*screen.session.cursor() == cursor);
}

}  // namespace tilewalk::app
