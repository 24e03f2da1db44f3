// The grid view's drawing surface and the shapes it draws that are not cells: arrows, chevrons, dashed
// lines and a TensorCore's outline with its name. The grid view (grid_view.cpp) paints its layers with
// them; the layout (grid_layout.hpp) says where, in layout coordinates that the painter maps to the screen.
#pragma once

#include <imgui.h>

#include <algorithm>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views::grid_paint {

struct Painter {
  ImDrawList* dl;
  ImVec2 origin;      // screen position of layout (0, 0)
  float line_height;  // font size; strokes scale with it so a projector font scale scales them too
  ImVec2 clip_min, clip_max;

  ImVec2 At(LayoutVec v) const { return {origin.x + v.x, origin.y + v.y}; }
  bool Visible(const LayoutRect& r) const {
    const ImVec2 a = At(r.min), b = At(r.max);
    return b.x >= clip_min.x && a.x <= clip_max.x && b.y >= clip_min.y && a.y <= clip_max.y;
  }
  // Wholly on screen, give or take a pixel.
  bool Inside(const LayoutRect& r) const {
    const ImVec2 a = At(r.min), b = At(r.max);
    return a.x >= clip_min.x - 1.0f && a.y >= clip_min.y - 1.0f && b.x <= clip_max.x + 1.0f &&
           b.y <= clip_max.y + 1.0f;
  }
  float Stroke() const { return std::max(1.5f, 0.1f * line_height); }
};

void PaintArrow(const Painter& p, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float head);
// A filled arrowhead centred on `mid`, outlined in black so it reads on every cell colour.
void PaintChevron(const Painter& p, ImVec2 mid, float dx, float dy, ImU32 colour, float size);
void PaintDashed(const Painter& p, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float dash);
// A TensorCore's outline in the palette's text colour: core 0 solid, core 1 dashed, so that the two read
// apart at a distance, in print, and without a hue of their own.
void PaintCoreOutline(const Painter& p, const LayoutRect& rect, int core);
// A megacore region: its outline, and its name on a patch of the ground in its corner.
void PaintCoreRegion(const Painter& p, const SliceLayout::CoreRegion& region);

}  // namespace tilewalk::views::grid_paint
