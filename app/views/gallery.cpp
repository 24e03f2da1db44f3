#include "app/views/gallery.hpp"

#include <imgui.h>

#include <optional>
#include <variant>

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
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

// One grid exhibit; a click moves its canned cursor.
void DrawGridExhibit(GalleryState& state, std::size_t index) {
  IM_ASSERT(state.grid_views.size() == state.grid_specs.size() &&
            "GalleryState::grid_views must hold one GridViewState per grid spec.");
  if (index >= state.grid_specs.size()) return;
  CannedGridSpec& spec = state.grid_specs[index];
  const GridPicture picture = MakeGridPicture(spec);
  if (const auto seek = DrawGridView(picture, state.grid_views[index]))
    spec.current_step = StepInLaunch(picture, seek->slice, seek->row, seek->col);
}

// The exhibit's picture in its view. The tour panes' intents have nothing to move here, so they are
// dropped; heatmaps upload through the app's texture source, when the context has one (not in headless
// tests).
void DrawExhibit(GalleryState& state, GalleryExhibit& exhibit) {
  struct Draw {
    GalleryState& state;
    void operator()(const GridExhibit& grid) const { DrawGridExhibit(state, grid.index); }
    void operator()(const SourcePicture& p) const { (void)DrawSourceView(p, state.source_view); }
    void operator()(const PassagePicture& p) const { (void)DrawPassageView(p); }
    void operator()(const MemoryPicture& p) const { DrawMemoryView(p); }
    void operator()(const TimelinePicture& p) const {
      (void)DrawTimelineView(p);
      ImGui::Separator();
      ui::TextDisabled("The same picture as classroom mode's slim strip:");
      (void)DrawTimelineStrip(p);
    }
    void operator()(const LanesPicture& p) const {
      LanesPicture lanes = p;
      AttachTexture(ContextHeatmapTextures(), "gallery.lanes.m", lanes.m);
      AttachTexture(ContextHeatmapTextures(), "gallery.lanes.l", lanes.l);
      AttachTexture(ContextHeatmapTextures(), "gallery.lanes.alpha", lanes.alpha);
      DrawLanesView(lanes);
    }
    void operator()(const ScoresPicture& p) const {
      ScoresPicture scores = p;
      AttachTexture(ContextHeatmapTextures(), "gallery.scores.s", scores.s);
      AttachTexture(ContextHeatmapTextures(), "gallery.scores.p", scores.p);
      DrawScoresView(scores);
    }
    void operator()(const CostPicture& p) const { DrawCostView(p); }
    void operator()(const ScenarioPicture& p) const { (void)DrawScenarioView(p, state.scenario_draft); }
  };
  std::visit(Draw{state}, exhibit.picture);
}

// The exhibits by view, one line each; a click shows it.
void DrawExhibitList(GalleryState& state) {
  std::optional<GalleryView> heading;
  for (std::size_t i = 0; i < state.exhibits.size(); ++i) {
    const GalleryExhibit& exhibit = state.exhibits[i];
    if (heading != exhibit.view) {
      heading = exhibit.view;
      ui::TextDisabled("%s", GalleryViewName(exhibit.view));
    }
    ImGui::PushID(static_cast<int>(i));
    if (ImGui::Selectable(exhibit.state.c_str(), state.selected == i)) state.selected = i;
    ImGui::PopID();
  }
}

}  // namespace

void DrawGallery(GalleryState& state, bool* open) {
  if (ImGui::Begin("Gallery", open)) {
    const float list_width = 36.0f * ImGui::CalcTextSize("M").x;
    if (ImGui::BeginChild("exhibits", ImVec2(list_width, 0.0f), true)) DrawExhibitList(state);
    ImGui::EndChild();
    ImGui::SameLine();
    if (ImGui::BeginChild("exhibit") && state.selected < state.exhibits.size()) {
      GalleryExhibit& exhibit = state.exhibits[state.selected];
      ui::Text("%s: %s", GalleryViewName(exhibit.view), exhibit.state.c_str());
      ui::TextDisabled("built by %s", exhibit.builder.c_str());
      ImGui::Separator();
      if (ImGui::BeginChild("picture")) DrawExhibit(state, exhibit);
      ImGui::EndChild();
    }
    ImGui::EndChild();
  }
  ImGui::End();
}

}  // namespace tilewalk::views
