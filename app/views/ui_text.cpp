#include "app/views/ui_text.hpp"

#include <imgui_internal.h>

#include <cstdarg>

#include "app/views/drawn_probe.hpp"

namespace tilewalk::views::ui {
namespace {

constexpr std::size_t kExcerpt = 60;

void NoteClipped(std::string entry) {
  if (Drawn* drawn = DrawnProbe()) drawn->clipped.push_back(std::move(entry));
}

// The part of a label ImGui shows: up to "##".
std::string_view Shown(std::string_view label) {
  return label.substr(0, label.find("##"));
}

// The pane a window belongs to, as its title bar's stable id says ("Passage: ...###Passage" is "Passage").
std::string PaneOf(const ImGuiWindow* window) {
  const std::string_view name = window->RootWindow != nullptr ? window->RootWindow->Name : window->Name;
  const std::size_t id = name.find("###");
  return std::string(id != std::string_view::npos ? name.substr(id + 3) : Shown(name));
}

std::string Excerpt(std::string_view text) {
  std::string out;
  for (char c : text.substr(0, kExcerpt)) out += c == '\n' ? ' ' : c;
  return text.size() > kExcerpt ? out + "..." : out;
}

// Keeps `text` among the frame's drawn texts when the probe asks for them.
void NoteShown(std::string_view text) {
  if (Drawn* drawn = DrawnProbe(); drawn != nullptr && drawn->keep_shown && !text.empty())
    drawn->shown.emplace_back(text);
}

// Notes `text`, drawn in [min, max), when an edge of the window's visible rectangle cuts it along an axis the
// window cannot scroll. Text wholly outside is not drawn at all: scrolled away, not cut.
void Check(std::string_view text, ImVec2 min, ImVec2 max) {
  if (DrawnProbe() == nullptr || text.empty()) return;
  NoteShown(text);
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  const ImRect& clip = window->ClipRect;
  if (max.x <= clip.Min.x || min.x >= clip.Max.x || max.y <= clip.Min.y || min.y >= clip.Max.y) return;
  constexpr float kSlack = 1.0f;  // antialiasing and rounding
  const bool cut_x = (min.x < clip.Min.x - kSlack || max.x > clip.Max.x + kSlack) && !window->ScrollbarX;
  const bool cut_y = (min.y < clip.Min.y - kSlack || max.y > clip.Max.y + kSlack) && !window->ScrollbarY;
  if (cut_x || cut_y) NoteClipped(PaneOf(window) + ": " + Excerpt(text));
}

// Whether `shown` is wider than a frame `width` wide leaves it, its padding taken off: ImGui cuts it then.
bool CutInFrame(std::string_view shown, float width) {
  const float needed = ImGui::CalcTextSize(shown.data(), shown.data() + shown.size()).x;
  return needed > width - 2.0f * ImGui::GetStyle().FramePadding.x + 1.0f;
}

void CheckLastItem(std::string_view text) {
  Check(text, ImGui::GetItemRectMin(), ImGui::GetItemRectMax());
}

// The text ImGui::Text*V would show, formatted once: drawn unformatted, then checked.
void FormattedV(const char* fmt, va_list args) {
  char buffer[1024];
  ImFormatStringV(buffer, sizeof buffer, fmt, args);
  ImGui::TextUnformatted(buffer);
  CheckLastItem(buffer);
}

}  // namespace

void Text(const char* fmt, ...) {
  va_list args;
  va_start(args, fmt);
  FormattedV(fmt, args);
  va_end(args);
}

void TextColored(const ImVec4& colour, const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, colour);
  va_list args;
  va_start(args, fmt);
  FormattedV(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void TextDisabled(const char* fmt, ...) {
  ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
  va_list args;
  va_start(args, fmt);
  FormattedV(fmt, args);
  va_end(args);
  ImGui::PopStyleColor();
}

void TextWrapped(const char* fmt, ...) {
  const bool wrap = ImGui::GetCurrentWindow()->DC.TextWrapPos < 0.0f;
  if (wrap) ImGui::PushTextWrapPos(0.0f);
  va_list args;
  va_start(args, fmt);
  FormattedV(fmt, args);
  va_end(args);
  if (wrap) ImGui::PopTextWrapPos();
}

void TextUnformatted(std::string_view text) {
  ImGui::TextUnformatted(text.data(), text.data() + text.size());
  CheckLastItem(text);
}

bool Button(const char* label, const ImVec2& size) {
  const bool pressed = ImGui::Button(label, size);
  // The label is cut to the button's frame when the button is narrower than it.
  const std::string_view shown = Shown(label);
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  if (DrawnProbe() != nullptr && CutInFrame(shown, max.x - min.x) && ImGui::IsRectVisible(min, max)) {
    NoteShown(shown);
    NoteClipped(PaneOf(ImGui::GetCurrentWindow()) + ": button " + Excerpt(shown));
  } else {
    Check(shown, min, max);
  }
  return pressed;
}

bool BeginTabItem(const char* label, bool* open, ImGuiTabItemFlags flags) {
  const bool selected = ImGui::BeginTabItem(label, open, flags);
  const std::string_view shown = Shown(label);
  // A tab squeezed by its bar shows its label cut; the tab's rectangle is the last item of the bar.
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  NoteShown(shown);
  if (DrawnProbe() != nullptr && CutInFrame(shown, max.x - min.x))
    NoteClipped(PaneOf(ImGui::GetCurrentWindow()) + ": tab " + Excerpt(shown));
  return selected;
}

void DrawText(ImDrawList* draw, const ImVec2& pos, ImU32 colour, std::string_view text) {
  draw->AddText(pos, colour, text.data(), text.data() + text.size());
  if (DrawnProbe() == nullptr) return;
  const ImVec2 size = ImGui::CalcTextSize(text.data(), text.data() + text.size());
  Check(text, pos, ImVec2(pos.x + size.x, pos.y + size.y));
}

bool FitsBeside(std::string_view next) {
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float right = ImGui::GetItemRectMax().x + spacing;
  const float edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
  return right + ImGui::CalcTextSize(next.data(), next.data() + next.size()).x <= edge;
}

void SameLineIfFits(std::string_view next) {
  if (FitsBeside(next)) ImGui::SameLine();
}

bool LastItemInView() {
  const ImRect& clip = ImGui::GetCurrentWindow()->ClipRect;
  const ImVec2 min = ImGui::GetItemRectMin(), max = ImGui::GetItemRectMax();
  return min.x >= clip.Min.x - 1.0f && min.y >= clip.Min.y - 1.0f && max.x <= clip.Max.x + 1.0f &&
         max.y <= clip.Max.y + 1.0f;
}

void NoteTitle(const char* title) {
  if (DrawnProbe() == nullptr) return;
  const ImGuiWindow* window = ImGui::GetCurrentWindow();
  if (window->Flags & ImGuiWindowFlags_NoTitleBar) return;
  const std::string_view shown = Shown(title);
  NoteShown(shown);
  if (CutInFrame(shown, window->TitleBarRect().GetWidth()))
    NoteClipped(PaneOf(window) + ": title " + Excerpt(shown));
}

}  // namespace tilewalk::views::ui
