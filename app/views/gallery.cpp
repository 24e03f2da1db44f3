#include "app/views/gallery.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

#include "app/views/canned_tour_pictures.hpp"
#include "app/views/cost_view.hpp"
#include "app/views/grid_view.hpp"
#include "app/views/heatmap_context.hpp"
#include "app/views/lanes_view.hpp"
#include "app/views/memory_view.hpp"
#include "app/views/passage_view.hpp"
#include "app/views/scenario_view.hpp"
#include "app/views/scores_view.hpp"
#include "app/views/source_view.hpp"
#include "app/views/timeline_view.hpp"

namespace tilewalk::views {
namespace {

// The grid fixtures side by side, so that the two loop orders can be compared at a glance, in as many
// columns as leave each one room to be read; in a narrow window they stack and the gallery scrolls.
void DrawGridGallery(GalleryState& state) {
  IM_ASSERT(state.grid_views.size() == state.grid_specs.size() &&
            "GalleryState::grid_views must hold one GridViewState per grid spec.");
  const int count = static_cast<int>(state.grid_specs.size());
  if (count == 0) return;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float char_width = ImGui::CalcTextSize("0").x;
  const float line_height = ImGui::GetTextLineHeight();
  const int columns = std::clamp(static_cast<int>(avail.x / (44.0f * char_width)), 1, count);
  const int rows = (count + columns - 1) / columns;
  const ImGuiStyle& style = ImGui::GetStyle();
  // Each table row adds cell padding above and below its child.
  const float fill_height =
      (avail.y - static_cast<float>(rows) * 2.0f * style.CellPadding.y) / static_cast<float>(rows);
  const float height = std::max(fill_height, 24.0f * line_height);
  if (!ImGui::BeginTable("grid fixtures", columns,
                         ImGuiTableFlags_BordersInnerV | ImGuiTableFlags_SizingStretchSame)) {
    return;
  }
  for (int i = 0; i < count; ++i) {
    ImGui::TableNextColumn();
    CannedGridSpec& spec = state.grid_specs[static_cast<std::size_t>(i)];
    ImGui::PushID(i);
    if (ImGui::BeginChild("fixture", ImVec2(0.0f, std::floor(height)))) {
      const GridPicture picture = MakeGridPicture(spec);
      if (const auto seek = DrawGridView(picture, state.grid_views[static_cast<std::size_t>(i)])) {
        spec.current_step = StepInLaunch(picture, seek->slice, seek->row, seek->col);
      }
    }
    ImGui::EndChild();
    ImGui::PopID();
  }
  ImGui::EndTable();
}

}  // namespace

void DrawGallery(GalleryState& state, bool* open) {
  if (ImGui::Begin("Gallery", open)) {
    ImGui::TextDisabled("Each view against canned pictures. Click a cell to move that picture's cursor.");
    if (ImGui::BeginTabBar("views")) {
      if (ImGui::BeginTabItem("Grid view")) {
        DrawGridGallery(state);
        ImGui::EndTabItem();
      }
      // The tour panes draw canned pictures; their intents have nothing to move here, so they are dropped.
      if (ImGui::BeginTabItem("Source view")) {
        (void)DrawSourceView(state.source_picture, state.source_view);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Passage view")) {
        (void)DrawPassageView(state.passage_picture);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Memory view")) {
        DrawMemoryView(state.memory_picture);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Timeline view")) {
        (void)DrawTimelineView(state.timeline_picture);
        ImGui::Separator();
        ImGui::TextDisabled("The same picture as classroom mode's slim strip:");
        (void)DrawTimelineStrip(state.timeline_picture);
        ImGui::EndTabItem();
      }
      // Heatmaps upload through the app's texture source, when the context has one (not in headless tests).
      if (ImGui::BeginTabItem("Lanes view")) {
        LanesPicture lanes = state.lanes_picture;
        AttachTexture(ContextHeatmapTextures(), "gallery.lanes.m", lanes.m);
        AttachTexture(ContextHeatmapTextures(), "gallery.lanes.l", lanes.l);
        AttachTexture(ContextHeatmapTextures(), "gallery.lanes.alpha", lanes.alpha);
        DrawLanesView(lanes);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Scores view")) {
        ScoresPicture scores = state.scores_picture;
        AttachTexture(ContextHeatmapTextures(), "gallery.scores.s", scores.s);
        AttachTexture(ContextHeatmapTextures(), "gallery.scores.p", scores.p);
        DrawScoresView(scores);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Cost view")) {
        DrawCostView(state.cost_picture);
        ImGui::EndTabItem();
      }
      if (ImGui::BeginTabItem("Scenario view")) {
        (void)DrawScenarioView(state.scenario_picture, state.scenario_draft);
        ImGui::EndTabItem();
      }
      ImGui::EndTabBar();
    }
  }
  ImGui::End();
}

}  // namespace tilewalk::views
