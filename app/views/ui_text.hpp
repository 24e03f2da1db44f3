// Text as the panes draw it: ImGui's text calls and draw-list text, each followed by a look at the
// rectangle it took against the rectangle its window shows. A text cut by an edge the reader cannot scroll
// past is noted, with its window, in the drawn probe (drawn_probe.hpp) while one is set: the layout report
// lists them, built from what was drawn rather than from what the layout meant. Without a probe the calls
// cost what ImGui's do.
#pragma once

#include <imgui.h>

#include <string>
#include <string_view>
#include <vector>

namespace tilewalk::views::ui {

void Text(const char* fmt, ...) IM_FMTARGS(1);
void TextColored(const ImVec4& colour, const char* fmt, ...) IM_FMTARGS(2);
void TextDisabled(const char* fmt, ...) IM_FMTARGS(1);
void TextWrapped(const char* fmt, ...) IM_FMTARGS(1);
void TextUnformatted(std::string_view text);
bool Button(const char* label, const ImVec2& size = ImVec2(0, 0));
bool BeginTabItem(const char* label, bool* open = nullptr, ImGuiTabItemFlags flags = 0);
// Draw-list text at `pos`, in the current window.
void DrawText(ImDrawList* draw, const ImVec2& pos, ImU32 colour, std::string_view text);

// A window's title, checked against its title bar: call right after ImGui::Begin.
void NoteTitle(const char* title);

// Whether the last item drawn lies wholly inside its window's visible rectangle.
bool LastItemInView();

// Whether the text `next` fits on this line beside the last item, within the window's content region.
bool FitsBeside(std::string_view next);
// Keeps the next item on this line when `next` fits beside the last one, else lets it start a new line.
void SameLineIfFits(std::string_view next);

}  // namespace tilewalk::views::ui
