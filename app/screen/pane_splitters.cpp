#include "app/screen/pane_splitters.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "app/views/tour_palette.hpp"

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

// What says "drag me": a pill in the middle of the border, three lines long, in the outline colour; brighter
// under the pointer, and the whole border lit while held.
void DrawGrip(const Handle& h, ImVec2 size, bool hovered, bool held) {
  const views::palette::Colours& colours = views::palette::Active();
  const bool vertical = h.along == Along::Vertical;
  const ImVec2 at = ImGui::GetItemRectMin();
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float line = ImGui::GetTextLineHeight();
  const float width = std::max(3.0f, std::floor((vertical ? size.x : size.y) * 0.5f));
  const ImU32 colour = held ? colours.text_strong : hovered ? colours.text : colours.edge;
  if (held) {
    const ImVec2 mid{at.x + size.x * 0.5f, at.y + size.y * 0.5f};
    draw->AddLine(vertical ? ImVec2(mid.x, at.y) : ImVec2(at.x, mid.y),
                  vertical ? ImVec2(mid.x, at.y + size.y) : ImVec2(at.x + size.x, mid.y), colours.edge, 1.0f);
  }
  const float length = std::min(3.0f * line, vertical ? size.y : size.x);
  const ImVec2 centre{at.x + size.x * 0.5f, at.y + size.y * 0.5f};
  const ImVec2 half = vertical ? ImVec2(width * 0.5f, length * 0.5f) : ImVec2(length * 0.5f, width * 0.5f);
  draw->AddRectFilled({centre.x - half.x, centre.y - half.y}, {centre.x + half.x, centre.y + half.y}, colour,
                      width * 0.5f);
}

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
    const bool hovered = ImGui::IsItemHovered();
    if (hovered || held)
      ImGui::SetMouseCursor(vertical ? ImGuiMouseCursor_ResizeEW : ImGuiMouseCursor_ResizeNS);
    // The share follows the pointer while the handle is held; a drag quicker than a frame is held for a frame
    // where it was let go (the window's mouse replay), so it lands there too.
    if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) {
      *h.share = 0.0f;
    } else if (held && h.extent > 0.0f) {
      const ImVec2 mouse = ImGui::GetIO().MousePos;
      const float before = ((vertical ? mouse.x : mouse.y) - h.from) / h.extent;
      *h.share = ClampSplit(h.from_end ? 1.0f - before : before);
    }
    DrawGrip(h, size, hovered, held);
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
