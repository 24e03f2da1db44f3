// What a frame asks the rasteriser to do, measured from ImGui's draw data before it is rendered: vertices,
// triangles and the pixels the triangles cover (each triangle's area, cut to its command's clip rectangle,
// summed: overdraw counts as often as it happens), per window and in all. Under a software rasteriser
// the pixels covered are most of a frame's cost, so this is where overdraw is found.
#pragma once

#include <imgui.h>

#include <string>
#include <vector>

namespace tilewalk::app {

struct WindowDrawCost {
  std::string window{};  // the window's name, "Source###source"
  long long vertices = 0, triangles = 0;
  double pixels = 0;
};

struct DrawCost {
  long long vertices = 0, triangles = 0;
  double pixels = 0;
  std::vector<WindowDrawCost> windows{};  // the costliest in pixels first
};

DrawCost MeasureDrawCost(const ImDrawData& data);

// "vertices=41230 triangles=30112 fill_mpx=5.31" and, per window, "  Source: 1.20 Mpx, 8200 triangles".
std::string DrawCostLine(const DrawCost& cost);
std::string DrawCostByWindow(const DrawCost& cost, std::size_t windows);

}  // namespace tilewalk::app
