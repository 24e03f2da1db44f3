#include "app/views/compare_view.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/views/compare_layout.hpp"

namespace tilewalk::views {

void DrawCompareView(const ComparePicture& picture) {
  const CompareLayout layout = LayOutComparison(picture);
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 room = ImGui::GetContentRegionAvail();
  const float scale = std::max(
      0.1f, std::min(room.x / static_cast<float>(layout.width), room.y / static_cast<float>(layout.height)));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  ImFont* font = ImGui::GetFont();
  const auto at = [&](double x, double y) {
    return ImVec2(origin.x + static_cast<float>(x) * scale, origin.y + static_cast<float>(y) * scale);
  };
  for (const CompareMark& m : layout.marks) {
    if (m.kind == CompareMark::Kind::Cell) {
      if (const ImU32 fill = CompareCellFill(m.cell))
        draw->AddRectFilled(at(m.x, m.y), at(m.x + m.w, m.y + m.h), fill);
      const float inset = static_cast<float>(kCompareCellEdgeWidth) * scale / 2;
      if (const ImU32 edge = CompareCellEdge(m.cell))
        draw->AddRect(ImVec2(at(m.x, m.y).x + inset, at(m.x, m.y).y + inset),
                      ImVec2(at(m.x + m.w, m.y + m.h).x - inset, at(m.x + m.w, m.y + m.h).y - inset), edge, 0,
                      0, static_cast<float>(kCompareCellEdgeWidth) * scale);
      continue;
    }
    const float size = static_cast<float>(m.h) * scale;
    ImVec2 pos = at(m.x, m.y);
    if (m.right_aligned) pos.x -= font->CalcTextSizeA(size, FLT_MAX, 0, m.text.c_str()).x;
    const ImU32 colour = CompareToneColour(m.tone);
    draw->AddText(font, size, pos, colour, m.text.c_str());
    if (m.bold)
      draw->AddText(font, size, ImVec2(pos.x + std::max(1.0f, scale), pos.y), colour, m.text.c_str());
  }
  ImGui::Dummy(ImVec2(static_cast<float>(layout.width) * scale, static_cast<float>(layout.height) * scale));
}

}  // namespace tilewalk::views
