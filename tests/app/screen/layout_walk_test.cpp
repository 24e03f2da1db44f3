// Every stop of every shipped tour, drawn as a person would see it, in classroom mode at 1280x720, 1920x1080
// and 3840x2160 and in the normal layout at 1920x1080, each read back through the layout report
// (app/screen/layout_report.hpp): no two panes overlap; the narration and the question are whole; the lit
// line of the source is in view with at least 8 lines of it; the stop's focus is in view; grid cells are at
// least 24 px at 1080p; no text is cut. One process: each stop is recorded once and drawn in four ImGui
// contexts, one per size, each with the fonts the window would use there.
// With TILEWALK_PALLAS_SOURCE naming the real flash_attention.py, the source checked is the Python file.
// Also: a 400x300 window, where classroom mode folds panes away and says so.
#include <doctest/doctest.h>
#include <imgui.h>

#include <array>
#include <cstdlib>
#include <sstream>
#include <string>
#include <vector>

#include "app/screen/imgui_setup.hpp"
#include "app/screen/layout_report.hpp"
#include "app/screen/tour_screen.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"

namespace tilewalk::app {
namespace {

struct Config {
  const char* name;
  int width, height;
  bool classroom;
};

constexpr std::array kConfigs = {
    Config{"classroom 1280x720", 1280, 720, true}, Config{"classroom 1920x1080", 1920, 1080, true},
    Config{"classroom 3840x2160", 3840, 2160, true}, Config{"desktop 1920x1080", 1920, 1080, false}};
constexpr float kMinCellPx1080 = 24.0f;

// One ImGui context drawing at one size, with its own screen state (scrolls, tabs) as a window keeps.
struct Screen {
  Config config;
  ImGuiContext* context = nullptr;
  TourScreenState state{};

  explicit Screen(const Config& c) : config(c) {
    context = ImGui::CreateContext();
    ImGui::SetCurrentContext(context);
    std::ostringstream warnings;
    SetUpImGui({.font_pixels = LookFontPixels(c.height, c.classroom, 1.0f), .classroom = c.classroom},
               warnings);
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = ImVec2(static_cast<float>(c.width), static_cast<float>(c.height));
    io.DeltaTime = 1.0f / 60.0f;
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    unsigned char* pixels = nullptr;
    int w = 0, h = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &w, &h);
    state.classroom = c.classroom;
  }
  Screen(const Screen&) = delete;
  Screen& operator=(const Screen&) = delete;
  ~Screen() { ImGui::DestroyContext(context); }

  // Three frames, as the window settles (a tab asked for in code, a scroll to the lit line, show a frame
  // late); the report is of the last.
  LayoutReport Draw(session::TourSession& session) {
    ImGui::SetCurrentContext(context);
    LayoutReport report;
    for (int frame = 0; frame < 3; ++frame) {
      state.report = frame == 2 ? &report : nullptr;
      ImGui::NewFrame();
      DrawTourScreen(session, state, ImGui::GetFrameHeight(), 0.0);
      ImGui::Render();
    }
    state.report = nullptr;
    return report;
  }
};

// What is wrong with one stop's report at one size; empty when nothing is.
std::vector<std::string> Problems(const LayoutReport& r, const Config& config) {
  std::vector<std::string> problems;
  if (PanesOverlap(r)) problems.push_back("panes overlap");
  if (!r.narration_whole) problems.push_back("narration not whole");
  if (!r.question_whole) problems.push_back("question not whole");
  if (!r.focus_in_view) problems.push_back("focus of " + r.focus_pane + " not in view");
  const views::ShownFile* code = nullptr;
  for (const views::ShownFile& f : r.files)
    if (code == nullptr || f.python) code = &f;
  if (code == nullptr) {
    problems.push_back("no source lines in view");
  } else {
    const int shown = code->first > 0 ? code->last - code->first + 1 : 0;
    if (shown < kMinSourceLines)
      problems.push_back(code->name + ": " + std::to_string(shown) + " lines in view");
    if (code->lit > 0 && (code->lit < code->first || code->lit > code->last))
      problems.push_back(code->name + ": lit line " + std::to_string(code->lit) + " out of view");
  }
  if (config.height == 1080 && r.cell_px && *r.cell_px < kMinCellPx1080)
    problems.push_back("grid cells " + std::to_string(static_cast<int>(*r.cell_px)) + " px");
  for (const std::string& text : r.clipped) problems.push_back("cut: " + text);
  return problems;
}

}  // namespace

TEST_CASE("layout walk: every stop of every tour reads whole at every size, in classroom mode and not") {
  const walkthrough::Library library =
      walkthrough::LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(library.diagnostics.empty());
  std::optional<std::filesystem::path> pallas;
  if (const char* env = std::getenv("TILEWALK_PALLAS_SOURCE"); env != nullptr && *env != '\0') pallas = env;

  ImGuiContext* before = ImGui::GetCurrentContext();
  std::vector<std::unique_ptr<Screen>> screens;
  for (const Config& c : kConfigs) screens.push_back(std::make_unique<Screen>(c));
  int checked = 0;
  std::string failures;
  int failed = 0;
  for (const walkthrough::Tour& tour : library.tours) {
    session::TourSession session({.tour = tour.id, .pallas_source = pallas});
    REQUIRE(session.HasTour());
    for (int s = 0; s < static_cast<int>(tour.stops.size()); ++s) {
      session.GoToStop(s);
      for (const std::unique_ptr<Screen>& screen : screens) {
        ++checked;
        const std::vector<std::string> problems = Problems(screen->Draw(session), screen->config);
        if (problems.empty()) continue;
        ++failed;
        failures += tour.id + " stop " + std::to_string(s + 1) + " (" + screen->config.name + "):";
        for (const std::string& p : problems) failures += "\n    " + p;
        failures += "\n";
      }
    }
  }
  screens.clear();
  ImGui::SetCurrentContext(before);
  const std::string source = pallas ? "the Pallas file's lines" : "the C++ mirror's lines";
  MESSAGE(checked << " stops x sizes checked, " << failed << " with problems; source: " << source);
  CHECK_MESSAGE(failures.empty(), failures);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("layout walk: a 400x300 window draws without overlap, and classroom mode folds what has no room") {
  session::TourSession session({.tour = "intro"});
  REQUIRE(session.HasTour());
  session.GoToStop(4);
  ImGuiContext* before = ImGui::GetCurrentContext();
  for (const bool classroom : {true, false}) {
    CAPTURE(classroom);
    Screen screen({classroom ? "classroom 400x300" : "desktop 400x300", 400, 300, classroom});
    const LayoutReport report = screen.Draw(session);
    CHECK_FALSE(PanesOverlap(report));
    CHECK_FALSE(report.panes.empty());
    if (classroom) {
      CHECK(report.folded == std::vector<std::string>{"source", "picture"});
      bool passage = false;
      for (const LayoutReport::PaneBox& pane : report.panes) passage |= pane.name == "passage";
      CHECK(passage);  // the words stay, with the note on what was folded at their top
    }
  }
  ImGui::SetCurrentContext(before);
}

}  // namespace tilewalk::app

namespace tilewalk::app {

TEST_CASE("layout walk: in model time, with the pipeline chart, the causal tour's stops read whole") {
  std::optional<std::filesystem::path> pallas;
  if (const char* env = std::getenv("TILEWALK_PALLAS_SOURCE"); env != nullptr && *env != '\0') pallas = env;
  session::TourSession session({.tour = "causal", .pallas_source = pallas});
  REQUIRE(session.HasTour());
  session.Apply(
      {.kind = views::IntentKind::SetPlayClock, .value = static_cast<int>(views::PlayClock::ModelTime)});
  ImGuiContext* before = ImGui::GetCurrentContext();
  std::vector<std::unique_ptr<Screen>> screens;
  for (const Config& c : kConfigs) screens.push_back(std::make_unique<Screen>(c));
  std::string failures;
  for (int s = 0; s < session.stop_count(); ++s) {
    session.GoToStop(s);
    for (const std::unique_ptr<Screen>& screen : screens) {
      const LayoutReport report = screen->Draw(session);
      CHECK(session.Pictures().timeline.clock == views::PlayClock::ModelTime);
      for (const std::string& p : Problems(report, screen->config))
        failures += "causal stop " + std::to_string(s + 1) + " (" + screen->config.name + "): " + p + "\n";
    }
  }
  screens.clear();
  ImGui::SetCurrentContext(before);
  CHECK_MESSAGE(failures.empty(), failures);
}

}  // namespace tilewalk::app
