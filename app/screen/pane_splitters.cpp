#include "app/screen/pane_splitters.hpp"

#include <imgui.h>

#include <string>

namespace tilewalk::app {
namespace {

enum class Along { Vertical, Horizontal };  // a vertical border is dragged left and right

struct Handle {
  const char* id;
  Along along;
  float x, y, length;  // the border's start and length
  float from, extent;  // the span the share is measured over (x or y, and its size)
  float* share;
  bool from_end = false;  // the share is of the pane after the border (classroom's passage, under the source)
};

constexpr ImGuiWindowFlags kHandleFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoBackground |
                                          ImGuiWindowFlags_NoSavedSettings |
                                          ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav;

bool DrawHandle(const Handle& h) {
  const float thickness = ImGui::GetStyle().ItemSpacing.x;  // grows with the font
  const bool vertical = h.along == Along::Vertical;
  const ImVec2 size = vertical ? ImVec2(thickness, h.length) : ImVec2(h.length, thickness);
  ImGui::SetNextWindowPos(vertical ? ImVec2(h.x - thickness * 0.5f, h.y)
                                   : ImVec2(h.x, h.y - thickness * 0.5f));
  ImGui::SetNextWindowSize(size);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowMinSize, ImVec2(1, 1));
  bool held = false;
  if (ImGui::Begin(h.id, nullptr, kHandleFlags)) {
    ImGui::InvisibleButton("handle", size);
    held = ImGui::IsItemActive();
    if (ImGui::IsItemHovered() || held)
      ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
    if (ImGui::IsItemHovered() && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      *h.share = 0.0f;
    } else if (held && h.extent > 0.0f) {
      const ImVec2 mouse = ImGui::GetIO().MousePos;
      const float before = ((vertical ? mouse.x : mouse.y) - h.from) / h.extent;
      *h.share = ClampSplit(h.from_end ? 1.0f - before : before);
    }
  }
  ImGui::End();
  ImGui::PopStyleVar(2);
  return held;
}

}  // namespace

bool DrawPaneSplitters(const LayoutInput& area, const TourLayout& l, LayoutSplits& splits) {
  const float top_h = l.timeline ? l.timeline->y - area.y : area.height;
  bool held = false;
  if (!area.classroom) {
    if (l.source && l.passage)
      held |= DrawHandle({"##split source", Along::Vertical, l.passage->x, area.y, top_h, area.x, area.width,
                          &splits.source});
    if (l.passage && (l.grid || l.detail))
      held |=
          DrawHandle({"##split passage", Along::Horizontal, l.passage->x, l.passage->y + l.passage->height,
                      l.passage->width, area.y, top_h, &splits.passage});
    if (l.grid && l.detail)
      held |= DrawHandle({"##split grid", Along::Vertical, l.detail->x, l.detail->y, l.detail->height,
                          l.grid->x, l.grid->width + l.detail->width, &splits.grid});
    return held;
  }
  const PaneRect* left = l.passage ? &*l.passage : (l.source ? &*l.source : nullptr);
  const PaneRect* right = l.grid ? &*l.grid : (l.detail ? &*l.detail : nullptr);
  if (left && right)
    held |= DrawHandle(
        {"##split source", Along::Vertical, right->x, area.y, top_h, area.x, area.width, &splits.source});
  if (l.source && l.passage)
    held |= DrawHandle({"##split passage", Along::Horizontal, l.passage->x, l.passage->y, l.passage->width,
                        area.y, top_h, &splits.passage, true});
  if (l.grid && l.detail)
    held |= DrawHandle({"##split grid", Along::Horizontal, l.detail->x, l.detail->y, l.detail->width, area.y,
                        top_h, &splits.grid});
  return held;
}

}  // namespace tilewalk::app
