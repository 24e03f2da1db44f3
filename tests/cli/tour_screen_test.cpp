// The tour screen run headless (an ImGui context with no window and no GL) over the fixture tour: every
// pane draws, and the keyboard moves the session's one cursor: → a statement, Shift+→ a grid step,
// PgDn the next stop, Home the start, Space play, ? the help overlay.
#include <doctest/doctest.h>
#include <imgui.h>

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
