// The tour screen's detail region, headless (no GL): a stop that shows a detail tab keeps it while the
// cursor steps; a stop that shows the grid lets the detail tab follow the cursor (Lanes on the running
// max, Scores on a score or a mask, the same tab on the loop's other statements); a tab the user picked
// holds until the stop changes; in classroom mode, where the pictures share one window, a picture that
// replaces another opens at its top.
#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <sstream>
#include <string>

#include "app/screen/imgui_setup.hpp"
#include "app/screen/tour_screen.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::app {
namespace {

struct IntroScreen {
  views::HeadlessImGui imgui;
  session::TourSession session;
  TourScreenState state;

  // intro stop 4 shows lanes and lands on fwd.run.m_next; stop 6 shows the grid.
  explicit IntroScreen(int stop = 4) : session({.tour = "intro", .stop = stop}) {}

  void Frames(int n = 2) {  // ImGui selects a tab asked for in code one frame later
    for (int i = 0; i < n; ++i) {
      ImGui::NewFrame();
      DrawTourScreen(session, state, 0.0f, 0.0);
      ImGui::Render();
    }
  }
  void Step(int n) {
    for (int i = 0; i < n; ++i) session.Apply({.kind = views::IntentKind::StepStatement, .value = 1});
    Frames();
  }
  std::string Site() { return session.Pictures().timeline.statement; }
};

}  // namespace

bool AtScore(IntroScreen& screen) {
  const std::string site = screen.Site();
  return site.size() > 10 && site.compare(site.size() - 10, 10, " fwd.run.s") == 0;
}

TEST_CASE("tour screen tabs: a stop that shows a tab keeps it while the cursor steps") {
  IntroScreen screen;
  REQUIRE(screen.session.HasTour());
  screen.Frames(3);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  CHECK(screen.state.textures.uploads() == 0);  // no GL here: placeholders, and nothing uploaded
  for (int i = 0; i < 200 && !AtScore(screen); ++i) {
    screen.Step(1);
    CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  }
  CHECK(AtScore(screen));
}

TEST_CASE("tour screen tabs: at a stop that shows the grid, the detail tab follows the statement") {
  IntroScreen screen(6);
  REQUIRE(screen.session.Pictures().stop_show == walkthrough::StopPane::Grid);
  screen.Frames(3);
  bool lanes = false, other = false;  // on the way: m_next and alpha are Lanes; p is a score
  for (int i = 0; i < 400 && !(lanes && AtScore(screen)); ++i) {
    screen.Step(1);
    // The title names the tab drawn under it (it used to lag a frame behind, so exports showed the old one).
    const std::string& title = screen.state.detail_title;
    CHECK(title.substr(0, title.find(':')) == session::DetailTabName(screen.state.detail_shown));
    if (screen.Site().find("fwd.run.alpha") != std::string::npos) {
      CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
      lanes = true;
    }
    if (screen.state.detail_shown != session::DetailTab::Lanes) other = true;
  }
  CHECK(lanes);
  CHECK(other);
  REQUIRE(AtScore(screen));
  CHECK(screen.state.detail_shown == session::DetailTab::Scores);
}

TEST_CASE("tour screen tabs: a tab the user picked holds at this stop and is forgotten at the next") {
  IntroScreen screen;
  screen.Frames(3);
  screen.state.detail_user = session::DetailTab::Memory;  // as a click on "Memory" would leave it
  screen.Frames();
  CHECK(screen.state.detail_shown == session::DetailTab::Memory);
  screen.session.Apply({.kind = views::IntentKind::NextStop});
  screen.Frames();
  CHECK_FALSE(screen.state.detail_user);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("tour screen tabs: the Cost tab draws the launch's estimate when picked") {
  IntroScreen screen;
  screen.Frames(3);
  screen.state.detail_user = session::DetailTab::Cost;
  screen.Frames();
  CHECK(screen.state.detail_shown == session::DetailTab::Cost);
  CHECK(screen.session.Pictures().cost.launch == "fwd");
  CHECK_FALSE(screen.session.Pictures().cost.steps.empty());
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE(
    "tour screen: in classroom mode a stop's picture opens at its top, not where the last was scrolled") {
  views::HeadlessImGui imgui;
  std::ostringstream warnings;  // classroom fonts at 1080p, so that Cost too runs past its pane
  SetUpImGui({.font_pixels = LookFontPixels(1080, true, 1.0f), .classroom = true}, warnings);
  ImGui::GetIO().DisplaySize = ImVec2(1920.0f, 1080.0f);
  unsigned char* pixels = nullptr;
  int width = 0, height = 0;
  ImGui::GetIO().Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  // whole-file stop 10 shows Memory, with more rows than the pane holds; stop 9, before it, shows Cost.
  session::TourSession session({.tour = "whole-file", .stop = 10});
  TourScreenState state;
  state.classroom = true;
  const auto frames = [&](int n) {
    for (int i = 0; i < n; ++i) {
      ImGui::NewFrame();
      DrawTourScreen(session, state, 0.0f, 0.0);
      ImGui::Render();
    }
  };
  frames(4);
  ImGuiWindow* pane = ImGui::FindWindowByName("###Memory");
  REQUIRE(pane != nullptr);
  REQUIRE(state.detail_shown == session::DetailTab::Memory);
  ImGui::SetScrollY(pane, 120.0f);  // the reader scrolls Memory down to its scratch
  frames(2);
  REQUIRE(pane->Scroll.y > 0.0f);
  session.GoToStop(8);  // 0-based: stop 9
  frames(4);
  CHECK(state.detail_shown == session::DetailTab::Cost);
  CHECK(pane->Scroll.y == 0.0f);
}

}  // namespace tilewalk::app
