#include "app/views/grid_painter.hpp"

#include <cmath>
#include <utility>

#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views::grid_paint {

void PaintArrow(const Painter& p, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float head) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (!(length > 0.0f)) return;
  const float ux = dx / length, uy = dy / length;
  head = std::min(head, 0.6f * length);
  const ImVec2 base{to.x - ux * head, to.y - uy * head};
  p.dl->AddLine(from, base, colour, thickness);
  p.dl->AddTriangleFilled(to, {base.x - uy * head * 0.6f, base.y + ux * head * 0.6f},
                          {base.x + uy * head * 0.6f, base.y - ux * head * 0.6f}, colour);
}

void PaintChevron(const Painter& p, ImVec2 mid, float dx, float dy, ImU32 colour, float size) {
  const float len = std::sqrt(dx * dx + dy * dy);
  if (!(len > 0.0f)) return;
  const float ux = dx / len, uy = dy / len, half = 0.45f * size;
  const ImVec2 tip{mid.x + ux * 0.5f * size, mid.y + uy * 0.5f * size};
  const ImVec2 base{mid.x - ux * 0.5f * size, mid.y - uy * 0.5f * size};
  const ImVec2 left{base.x - uy * half, base.y + ux * half}, right{base.x + uy * half, base.y - ux * half};
  p.dl->AddTriangleFilled(tip, left, right, colour);
  p.dl->AddTriangle(tip, left, right, palette::Active().path_shadow, 1.0f);
}

void PaintDashed(const Painter& p, ImVec2 from, ImVec2 to, ImU32 colour, float thickness, float dash) {
  const float dx = to.x - from.x, dy = to.y - from.y;
  const float length = std::sqrt(dx * dx + dy * dy);
  if (!(length > 0.0f) || !(dash > 0.0f)) return;
  const int dashes = std::min(static_cast<int>(length / (2.0f * dash)) + 1, 512);
  for (int i = 0; i < dashes; ++i) {
    const float t0 = static_cast<float>(2 * i) * dash / length;
    const float t1 = std::min(1.0f, t0 + dash / length);
    p.dl->AddLine({from.x + dx * t0, from.y + dy * t0}, {from.x + dx * t1, from.y + dy * t1}, colour,
                  thickness);
  }
}

void PaintCoreOutline(const Painter& p, const LayoutRect& rect, int core) {
  const ImU32 colour = palette::Active().text;
  const float t = 1.5f * p.Stroke();
  const ImVec2 a = p.At(rect.min), b = p.At(rect.max);
  if (core == 0) {
    p.dl->AddRect(a, b, colour, 0.0f, 0, t);
    return;
  }
  const float dash = std::max(3.0f, 0.4f * p.line_height);
  for (const auto& [from, to] : {std::pair{a, ImVec2{b.x, a.y}}, std::pair{ImVec2{b.x, a.y}, b},
                                 std::pair{b, ImVec2{a.x, b.y}}, std::pair{ImVec2{a.x, b.y}, a}})
    PaintDashed(p, from, to, colour, t, dash);
}

void PaintCoreRegion(const Painter& p, const SliceLayout::CoreRegion& region) {
  PaintCoreOutline(p, region.rect, region.core);
  const ImVec2 at = p.At(region.label.pos);
  const ImVec2 size = ImGui::CalcTextSize(region.label.text.c_str());
  const float pad = 0.15f * p.line_height;
  p.dl->AddRectFilled({at.x - pad, at.y - 0.5f * pad}, {at.x + size.x + pad, at.y + size.y + 0.5f * pad},
                      palette::Active().window);
  ui::DrawText(p.dl, at, palette::Active().text, region.label.text.c_str());
}

}  // namespace tilewalk::views::grid_paint
