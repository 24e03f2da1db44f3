// Where a view that is not handed textures (the gallery) finds the app's heatmap texture source: stored in
// the current ImGui context's ImGuiIO::UserData, so that it lives and dies with the context, as the GL
// textures do. The app's texture cache registers itself; the headless tests register nothing, and the views
// then draw placeholders.
#pragma once

#include <imgui.h>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::views {

inline HeatmapTextures* ContextHeatmapTextures() {
  return static_cast<HeatmapTextures*>(ImGui::GetIO().UserData);
}
inline void SetContextHeatmapTextures(HeatmapTextures* textures) {
  ImGui::GetIO().UserData = textures;
}

}  // namespace tilewalk::views
