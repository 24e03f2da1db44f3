// One frame of the whole tour screen, drawn headless as the app would draw it with no mouse and no time
// passing: a settling frame first (ImGui lays out, and applies the last frame's tab choice), then the frame
// itself, read back. The stills of the screen and the video of --motion are both drawn through here.
#pragma once

#include <cstdint>
#include <vector>

#include "app/export/headless_renderer.hpp"
#include "app/screen/tour_screen.hpp"

namespace tilewalk::app {

// Draws the screen at the session's moment and reads its pixels (RGBA, bottom row first) into `pixels`.
void RenderScreen(HeadlessRenderer& renderer, session::TourSession& session, TourScreenState& screen,
                  std::vector<std::uint8_t>& pixels);

}  // namespace tilewalk::app
