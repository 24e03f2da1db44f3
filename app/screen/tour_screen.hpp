// The main window of a tour: five panes placed to fill the screen below the menu bar — source on the
// left, the passage over the grid and a detail region side by side on the right, the timeline along the
// bottom. The detail region has tabs, Memory | Lanes | Scores | Cost | Scenario, and follows the cursor's
// statement (lanes for the running max and sum, scores for s, p and the masks) until the user picks a tab for
// this stop — each drawn from the session's pictures. It gathers the intents of the panes and the keyboard
// and hands them to the session, which owns the cursor. The window draws its help overlay on top
// (app/gui/help_overlay.hpp); the screen only keeps whether it is open.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "app/screen/heatmap_texture_cache.hpp"
#include "app/screen/layout_report.hpp"
#include "app/screen/step_transition.hpp"
#include "app/screen/tour_layout.hpp"
#include "app/session/tour_session.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/memory_view.hpp"
#include "app/views/scenario_picture.hpp"
#include "app/views/source_picture.hpp"

namespace tilewalk::app {

struct TourScreenState {
  PaneSet panes = PaneSet::All();  // an export may draw only some
  views::SourceViewState source;
  views::GridViewState grid{.compact = true};  // the pane's title says what the grid is
  views::MemoryViewState memory;               // keeps what the cursor's event touches in view
  bool show_help = false;
  bool classroom = false;       // one pane under the passage, no tabs, a slim timeline (F10)
  bool classroom_grid = false;  // classroom mode shows the grid, not a detail tab (the cursor's last ask)
  session::DetailTab detail_auto = session::DetailTab::Memory;   // the tab the cursor last asked for
  std::optional<session::DetailTab> detail_user{};               // the tab the user picked at this stop
  session::DetailTab detail_shown = session::DetailTab::Memory;  // the tab drawn last frame
  std::string detail_title{};           // the detail pane's title as drawn last frame, without its ###id
  int detail_stop = -1;                 // the stop detail_user was picked at
  views::ScenarioDraft scenario_draft;  // the scenario pane's edits in progress
  LayoutSplits splits{}, classroom_splits{};  // where the splitters were dragged
  bool splitters = true;  // false: no handles (an export draws no mouse, and its layout stays the default)
  bool pane_backgrounds = true;  // false: the renderer clears to ImGuiCol_WindowBg, so panes need not fill
  HeatmapTextureCache textures;  // the heatmaps' GL textures; none without GL (headless tests)
  std::vector<views::Intent> key_intents{};  // this frame's keys (frame_input.hpp), applied and cleared
  float passage_scroll = 0.0f;               // lines to scroll the passage this frame, then cleared
  LayoutReport* report = nullptr;            // set: filled with what this frame drew (layout_report.hpp)
  StepTransition transition;                 // the change the last step animates
  bool reduce_motion = false;                // View > Reduce motion: every step is instant
};

// Every layout gives the source at least this many lines of code (the layout tests hold it).
inline constexpr int kMinSourceLines = 8;

// What the tour screen lays out this frame, below `top`: the viewport, the timeline's height at the current
// font, the splits of the current mode, and the height the passage needs for `pictures`' narration (which
// must outlive the result).
LayoutInput TourScreenArea(const session::TourPictures& pictures, const TourScreenState& state, float top);

// One tab of the detail region's contents, drawn into the current window (the tab's, or a figure's).
void DrawDetailContent(session::DetailTab tab, const session::TourPictures& pictures, TourScreenState& state,
                       std::vector<views::Intent>& intents);
// The detail pane's title for `tab`: "Memory: VMEM of the fwd launch", "Cost: ... estimated".
std::string DetailPaneTitle(const session::TourPictures& pictures, session::DetailTab tab);

// Another tour opened: what the screen remembered of the last one's stops (the tab the cursor or the user
// asked for, the grid in classroom mode, the memory pane's scroll) goes, so the new stop shows its own.
void ForgetTour(TourScreenState& state);

// `top`: where the menu bar ends. `seconds`: wall time since the last frame, for playback.
void DrawTourScreen(session::TourSession& session, TourScreenState& state, float top, double seconds);

}  // namespace tilewalk::app
