// The colours the tour panes share, chosen for a projector: a dark background, text well above it, and two
// things brighter than everything else — the executing line and the current grid cell, both in the grid
// view's "current" yellow with dark ink on top. One table, so that the panes agree on what a colour means.
#pragma once

#include <imgui.h>

namespace tilewalk::views::palette {

inline constexpr ImU32 kCurrent = IM_COL32(0xF0, 0xE4, 0x42, 0xFF);      // executing line, current cell
inline constexpr ImU32 kOnCurrent = IM_COL32(0x10, 0x14, 0x18, 0xFF);    // ink on kCurrent
inline constexpr ImU32 kPassage = IM_COL32(0x56, 0xB4, 0xE9, 0xFF);      // the passage's lines (margin)
inline constexpr ImU32 kPassageWash = IM_COL32(0x56, 0xB4, 0xE9, 0x22);  // behind the passage's lines
inline constexpr ImU32 kText = IM_COL32(0xE4, 0xE6, 0xEA, 0xFF);
inline constexpr ImU32 kTextDim = IM_COL32(0x9A, 0xA0, 0xAC, 0xFF);
inline constexpr ImU32 kKeyword = IM_COL32(0xCC, 0x99, 0xFF, 0xFF);
inline constexpr ImU32 kString = IM_COL32(0x9C, 0xD8, 0x7A, 0xFF);
inline constexpr ImU32 kComment = IM_COL32(0x84, 0x8C, 0x98, 0xFF);
inline constexpr ImU32 kNumber = IM_COL32(0xF0, 0xA8, 0x6A, 0xFF);
inline constexpr ImU32 kPreprocessor = IM_COL32(0xE0, 0x80, 0x90, 0xFF);
inline constexpr ImU32 kIssued = IM_COL32(0x00, 0x9E, 0x73, 0xFF);       // a copy that moved bytes
inline constexpr ImU32 kSkipped = IM_COL32(0xE6, 0x9F, 0x00, 0xFF);      // skipped copies and steps
inline constexpr ImU32 kSkippedStep = IM_COL32(0xD5, 0x5E, 0x00, 0xFF);  // a grid step with no arithmetic
inline constexpr ImU32 kWriteback = IM_COL32(0xCC, 0x79, 0xA7, 0xFF);
inline constexpr ImU32 kError = IM_COL32(0xFF, 0x55, 0x44, 0xFF);
inline constexpr ImU32 kOnError = IM_COL32(0xFF, 0xFF, 0xFF, 0xFF);  // ink on kError
inline constexpr ImU32 kPanel = IM_COL32(0x22, 0x26, 0x2E, 0xFF);
inline constexpr ImU32 kEdge = IM_COL32(0x6E, 0x77, 0x88, 0xFF);

inline ImVec4 Vec(ImU32 colour) {
  return ImGui::ColorConvertU32ToFloat4(colour);
}

}  // namespace tilewalk::views::palette
