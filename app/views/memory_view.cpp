#include "app/views/memory_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <string>
#include <string_view>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

// A slot box is a little taller than a line of text, so that its outline clears the glyphs; no taller,
// because a dK/dV launch has eight inputs to fit in a third of a projected screen.
constexpr float kSlotLines = 1.08f;

// One slot box: the block it holds, the active slot outlined bright, a filling slot with a bar in the
// copy colour along its bottom.
void DrawSlot(const SlotPicture& slot, float width) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float height = ImGui::GetTextLineHeightWithSpacing() * kSlotLines;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 end{at.x + width, at.y + height};
  draw->AddRectFilled(at, end, slot.holds_block ? palette::kPanel : IM_COL32(0x18, 0x1A, 0x20, 0xFF), 3.0f);
  if (slot.filling) {
    draw->AddRectFilled(ImVec2(at.x, end.y - height * 0.22f), end, palette::kIssued, 3.0f);
  }
  const float thickness = slot.active ? 3.0f : 1.0f;
  draw->AddRect(at, end, slot.active ? palette::kCurrent : palette::kEdge, 3.0f, 0, thickness);
  const std::string text = slot.holds_block ? slot.block : "empty";
  const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 text_at{at.x + std::max(4.0f, (width - text_size.x) * 0.5f), at.y + (height - text_size.y) * 0.45f};
  draw->PushClipRect(at, end, true);
  draw->AddText(text_at, slot.holds_block ? palette::kText : palette::kTextDim, text.c_str());
  draw->PopClipRect();
  ImGui::Dummy(ImVec2(width, height));
}

void DrawOperands(const char* heading, const std::vector<OperandPicture>& operands, bool outputs) {
  if (operands.empty()) return;
  ImGui::TextColored(palette::Vec(palette::kTextDim), "%s", heading);
  const float char_width = ImGui::CalcTextSize("M").x;
  std::size_t name_chars = std::string_view(heading).size() + 1;  // the heading shares the slot-label row
  for (const OperandPicture& op : operands) name_chars = std::max(name_chars, op.name.size() + 1);
  const float name_width = char_width * static_cast<float>(name_chars);
  const float tag_width = char_width * 7.0f;  // "reused", "to HBM": the same columns for both tables
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float slot_width = std::max(char_width * 8.0f,
                                    (ImGui::GetContentRegionAvail().x - name_width - tag_width - 3.0f * spacing) * 0.5f);
  ImGui::SameLine(name_width);
  ImGui::TextColored(palette::Vec(palette::kTextDim), "slot 0");
  ImGui::SameLine(name_width + slot_width + spacing);
  ImGui::TextColored(palette::Vec(palette::kTextDim), "slot 1");
  for (const OperandPicture& op : operands) {
    const float row_y = ImGui::GetCursorPosY();
    const float text_dy = (ImGui::GetTextLineHeightWithSpacing() * kSlotLines - ImGui::GetTextLineHeight()) * 0.45f;
    ImGui::SetCursorPosY(row_y + text_dy);
    ImGui::TextUnformatted(op.name.c_str());
    ImGui::SameLine(name_width);
    ImGui::SetCursorPosY(row_y);
    DrawSlot(op.slots[0], slot_width);
    ImGui::SameLine();
    DrawSlot(op.slots[1], slot_width);
    ImGui::SameLine();
    ImGui::SetCursorPosY(row_y + text_dy);
    if (!outputs && op.reused) {
      ImGui::TextColored(palette::Vec(palette::kSkipped), "reused");
    } else if (outputs && op.written_back) {
      ImGui::TextColored(palette::Vec(palette::kWriteback), "to HBM");
    } else {
      ImGui::TextUnformatted(" ");
    }
  }
}

}  // namespace

void DrawMemoryView(const MemoryPicture& picture) {
  ImGui::PushTextWrapPos(0.0f);
  if (picture.copy_in_flight.empty()) {
    ImGui::TextColored(palette::Vec(palette::kTextDim), "no copy yet in this grid step");
  } else {
    ImGui::TextColored(palette::Vec(palette::kIssued), "last copy: %s", picture.copy_in_flight.c_str());
  }
  ImGui::PopTextWrapPos();
  DrawOperands("inputs", picture.inputs, false);
  DrawOperands("outputs", picture.outputs, true);
  if (!picture.scratch.empty()) {
    ImGui::TextColored(palette::Vec(palette::kTextDim), "scratch");
    for (const std::string& s : picture.scratch) ImGui::BulletText("%s", s.c_str());
  }
  // The key last: the slots matter more than the reminder of what their marks mean.
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextColored(palette::Vec(palette::kTextDim), "Yellow outline: the slot this step uses. Green bar: copied in during this step.");
  ImGui::PopTextWrapPos();
}

}  // namespace tilewalk::views
