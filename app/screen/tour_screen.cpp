#include "app/screen/tour_screen.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>

#include "app/screen/pane_splitters.hpp"
#include "app/screen/tour_layout.hpp"
#include "app/views/cost_view.hpp"
#include "app/views/grid_view.hpp"
#include "app/views/lanes_view.hpp"
#include "app/views/memory_view.hpp"
#include "app/views/passage_view.hpp"
#include "app/views/scenario_view.hpp"
#include "app/views/scores_view.hpp"
#include "app/views/source_view.hpp"
#include "app/views/timeline_view.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::app {
namespace {

constexpr ImGuiWindowFlags kPaneFlags = ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize |
                                        ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;

// `background`: false when the renderer has already cleared the screen to the window colour, so that a
// software rasteriser does not fill every pixel of the screen a second time, blended. `name`: the pane as
// the layout report names it.
bool BeginPane(const char* title, const PaneRect& rect, const TourScreenState& state, std::string name,
               ImGuiWindowFlags flags = ImGuiWindowFlags_None) {
  ImGui::SetNextWindowPos({rect.x, rect.y});
  ImGui::SetNextWindowSize({rect.width, rect.height});
  const bool open = ImGui::Begin(
      title, nullptr,
      flags | kPaneFlags | (state.pane_backgrounds ? ImGuiWindowFlags_None : ImGuiWindowFlags_NoBackground));
  views::ui::NoteTitle(title);
  if (state.report != nullptr) {
    const ImVec2 at = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
    state.report->panes.push_back({std::move(name), {at.x, at.y, size.x, size.y}});
  }
  return open;
}

Pane TabPane(session::DetailTab tab) {
  switch (tab) {
    case session::DetailTab::Lanes:
      return Pane::Lanes;
    case session::DetailTab::Scores:
      return Pane::Scores;
    case session::DetailTab::Cost:
      return Pane::Cost;
    case session::DetailTab::Scenario:
      return Pane::Scenario;
    case session::DetailTab::Memory:
      break;
  }
  return Pane::Memory;
}

// The tab to show when the one the cursor asks for is not among the panes drawn.
session::DetailTab FirstDetailTab(PaneSet panes) {
  if (panes.Has(Pane::Memory)) return session::DetailTab::Memory;
  if (panes.Has(Pane::Lanes)) return session::DetailTab::Lanes;
  if (panes.Has(Pane::Scores)) return session::DetailTab::Scores;
  return panes.Has(Pane::Cost) ? session::DetailTab::Cost : session::DetailTab::Scenario;
}

// Hands `place` each tab of the detail region with the function that draws its contents; `place` decides
// whether (and inside what) to call it.
template <typename Place>
void DrawDetailTabs(const session::TourPictures& pictures, TourScreenState& state,
                    std::vector<views::Intent>& intents, Place place) {
  using session::DetailTab;
  for (DetailTab tab :
       {DetailTab::Memory, DetailTab::Lanes, DetailTab::Scores, DetailTab::Cost, DetailTab::Scenario})
    place(tab, [&] { DrawDetailContent(tab, pictures, state, intents); });
}

// The detail region: Memory | Lanes | Scores | Cost | Scenario. The tab is the one the stop shows (`show:`),
// else the cursor's statement's, unless the user picked one at this stop. ImGui applies a programmatic
// selection one frame late, so a tab that differs from both the wanted one and last frame's can only have
// come from a click.
void DrawDetailPane(const session::TourPictures& pictures, TourScreenState& state, int stop,
                    const PaneRect& rect, std::vector<views::Intent>& intents) {
  // The tab shown last frame may have been dropped from the panes since.
  if (!state.panes.Has(TabPane(state.detail_shown))) state.detail_shown = FirstDetailTab(state.panes);
  using session::DetailTab;
  if (state.detail_stop != stop) {
    state.detail_user.reset();
    state.detail_stop = stop;
  }
  if (pictures.suggested_tab) state.detail_auto = *pictures.suggested_tab;
  // The stop's own picture wins over the cursor's statement, so what the narration names stays on screen.
  const std::optional<DetailTab> stop_tab =
      pictures.stop_show ? session::DetailTabOf(*pictures.stop_show) : std::nullopt;
  DetailTab wanted = state.detail_user.value_or(stop_tab.value_or(state.detail_auto));
  // Without a snapshot only the scenario has something to show: the edit that was rejected.
  if (!pictures.has_snapshot) wanted = DetailTab::Scenario;
  if (!state.panes.Has(TabPane(wanted))) wanted = FirstDetailTab(state.panes);
  // The title names the tab wanted this frame, not last frame's: ImGui shows a tab asked for in code one
  // frame late, and an export's settling frame absorbs that lag for the content, so the title must not lag.
  std::string title = DetailPaneTitle(pictures, wanted);
  state.detail_title = title;
  title += "###Memory";
  if (BeginPane(title.c_str(), rect, state, std::string(PaneName(TabPane(wanted))))) {
    if (!pictures.has_snapshot && !state.panes.Has(Pane::Scenario)) {
      views::ui::TextDisabled("Nothing was launched, so nothing is in VMEM.");
    } else if (state.classroom) {
      // No tabs to click: the pane is the one the cursor asks for. Its pictures share this window, so a
      // picture that replaces another opens at its top, not as far down as the last one was scrolled.
      if (wanted != state.detail_shown) ImGui::SetScrollY(0.0f);
      const auto content = [&](DetailTab which, auto draw) {
        if (which == wanted) draw();
      };
      DrawDetailTabs(pictures, state, intents, content);
      state.detail_shown = wanted;
    } else if (ImGui::BeginTabBar("detail")) {
      std::optional<DetailTab> drawn;
      const auto tab = [&](DetailTab which, auto draw) {
        if (!state.panes.Has(TabPane(which))) return;
        if (!pictures.has_snapshot && which != DetailTab::Scenario) return;
        const ImGuiTabItemFlags flags = which == wanted && wanted != state.detail_shown
                                            ? ImGuiTabItemFlags_SetSelected
                                            : ImGuiTabItemFlags_None;
        if (views::ui::BeginTabItem(session::DetailTabName(which), nullptr, flags)) {
          drawn = which;
          // The content scrolls in a child of its own, so the tab bar stays pinned above it.
          if (ImGui::BeginChild("tab content")) draw();
          ImGui::EndChild();
          ImGui::EndTabItem();
        }
      };
      DrawDetailTabs(pictures, state, intents, tab);
      ImGui::EndTabBar();
      if (drawn) {
        if (*drawn != wanted && *drawn != state.detail_shown) state.detail_user = *drawn;
        state.detail_shown = *drawn;
      }
    }
  }
  ImGui::End();
}

PaneSet WithoutDetail(PaneSet panes) {
  for (Pane p : {Pane::Memory, Pane::Lanes, Pane::Scores, Pane::Cost, Pane::Scenario})
    panes = panes.Without(p);
  return panes;
}

// The panes drawn this frame. A rejected scenario launched nothing, so the grid gives its room to the
// scenario that can be fixed. Classroom mode shows one pane under the passage: the stop's picture, or,
// outside a tour, the grid at the grid's own moments (a step begins or ends, a branch decides), else the
// detail tab the cursor asks for.
PaneSet ScreenPanes(const session::TourPictures& pictures, TourScreenState& state) {
  PaneSet panes = state.panes;
  if (!pictures.has_snapshot && panes.Has(Pane::Scenario)) panes = panes.Without(Pane::Grid);
  if (!state.classroom) return panes;
  if (pictures.stop_show) {
    // The stop's picture stays put while the teacher steps inside the stop.
    state.classroom_grid = *pictures.stop_show == walkthrough::StopPane::Grid;
  } else if (pictures.grid_moment) {
    state.classroom_grid = true;
  } else if (pictures.suggested_tab) {
    state.classroom_grid = false;
  }
  const bool grid = state.classroom_grid && pictures.has_snapshot && panes.Has(Pane::Grid);
  return grid ? WithoutDetail(panes) : panes.Without(Pane::Grid);
}

// One line on what the window had no room for, and how to get it back.
void DrawFoldNote(const std::vector<Pane>& folded) {
  std::string names;
  for (const std::string& name : FoldedNames(folded)) names += (names.empty() ? "the " : " and the ") + name;
  views::ui::TextWrapped("No room for %s: a larger window or smaller text (Ctrl -) brings it back.",
                         names.c_str());
}

// The report's verdicts from what the views drew: a passage not drawn shows no narration, and the focus is
// in view only when the stop's picture was drawn and said so.
void FillReport(LayoutReport& report, views::Drawn drawn, const session::TourPictures& pictures) {
  report.files = std::move(drawn.files);
  report.clipped = std::move(drawn.clipped);
  report.cell_px = drawn.cell_px;
  report.narration_whole = drawn.narration_whole.value_or(false);
  report.question_whole = drawn.question_whole.value_or(!pictures.passage.ask.has_value());
  // A stop's picture; with nothing launched, the scenario that was rejected; else the grid.
  const std::string focus_pane = pictures.stop_show
                                     ? std::string(walkthrough::StopPaneName(*pictures.stop_show))
                                 : !pictures.has_snapshot ? std::string("scenario")
                                                          : std::string("grid");
  const auto focus = drawn.focus_in_view.find(focus_pane);
  report.focus_in_view = focus != drawn.focus_in_view.end() && focus->second;
  report.focus_pane = focus_pane;
}

}  // namespace

void DrawDetailContent(session::DetailTab tab, const session::TourPictures& pictures, TourScreenState& state,
                       std::vector<views::Intent>& intents) {
  using session::DetailTab;
  switch (tab) {
    case DetailTab::Memory: {
      views::MemoryPicture memory = pictures.memory;  // shared images: the copy only takes texture ids
      for (std::size_t i = 0; i < memory.scratch.size(); ++i)
        views::AttachTexture(&state.textures, "memory.scratch." + std::to_string(i), memory.scratch[i].tile);
      views::DrawMemoryView(memory, &state.memory);
      break;
    }
    case DetailTab::Lanes: {
      views::LanesPicture lanes = pictures.lanes;  // shared images: the copy only takes texture ids
      views::AttachTexture(&state.textures, "lanes.m", lanes.m, state.transition.Progress());
      views::AttachTexture(&state.textures, "lanes.l", lanes.l, state.transition.Progress());
      views::AttachTexture(&state.textures, "lanes.alpha", lanes.alpha, state.transition.Progress());
      views::DrawLanesView(lanes);
      break;
    }
    case DetailTab::Scores: {
      views::ScoresPicture scores = pictures.scores;
      views::AttachTexture(&state.textures, "scores.s", scores.s, state.transition.Progress());
      views::AttachTexture(&state.textures, "scores.p", scores.p, state.transition.Progress());
      views::DrawScoresView(scores);
      break;
    }
    case DetailTab::Cost:
      views::DrawCostView(pictures.cost);
      break;
    case DetailTab::Scenario:
      if (auto intent = views::DrawScenarioView(pictures.scenario, state.scenario_draft))
        intents.push_back(*intent);
      break;
  }
}

std::string DetailPaneTitle(const session::TourPictures& pictures, session::DetailTab tab) {
  using session::DetailTab;
  if (tab == DetailTab::Scenario)
    return pictures.scenario.edited ? "Scenario: your edit of this stop" : "Scenario: what this stop runs";
  if (!pictures.has_snapshot) return "Memory";
  const std::string& launch = pictures.memory.launch;
  switch (tab) {
    case DetailTab::Lanes:
      return "Lanes: m and l of the " + launch + " launch";
    case DetailTab::Scores:
      return "Scores: s and p of this block (" + launch + ")";
    case DetailTab::Cost:
      return "Cost: " + launch + " on a TPU " + pictures.cost.chip_name + ", estimated";
    case DetailTab::Memory:
    case DetailTab::Scenario:
      break;
  }
  return "Memory: VMEM of the " + launch + " launch";
}

LayoutInput TourScreenArea(const session::TourPictures& pictures, const TourScreenState& state, float top) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float line = ImGui::GetTextLineHeightWithSpacing();
  const float pane_chrome = ImGui::GetFrameHeight() + 2.0f * style.WindowPadding.y;
  // The source's floor: the key to its marks (outside classroom mode, whose title line carries it when it
  // fits), the file's title, the notes above it (a line that raised, where the passage lies, what the
  // pipeline does; two lines each, wrapped, and classroom mode keeps only a raise's), then kMinSourceLines
  // of code, half a line to spare, and the horizontal scrollbar.
  const auto has_note = [&](const std::optional<views::SourcePane>& pane) {
    return pane && !pane->note.empty() && (!state.classroom || pane->error_line > 0);
  };
  const bool missing_note = !pictures.source.python_missing.empty() && !state.classroom;
  const float header_lines =
      (state.classroom ? 1.0f : 2.0f) +
      (has_note(pictures.source.cpp) || has_note(pictures.source.python) ? 2.0f : 0.0f) +
      (missing_note ? 2.0f : 0.0f);
  const float source_min =
      pane_chrome + (header_lines + static_cast<float>(kMinSourceLines) + 0.5f) * line + style.ScrollbarSize;
  // The grid's floor: its labels, and up to eight rows of cells a line high (a larger grid is summed up in
  // bands, or scrolls), so that cells stay about a line of text across.
  const int grid_rows = std::clamp(pictures.grid.rows, 1, 8);
  const float picture_min = pane_chrome + 4.0f * line + static_cast<float>(grid_rows) * ImGui::GetFontSize();
  // Without a snapshot the timeline only says why nothing runs: three lines. Classroom mode's is a strip.
  const float timeline_contents = !pictures.has_snapshot ? ImGui::GetTextLineHeightWithSpacing() * 3.0f
                                  : state.classroom      ? views::TimelineStripHeight(pictures.timeline)
                                                         : views::TimelineViewHeight(pictures.timeline);
  return {
      .x = viewport->Pos.x,
      .y = viewport->Pos.y + top,
      .width = viewport->Size.x,
      .height = viewport->Size.y - top,
      .timeline_height = timeline_contents + style.WindowPadding.y * 2.0f +
                         (state.classroom ? 0.0f : ImGui::GetFrameHeightWithSpacing()),
      .wide_detail = pictures.has_snapshot && state.detail_shown != session::DetailTab::Memory,
      .grid_first = pictures.stop_show == walkthrough::StopPane::Grid,
      .classroom = state.classroom,
      .source_min_height = source_min,
      .picture_min_height = picture_min,
      .pane_min_width = 24.0f * ImGui::CalcTextSize("M").x,
      .line_height = line,
      .splits = state.classroom ? state.classroom_splits : state.splits,
      .passage_height =
          [&pictures](float width) {
            const ImGuiStyle& s = ImGui::GetStyle();
            return ImGui::GetFrameHeight() + 2.0f * s.WindowPadding.y +
                   views::PassageNarrationHeight(pictures.passage, width - 2.0f * s.WindowPadding.x);
          },
      .passage_width =
          [&pictures] {
            return views::PassageNarrationWidth(pictures.passage) + 2.0f * ImGui::GetStyle().WindowPadding.x;
          },
  };
}

void ForgetTour(TourScreenState& state) {
  state.detail_auto = session::DetailTab::Memory;
  state.detail_user.reset();
  state.detail_stop = -1;
  state.classroom_grid = false;
  state.memory = {};
}

void DrawTourScreen(session::TourSession& session, TourScreenState& state, float top, double seconds) {
  std::vector<views::Intent> intents;
  intents.swap(state.key_intents);
  session.Tick(seconds);
  state.transition.Advance(seconds);
  state.grid.glide = state.transition.Progress();
  state.grid.glide_from = state.transition.from_cell();
  state.memory.arrival = state.transition.Progress();
  session.SetShownTab(
      state.detail_shown);  // last frame's: a tab picked this frame gets its heatmaps next frame
  const session::TourPictures& pictures = session.Pictures();

  const PaneSet panes = ScreenPanes(pictures, state);
  LayoutSplits& splits = state.classroom ? state.classroom_splits : state.splits;
  const LayoutInput area = TourScreenArea(pictures, state, top);
  const TourLayout layout = LayOutTour(area, panes);
  // The report's own probe, in place of any the frame set (a script's), which gets its texts after.
  views::Drawn drawn;
  views::Drawn* const outer = views::DrawnProbe();
  if (state.report != nullptr) {
    *state.report = LayoutReport{};
    state.report->folded = FoldedNames(layout.folded);
    drawn.keep_shown = outer != nullptr && outer->keep_shown;
    views::SetDrawnProbe(&drawn);
  }

  // Every pane follows the one cursor, so none is "the active one": keep their title bars alike, rather
  // than lighting up whichever was clicked last.
  ImGui::PushStyleColor(ImGuiCol_TitleBgActive, ImGui::GetStyleColorVec4(ImGuiCol_TitleBg));
  if (layout.source) {
    state.source.one_file = state.classroom;  // a room reads one file at a time (M swaps)
    if (BeginPane("Source", *layout.source, state, "source")) {
      if (auto intent = views::DrawSourceView(pictures.source, state.source)) intents.push_back(*intent);
    }
    ImGui::End();
  }
  if (layout.grid) {
    const std::string grid_title =
        (pictures.has_snapshot ? pictures.grid.title : std::string("Grid")) + "###Grid";
    if (BeginPane(grid_title.c_str(), *layout.grid, state, "grid")) {
      if (pictures.has_snapshot) {
        if (auto cell = views::DrawGridView(pictures.grid, state.grid)) {
          intents.push_back({.kind = views::IntentKind::SeekToGridStep,
                             .value = views::StepInLaunch(pictures.grid, cell->slice, cell->row, cell->col)});
        }
      } else {
        views::ui::TextDisabled("No launch at this stop.");
      }
    }
    ImGui::End();
  }
  if (layout.detail)
    DrawDetailPane(pictures, state, session.stop_index(), *layout.detail, intents);
  else if (state.classroom)
    state.detail_stop = -1;  // the grid was shown: the detail starts afresh
  if (layout.passage) {
    // The tour's title rides in the title bar, so the narration gets its line; where the bar is too short
    // for "Passage: " and the title, the title alone, and where even that is cut, "Passage".
    const std::string& tour = pictures.passage.tour_title;
    const float bar = layout.passage->width - 2.0f * ImGui::GetStyle().FramePadding.x;
    const std::string named = "Passage: " + tour;
    const std::string title = (tour.empty()                                  ? std::string("Passage")
                               : ImGui::CalcTextSize(named.c_str()).x <= bar ? named
                               : ImGui::CalcTextSize(tour.c_str()).x <= bar  ? tour
                                                                             : std::string("Passage")) +
                              "###Passage";
    if (BeginPane(title.c_str(), *layout.passage, state, "passage")) {
      if (!layout.folded.empty()) DrawFoldNote(layout.folded);
      if (auto intent = views::DrawPassageView(pictures.passage, state.passage_scroll))
        intents.push_back(*intent);
    }
    ImGui::End();
  }
  if (layout.timeline) {
    // Classroom mode's slim strip says what it is on its own first line: no title bar.
    if (BeginPane("Timeline", *layout.timeline, state, "timeline",
                  state.classroom ? ImGuiWindowFlags_NoTitleBar : ImGuiWindowFlags_None)) {
      if (pictures.has_snapshot) {
        const auto intent = state.classroom ? views::DrawTimelineStrip(pictures.timeline)
                                            : views::DrawTimelineView(pictures.timeline);
        if (intent) intents.push_back(*intent);
      } else if (!pictures.rejection.empty()) {
        views::ui::TextColored(views::palette::Vec(views::palette::Active().error),
                               "The scenario is rejected, so nothing runs:");
        views::ui::TextWrapped("%s", pictures.rejection.c_str());
        views::ui::TextDisabled("%s",
                                pictures.scenario.edited
                                    ? "Edit it in the Scenario tab, or go back to the stop's own scenario."
                                    : "Change it in the Scenario tab and apply.");
      }
    }
    ImGui::End();
  }
  ImGui::PopStyleColor();
  if (state.splitters) DrawPaneSplitters(area, layout, splits);
  if (state.report != nullptr) {
    views::SetDrawnProbe(outer);
    if (outer != nullptr) outer->shown.insert(outer->shown.end(), drawn.shown.begin(), drawn.shown.end());
    FillReport(*state.report, std::move(drawn), pictures);
  }

  state.passage_scroll = 0.0f;
  const std::optional<views::GridCell> from_cell =
      pictures.has_snapshot ? pictures.grid.current : std::optional<views::GridCell>();
  for (const views::Intent& intent : intents) {
    const std::optional<uint64_t> before = session.cursor();
    session.Apply(intent);
    if (session.cursor() == before) continue;
    state.transition.Moved(intent, from_cell, state.reduce_motion || session.playing());
    if (state.transition.Active()) state.textures.StartCrossFade();
  }
}

}  // namespace tilewalk::app
