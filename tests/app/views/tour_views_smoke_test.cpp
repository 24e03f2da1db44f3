// The tour panes run real ImGui frames with no GL and no window, over the canned pictures: each draws
// something, returns no intent on its own, and the source and timeline panes turn clicks into the intents
// the app applies (seek to the next event at a line, seek to an event).
#include <doctest/doctest.h>

#include <imgui.h>
#include <set>

#include <optional>

#include "app/views/canned_tour_pictures.hpp"
#include "app/views/chart_scales.hpp"
#include "app/views/memory_view.hpp"
#include "app/views/passage_view.hpp"
#include "app/views/source_view.hpp"
#include "app/views/timeline_view.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::views {

TEST_CASE("tour views smoke: each pane draws its canned picture and returns no intent unprompted") {
  HeadlessImGui imgui;
  const SourcePicture source = CannedSourcePicture();
  const PassagePicture passage = CannedPassagePicture();
  const MemoryPicture memory = CannedMemoryPicture();
  const TimelinePicture timeline = CannedTimelinePicture();
  SourceViewState source_state;
  for (int frame = 0; frame < 2; ++frame) {
    std::optional<Intent> intent;
    CHECK(imgui.Frame([&] { intent = DrawSourceView(source, source_state); }) > 400);
    CHECK_FALSE(intent);
    CHECK(imgui.Frame([&] { intent = DrawPassageView(passage); }) > 200);
    CHECK_FALSE(intent);
    CHECK(imgui.Frame([&] { DrawMemoryView(memory); }) > 300);
    CHECK(imgui.Frame([&] { intent = DrawTimelineView(timeline); }) > 300);
    CHECK_FALSE(intent);
  }
  REQUIRE(source_state.scrolled_to.size() == 2);  // both panes followed their lit lines
  CHECK(source_state.scrolled_to[0].starts_with("flash_attention.py:4:"));
  CHECK(source_state.scrolled_to[1].starts_with("forward_kernel.cpp:7:"));
}

TEST_CASE("tour views smoke: empty pictures draw without crashing") {
  HeadlessImGui imgui;
  SourceViewState state;
  imgui.Frame([&] { (void)DrawSourceView({.empty_message = "nothing yet"}, state); });
  imgui.Frame([&] { (void)DrawPassageView({}); });
  imgui.Frame([&] { DrawMemoryView({}); });
  imgui.Frame([&] { (void)DrawTimelineView({}); });
  const SourcePane empty{.document = MakeSourceDocument("empty", "empty.cpp", SourceLanguage::Cpp, {})};
  imgui.Frame([&] { (void)DrawSourceView({.cpp = empty}, state); });
  imgui.Frame([&] { (void)DrawSourceView({.python = empty, .cpp = empty}, state); });
}

// Clicks a point: one frame with the button down there, one with it released.
template <typename Draw>
std::optional<Intent> Click(HeadlessImGui& imgui, ImVec2 at, Draw draw) {
  std::optional<Intent> seen;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = at;
  for (bool down : {false, true, false}) {
    io.MouseDown[0] = down;
    imgui.Frame([&] {
      if (auto intent = draw()) seen = intent;
    });
  }
  return seen;
}

TEST_CASE("tour views smoke: a click on a line of either file asks for the next event at that line") {
  HeadlessImGui imgui;
  const SourcePicture source = CannedSourcePicture();
  SourceViewState state;
  imgui.Frame([&] { (void)DrawSourceView(source, state); });
  // Titles and window padding sit above the first lines; probe the whole window for lines' intents.
  const float pitch = ImGui::GetFontSize() + ImGui::GetStyle().ItemSpacing.y;
  const ImVec2 size = ImGui::GetIO().DisplaySize;
  std::set<std::string> files;
  for (float x = 40.0f; x < size.x; x += size.x / 4.0f) {
    for (float y = 0.0f; y < size.y; y += pitch * 0.5f) {
      const auto intent = Click(imgui, {x, y}, [&] { return DrawSourceView(source, state); });
      if (!intent) continue;
      CHECK(intent->kind == IntentKind::SeekToNextAtLine);
      CHECK(intent->value >= 1);
      files.insert(intent->file);
    }
  }
  CHECK(files == std::set<std::string>{"flash_attention.py", "forward_kernel.cpp"});
}

TEST_CASE("tour views smoke: dragging on the scrubber seeks, and the scrubber maps x to events") {
  CHECK(ScrubberEventAt(0.0f, 0.0f, 100.0f, 101) == 0);
  CHECK(ScrubberEventAt(50.0f, 0.0f, 100.0f, 101) == 50);
  CHECK(ScrubberEventAt(500.0f, 0.0f, 100.0f, 101) == 100);
  CHECK(ScrubberEventAt(-5.0f, 0.0f, 100.0f, 101) == 0);
  CHECK(ScrubberEventAt(10.0f, 0.0f, 0.0f, 101) == 0);
  CHECK(ScrubberEventAt(10.0f, 0.0f, 100.0f, 0) == 0);

  HeadlessImGui imgui;
  const TimelinePicture timeline = CannedTimelinePicture();
  std::optional<Intent> intent;
  for (float y = 40.0f; y < 300.0f && !intent; y += 6.0f) {
    intent = Click(imgui, {kDisplay.x * 0.75f, y}, [&] { return DrawTimelineView(timeline); });
    if (intent && intent->kind != IntentKind::SeekToEvent) intent.reset();
  }
  REQUIRE(intent);
  CHECK(intent->value > 2000);  // three quarters of the way along 3000 events
  CHECK(intent->value < 2500);
}

}  // namespace tilewalk::views

namespace tilewalk::views {

TEST_CASE("timeline controls: round axis ticks, and an event's place on either axis") {
  const std::vector<double> ticks = AxisTicks(93.0, 10.0f);
  REQUIRE(ticks.size() == 10);  // 0, 10, ..., 90
  CHECK(ticks[1] == doctest::Approx(10.0));
  CHECK(ticks.back() == doctest::Approx(90.0));
  CHECK(AxisTicks(0.8, 5.0f)[1] == doctest::Approx(0.2));
  CHECK(AxisTicks(0.0, 5.0f).empty());
  const std::vector<double> zoomed = AxisTicksBetween(1.37, 2.9, 4.0f);  // 0.5 apart, from 1.5
  REQUIRE(zoomed.size() == 3);
  CHECK(zoomed[0] == doctest::Approx(1.5));
  CHECK(zoomed[2] == doctest::Approx(2.5));
  CHECK(AxisTicksBetween(2.0, 1.0, 4.0f).empty());

  TimelinePicture p = CannedTimelinePicture();
  CHECK(TimelineFraction(p, 1500, 40.5) == doctest::Approx(1500.0 / 2999.0));
  p.axis = TimelineAxis::Time;
  CHECK(TimelineFraction(p, 1500, 40.5) == doctest::Approx(0.45));
}

// Finds, by probing a grid of points, a click on the timeline pane that returns an intent of `kind`.
std::optional<Intent> ProbeTimeline(HeadlessImGui& imgui, const TimelinePicture& picture, IntentKind kind,
                                    std::int64_t value) {
  for (float y = 2.0f; y < 400.0f; y += 5.0f) {
    for (float x = 4.0f; x < kDisplay.x; x += 9.0f) {
      std::optional<Intent> seen;
      ImGuiIO& io = ImGui::GetIO();
      io.MousePos = {x, y};
      for (bool down : {false, true, false}) {
        io.MouseDown[0] = down;
        imgui.Frame([&] {
          if (auto intent = DrawTimelineView(picture)) seen = intent;
        });
      }
      if (seen && seen->kind == kind && seen->value == value) return seen;
    }
  }
  return std::nullopt;
}

TEST_CASE("timeline controls: the buttons ask for a step unit, an axis, a step and a jump") {
  HeadlessImGui imgui;
  TimelinePicture picture = CannedTimelinePicture();
  CHECK(ProbeTimeline(imgui, picture, IntentKind::SetStepUnit, static_cast<int>(StepUnit::GridStep)));
  CHECK(ProbeTimeline(imgui, picture, IntentKind::SetAxis, static_cast<int>(TimelineAxis::Time)));
  CHECK(ProbeTimeline(imgui, picture, IntentKind::Step, 1));
  const auto jump = ProbeTimeline(imgui, picture, IntentKind::JumpToMarker, -1);
  REQUIRE(jump);
  CHECK(jump->arg >= 0);
  CHECK(jump->arg < static_cast<int>(MarkerKind::kCount));
}

TEST_CASE("timeline controls: on the time axis the scrubber seeks by estimated time") {
  HeadlessImGui imgui;
  TimelinePicture picture = CannedTimelinePicture();
  picture.axis = TimelineAxis::Time;
  std::optional<Intent> intent;
  for (float y = 40.0f; y < 300.0f && !intent; y += 6.0f) {
    intent = Click(imgui, {kDisplay.x * 0.5f, y}, [&] { return DrawTimelineView(picture); });
    if (intent && intent->kind != IntentKind::SeekToTime) intent.reset();
  }
  REQUIRE(intent);
  CHECK(intent->value > 40000);  // about half of 90 µs, in nanoseconds
  CHECK(intent->value < 50000);
}

}  // namespace tilewalk::views

#include "app/views/cost_view.hpp"

namespace tilewalk::views {

TEST_CASE("cost view: draws the canned estimate, and zooms on the steps around the cursor") {
  HeadlessImGui imgui;
  const CostPicture p = CannedCostPicture();
  CHECK(imgui.Frame([&] { DrawCostView(p); }) > 300);
  imgui.Frame([&] { DrawCostView({.empty_message = "nothing ran"}); });
  imgui.Frame([&] { DrawCostView({}); });

  const CostWindow w = CostWindowAround(p, 1);  // steps 5, 6 and 7 (0-based 4..6)
  CHECK(w.from_us == doctest::Approx(p.steps[4].start_us));
  CHECK(w.to_us >= p.steps[6].end_us);
  CostPicture first = p;
  first.current_step = 0;
  CHECK(CostWindowAround(first, 1).from_us == 0.0);  // the prologue copies stay in view
  CHECK(CostWindowAround({}, 2).to_us > 0.0);
}

}  // namespace tilewalk::views

namespace tilewalk::views {

TEST_CASE("memory view: byte counts read as B, KiB or MiB, and HBM strips and a redirect draw") {
  CHECK(ByteText(512) == "512 B");
  CHECK(ByteText(96 * 1024) == "96 KiB");
  CHECK(ByteText(3u << 19) == "1.5 MiB");
  HeadlessImGui imgui;
  MemoryPicture with = CannedMemoryPicture();
  MemoryPicture without = with;
  for (auto& op : without.inputs) op.hbm = {};
  without.redirect.clear();
  CHECK(imgui.Frame([&] { DrawMemoryView(with); }) > imgui.Frame([&] { DrawMemoryView(without); }));
}

}  // namespace tilewalk::views

#include "app/views/scenario_view.hpp"

namespace tilewalk::views {

TEST_CASE("scenario view: draws every field, starts its draft from the picture, and applies an edit") {
  HeadlessImGui imgui;
  const ScenarioPicture p = CannedScenarioPicture();
  ScenarioDraft draft;
  std::optional<Intent> intent;
  CHECK(imgui.Frame([&] { intent = DrawScenarioView(p, draft); }) > 500);
  CHECK_FALSE(intent);
  CHECK(draft.key == p.key);
  REQUIRE(draft.values.size() == p.fields.size());
  CHECK(draft.values[9] == "64");
  // Unedited, Apply is disabled: probe every point for it, and find nothing.
  ImGuiIO& io = ImGui::GetIO();
  auto probe = [&] {
    for (float y = 2.0f; y < 300.0f; y += 6.0f) {
      for (float x = 4.0f; x < 700.0f; x += 24.0f) {
        std::optional<Intent> seen;
        io.MousePos = {x, y};
        for (bool down : {false, true, false}) {
          io.MouseDown[0] = down;
          imgui.Frame([&] {
            if (auto i = DrawScenarioView(p, draft)) seen = i;
          });
        }
        if (seen && seen->kind == IntentKind::ApplyScenario) return seen;
      }
    }
    return std::optional<Intent>{};
  };
  CHECK_FALSE(probe());
  draft.values[9] = "128";  // as typing into block_k would leave it
  const auto applied = probe();
  REQUIRE(applied);
  const std::vector<std::string>& words = applied->words;
  const auto k = std::find(words.begin(), words.end(), "--block-k");
  REQUIRE(k != words.end());
  CHECK(*(k + 1) == "128");
  CHECK(std::find(words.begin(), words.end(), "--bias") == words.end());        // false: left out
  CHECK(std::find(words.begin(), words.end(), "--block-q-dq") == words.end());  // unset: left out
  // A new picture (another scenario) restarts the draft.
  ScenarioPicture other = p;
  other.key = "other";
  imgui.Frame([&] { (void)DrawScenarioView(other, draft); });
  CHECK(draft.values[9] == "64");
}

}  // namespace tilewalk::views

namespace tilewalk::views {

TEST_CASE("timeline strip: classroom mode's slim timeline draws, has no buttons, and its scrubber seeks") {
  HeadlessImGui imgui;
  const TimelinePicture timeline = CannedTimelinePicture();
  std::optional<Intent> intent;
  CHECK(imgui.Frame([&] { intent = DrawTimelineStrip(timeline); }) > 200);
  CHECK_FALSE(intent);
  CHECK(TimelineStripHeight(timeline) < TimelineViewHeight(timeline));
  for (float y = 10.0f; y < 150.0f && !intent; y += 6.0f) {
    intent = Click(imgui, {kDisplay.x * 0.25f, y}, [&] { return DrawTimelineStrip(timeline); });
    if (intent && intent->kind != IntentKind::SeekToEvent) intent.reset();
  }
  REQUIRE(intent);
  CHECK(intent->value > 500);  // a quarter of the way along 3000 events
  CHECK(intent->value < 1000);
}

}  // namespace tilewalk::views

namespace tilewalk::views {
namespace {

// One frame of the memory view in its own small window; returns that window's scroll.
float MemoryFrame(const MemoryPicture& picture, MemoryViewState& state,
                  std::optional<float> set_scroll = {}) {
  ImGui::NewFrame();
  ImGui::SetNextWindowPos({0.0f, 0.0f});
  ImGui::SetNextWindowSize({640.0f, 200.0f});  // far shorter than the pane's contents
  ImGui::Begin("memory pane", nullptr, ImGuiWindowFlags_NoSavedSettings);
  if (set_scroll) ImGui::SetScrollY(*set_scroll);
  DrawMemoryView(picture, &state);
  const float scroll = ImGui::GetScrollY();
  ImGui::End();
  ImGui::Render();
  return scroll;
}

}  // namespace

TEST_CASE("memory view: a new event's focus is scrolled into view once, then the user scrolls freely") {
  HeadlessImGui imgui;
  MemoryPicture picture = CannedMemoryPicture();
  picture.event = 7;
  picture.focus = MemoryFocus::Scratch;
  MemoryViewState state;
  MemoryFrame(picture, state);
  const float scrolled = MemoryFrame(picture, state);  // ImGui applies a scroll request on the next frame
  CHECK(scrolled > 0.0f);
  CHECK(state.scrolled_for == 7u);
  MemoryFrame(picture, state, 0.0f);  // the user scrolls back to the top, at the same event
  CHECK(MemoryFrame(picture, state) == 0.0f);

  picture.event = 8;  // the next event touches the first input's row, which is in view at the top
  picture.focus = MemoryFocus::Input;
  picture.focus_index = 0;
  MemoryFrame(picture, state);
  CHECK(MemoryFrame(picture, state) == 0.0f);

  picture.focus = MemoryFocus::Scratch;  // without a state the view never scrolls
  float stateless = -1.0f;
  for (int frame = 0; frame < 2; ++frame) {
    ImGui::NewFrame();
    ImGui::SetNextWindowSize({640.0f, 200.0f});
    ImGui::Begin("stateless pane", nullptr, ImGuiWindowFlags_NoSavedSettings);
    DrawMemoryView(picture);
    stateless = ImGui::GetScrollY();
    ImGui::End();
    ImGui::Render();
  }
  CHECK(stateless == 0.0f);
}

}  // namespace tilewalk::views
