#include "app/screen/figure_screen.hpp"

#include <imgui.h>

#include <vector>

#include "app/views/grid_view.hpp"
#include "app/views/timeline_view.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::app {
namespace {

std::optional<session::DetailTab> DetailTabOfPane(Pane pane) {
  switch (pane) {
    case Pane::Memory:
      return session::DetailTab::Memory;
    case Pane::Lanes:
      return session::DetailTab::Lanes;
    case Pane::Scores:
      return session::DetailTab::Scores;
    case Pane::Cost:
      return session::DetailTab::Cost;
    default:
      return std::nullopt;
  }
}

// No decoration, no scrollbars, no background (the renderer clears to the window colour), no input.
constexpr ImGuiWindowFlags kFigureFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                          ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoInputs | ImGuiWindowFlags_NoScrollWithMouse;

constexpr const char* kNothingLaunched = "Nothing was launched at this stop.";

}  // namespace

PaneSet PicturePanes() {
  PaneSet panes;
  for (Pane p : {Pane::Grid, Pane::Memory, Pane::Lanes, Pane::Scores, Pane::Cost, Pane::Timeline})
    panes = panes.With(p);
  return panes;
}

PixelSize DefaultFigureSize(Pane pane) {
  switch (pane) {
    case Pane::Grid:
      return {.width = 640, .height = 480};
    case Pane::Memory:
      return {.width = 800, .height = 640};  // room for a bias and segment ids, ab and ds among the rows
    case Pane::Lanes:
    case Pane::Scores:
      return {.width = 800, .height = 450};
    case Pane::Cost:
      return {.width = 960, .height = 400};  // room for a second TensorCore's lanes (v4, v5p)
    case Pane::Timeline:
      return {.width = 1280, .height = 120};
    default:
      return {.width = 640, .height = 480};
  }
}

std::string FigureTitle(const session::TourPictures& pictures, Pane pane) {
  if (const auto tab = DetailTabOfPane(pane)) return DetailPaneTitle(pictures, *tab);
  if (pane == Pane::Grid) return pictures.has_snapshot ? pictures.grid.title : std::string("Grid");
  return std::string(pane == Pane::Timeline ? "Timeline" : PaneName(pane));
}

std::string EmptyPaneReason(const session::TourPictures& pictures, Pane pane) {
  if (!pictures.has_snapshot) return kNothingLaunched;
  switch (pane) {
    case Pane::Lanes:
      return pictures.lanes.empty_message;
    case Pane::Scores:
      return pictures.scores.empty_message;
    case Pane::Cost:
      return pictures.cost.empty_message;
    default:
      return {};
  }
}

void DrawFigure(const session::TourPictures& pictures, Pane pane, TourScreenState& state) {
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(viewport->Pos);
  ImGui::SetNextWindowSize(viewport->Size);
  // One window per pane, so each keeps its own scroll and layout state from frame to frame.
  const std::string name = "figure " + std::string(PaneName(pane));
  if (ImGui::Begin(name.c_str(), nullptr, kFigureFlags)) {
    if (!pictures.has_snapshot) {
      views::ui::TextDisabled("%s", kNothingLaunched);
    } else if (pane == Pane::Grid) {
      views::GridViewState grid = state.grid;
      grid.zoom = 1.0f;  // the whole grid, fitted
      views::DrawGridView(pictures.grid, grid);
    } else if (pane == Pane::Timeline) {
      views::DrawTimelineFigure(pictures.timeline);
    } else if (const auto tab = DetailTabOfPane(pane)) {
      std::vector<views::Intent> ignored;  // a figure takes no input
      DrawDetailContent(*tab, pictures, state, ignored);
    }
    // A figure is never scrolled: it shows its pane from the top left, whatever a view asked for (the
    // memory pane scrolls to the cursor's slots), so no frame depends on the one before it.
    ImGui::SetScrollX(0.0f);
    ImGui::SetScrollY(0.0f);
  }
  ImGui::End();
}

}  // namespace tilewalk::app
