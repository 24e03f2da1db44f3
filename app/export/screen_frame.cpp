#include "app/export/screen_frame.hpp"

#include <imgui.h>

namespace tilewalk::app {

void RenderScreen(HeadlessRenderer& renderer, session::TourSession& session, TourScreenState& screen,
                  std::vector<std::uint8_t>& pixels) {
  renderer.BeginFrame();
  DrawTourScreen(session, screen, 0.0f, 0.0);
  ImGui::Render();  // the settling frame, not drawn
  renderer.BeginFrame();
  DrawTourScreen(session, screen, 0.0f, 0.0);
  renderer.Render();
  renderer.ReadPixels(pixels);
}

}  // namespace tilewalk::app
