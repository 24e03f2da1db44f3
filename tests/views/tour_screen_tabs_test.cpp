// The tour screen's detail region, headless (no GL): it opens the Lanes tab when the cursor is on the
// running max, the Scores tab on a score or a mask, keeps its tab on the loop's other statements, and a
// tab the user picked holds until the stop changes.
#include <doctest/doctest.h>
#include <imgui.h>

#include "app/gui/tour_screen.hpp"
#include "headless_imgui.hpp"

namespace tilewalk::app {
namespace {

struct Screen {
  views::HeadlessImGui imgui;
  session::TourSession session{{.tour = "intro", .stop = 4}};  // lands on fwd.run.m_next
  TourScreenState state;

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

TEST_CASE("tour screen tabs: the detail tab follows the statement at the cursor") {
  Screen screen;
  REQUIRE(screen.session.HasTour());
  screen.Frames(3);
  CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
  CHECK(screen.state.textures.uploads() == 0);  // no GL here: placeholders, and nothing uploaded
  // Forward to the next score block: Scores.
  auto at_s = [&] {
    const std::string site = screen.Site();
    return site.size() > 10 && site.compare(site.size() - 10, 10, " fwd.run.s") == 0;
  };
  bool left_lanes = false;  // on the way: alpha and l_next keep Lanes; p is a score
  for (int i = 0; i < 200 && !at_s(); ++i) {
    screen.Step(1);
    if (screen.Site().find("fwd.run.alpha") != std::string::npos)
      CHECK(screen.state.detail_shown == session::DetailTab::Lanes);
    if (screen.state.detail_shown != session::DetailTab::Lanes) left_lanes = true;
  }
  CHECK(left_lanes);
  REQUIRE(at_s());
  CHECK(screen.state.detail_shown == session::DetailTab::Scores);
}

TEST_CASE("tour screen tabs: a tab the user picked holds at this stop and is forgotten at the next") {
  Screen screen;
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
  Screen screen;
  screen.Frames(3);
  screen.state.detail_user = session::DetailTab::Cost;
  screen.Frames();
  CHECK(screen.state.detail_shown == session::DetailTab::Cost);
  CHECK(screen.session.Pictures().cost.launch == "fwd");
  CHECK_FALSE(screen.session.Pictures().cost.steps.empty());
}

}  // namespace tilewalk::app
