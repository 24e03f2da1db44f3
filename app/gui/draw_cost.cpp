#include "app/gui/draw_cost.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tilewalk::app {
namespace {

// A triangle's area inside the clip rectangle, estimated as its area times the share of its bounding box
// inside the rectangle (exact for the axis-aligned quads that most of a frame is made of).
double ClippedArea(const ImVec2& a, const ImVec2& b, const ImVec2& c, const ImVec4& clip) {
  const double area =
      0.5 * std::fabs(static_cast<double>((b.x - a.x) * (c.y - a.y) - (c.x - a.x) * (b.y - a.y)));
  if (area <= 0) return 0;
  const float x0 = std::min({a.x, b.x, c.x}), x1 = std::max({a.x, b.x, c.x});
  const float y0 = std::min({a.y, b.y, c.y}), y1 = std::max({a.y, b.y, c.y});
  const double box = static_cast<double>(x1 - x0) * static_cast<double>(y1 - y0);
  const double inside = std::max(0.0f, std::min(x1, clip.z) - std::max(x0, clip.x)) *
                        static_cast<double>(std::max(0.0f, std::min(y1, clip.w) - std::max(y0, clip.y)));
  return box > 0 ? area * inside / box : 0;
}

}  // namespace

DrawCost MeasureDrawCost(const ImDrawData& data) {
  DrawCost cost;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    WindowDrawCost window{.window = list._OwnerName != nullptr ? list._OwnerName : "?",
                          .vertices = list.VtxBuffer.Size};
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback != nullptr) continue;
      for (unsigned int i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset + i;
        const ImDrawVert* v = list.VtxBuffer.Data + cmd.VtxOffset;
        window.pixels += ClippedArea(v[idx[0]].pos, v[idx[1]].pos, v[idx[2]].pos, cmd.ClipRect);
      }
      window.triangles += cmd.ElemCount / 3;
    }
    cost.vertices += window.vertices;
    cost.triangles += window.triangles;
    cost.pixels += window.pixels;
    cost.windows.push_back(std::move(window));
  }
  std::sort(cost.windows.begin(), cost.windows.end(),
            [](const WindowDrawCost& a, const WindowDrawCost& b) { return a.pixels > b.pixels; });
  return cost;
}

std::string DrawCostLine(const DrawCost& cost) {
  char text[128];
  std::snprintf(text, sizeof text, "vertices=%lld triangles=%lld fill_mpx=%.2f", cost.vertices,
                cost.triangles, cost.pixels / 1e6);
  return text;
}

std::string DrawCostByWindow(const DrawCost& cost, std::size_t windows) {
  std::string text;
  char line[256];
  for (std::size_t i = 0; i < std::min(windows, cost.windows.size()); ++i) {
    const WindowDrawCost& w = cost.windows[i];
    std::snprintf(line, sizeof line, "  %-40.40s %6.2f Mpx %7lld triangles\n", w.window.c_str(),
                  w.pixels / 1e6, w.triangles);
    text += line;
  }
  return text;
}

}  // namespace tilewalk::app
