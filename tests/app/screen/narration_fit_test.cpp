// No stop of any shipped tour clips its narration: at 1600x900 and at 1920x1080, and in classroom mode at
// 1280x720, the passage pane the layout gives each stop is tall enough for the stop's title, its whole
// narration and its question with the answer revealed, measured with the app's own fonts at the size the
// window uses. Placeholders are measured as generous stand-ins (StandIn), so that a real value fits where
// its stand-in did.
#include <doctest/doctest.h>
#include <imgui.h>

#include <sstream>
#include <string>

#include "app/screen/imgui_setup.hpp"
#include "app/screen/tour_screen.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/app/views/headless_imgui.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"

namespace tilewalk::app {
namespace {

// The widest a placeholder's value gets: a scenario setting 6 characters ("bfloat"), a grid 16
// ("(2, 4, 16, 16)"), a byte figure 12 ("131,072 KiB"), an error's type or phase 24, its message two
// lines' worth, any other figure 9 ("1,048,576").
std::string StandIn(const std::string& name) {
  const auto ends = [&](std::string_view end) { return name.ends_with(end); };
  std::size_t width = 9;
  if (name.starts_with("scenario.")) width = 6;
  if (ends(".grid")) width = 16;
  if (ends(":KiB") || ends(":MiB") || ends(".bytes")) width = 12;
  if (name == "error.type" || name == "error.phase") width = 24;
  if (name == "error.message") width = 120;
  return std::string(width, '8');
}

std::string StandIns(const std::string& text) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = text.find('{'); open != std::string::npos; open = text.find('{', at)) {
    const std::size_t close = text.find('}', open);
    if (close == std::string::npos) break;
    out += text.substr(at, open - at) + StandIn(text.substr(open + 1, close - open - 1));
    at = close + 1;
  }
  return out + text.substr(at);
}

views::PassagePicture WorstCase(const walkthrough::Tour& tour, std::size_t stop_index) {
  const walkthrough::TourStop& stop = tour.stops[stop_index];
  views::PassagePicture p{.tour_title = tour.title,
                          .stop_number = static_cast<int>(stop_index) + 1,
                          .stop_count = static_cast<int>(tour.stops.size()),
                          .stop_title = stop.title,
                          .narration = StandIns(stop.narration)};
  p.try_words = flash::FlagsInWords(stop.try_flags);
  if (stop.ask) {
    views::AskPicture ask{.question = StandIns(stop.ask->question),
                          .picked = 0,
                          .revealed = true,
                          .correct = 1,
                          .recorded = "888888888888",
                          .explanation = StandIns(stop.ask->explain)};
    for (const walkthrough::AskChoice& c : stop.ask->choices) ask.choices.push_back(StandIns(c.text));
    p.ask = ask;
  }
  return p;
}

struct ScreenSize {
  int width, height;
  bool classroom;
};

// Every stop that does not fit, as "tour stop: needs N px, has M px".
std::string Clipped(const ScreenSize& screen) {
  views::HeadlessImGui imgui;
  std::ostringstream warnings;
  SetUpImGui(
      {.font_pixels = LookFontPixels(screen.height, screen.classroom, 1.0f), .classroom = screen.classroom},
      warnings);
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(screen.width), static_cast<float>(screen.height));
  unsigned char* pixels = nullptr;
  int w = 0, h = 0;
  io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
  REQUIRE(warnings.str().empty());

  const walkthrough::Library library =
      walkthrough::LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(library.diagnostics.empty());
  std::string clipped;
  ImGui::NewFrame();
  TourScreenState state;
  state.classroom = screen.classroom;
  for (const walkthrough::Tour& tour : library.tours) {
    for (std::size_t s = 0; s < tour.stops.size(); ++s) {
      session::TourPictures pictures;
      pictures.has_snapshot = true;
      pictures.passage = WorstCase(tour, s);
      const LayoutInput area = TourScreenArea(pictures, state, ImGui::GetFrameHeight());
      const TourLayout layout = LayOutTour(area, PaneSet::All());
      REQUIRE(layout.passage);
      const float needed = area.passage_height(layout.passage->width);
      if (needed > layout.passage->height)
        clipped += tour.id + " stop " + std::to_string(s + 1) + ": needs " + std::to_string(int(needed)) +
                   " px, has " + std::to_string(int(layout.passage->height)) + " px\n";
    }
  }
  ImGui::EndFrame();
  return clipped;
}

}  // namespace

TEST_CASE("narration fit: every stop of every shipped tour shows its whole narration at 1600x900") {
  CHECK(Clipped({1600, 900, false}) == "");
}

TEST_CASE("narration fit: and at 1920x1080") {
  CHECK(Clipped({1920, 1080, false}) == "");
}

TEST_CASE("narration fit: and in classroom mode at 1280x720") {
  CHECK(Clipped({1280, 720, true}) == "");
}

}  // namespace tilewalk::app
