#include "app/screen/imgui_setup.hpp"

#include <imgui.h>

#include <cmath>
#include <cstring>

#include "base/bounded_read.hpp"
#include "base/os_error.hpp"

namespace tilewalk::app {
namespace {

// The passages and narration use a few characters past Latin-1: Greek (Σ), the modifier letter ᵀ (kᵀ),
// dashes, arrows and maths operators (−, ≤, ≠). Without these ranges ImGui draws them as '?'. The array
// must outlive the atlas build, hence static storage.
constexpr ImWchar kTextRanges[] = {
    0x0020, 0x00FF,  // Basic Latin, Latin-1
    0x0370, 0x03FF,  // Greek
    0x1D00, 0x1DBF,  // phonetic extensions: superscript letters such as ᵀ
    0x2000, 0x209F,  // punctuation (dashes, ellipsis), superscripts and subscripts
    0x2190, 0x22FF,  // arrows, mathematical operators
    0x25A0, 0x25FF,  // geometric shapes
    0,
};

// A font is read with the bounded reader (a regular file, at most base::kFontFileCap) and handed to ImGui
// from memory: libimgui.a is built with assertions on, so a TTF it cannot open would abort the process.
// False, with a warning, when the file cannot be used.
bool AddFont(const std::string& path, float pixels, std::ostream& warnings) {
  const auto font = base::ReadTextFile(path, base::kFontFileCap);
  if (!font || font->empty()) {
    warnings << "tilewalk: warning: "
             << (font ? "the font " + base::Quote(path) + " is empty" : font.error().message)
             << " (install fonts-dejavu-core); using ImGui's small built-in font.\n";
    return false;
  }
  void* bytes = IM_ALLOC(font->size());  // the atlas owns it and frees it with IM_FREE
  std::memcpy(bytes, font->data(), font->size());
  ImGui::GetIO().Fonts->AddFontFromMemoryTTF(bytes, static_cast<int>(font->size()), pixels, nullptr,
                                             kTextRanges);
  return true;
}

// The atlas in the order views/text_fonts.hpp reads it: code, prose, title. Without the code font, ImGui's
// built-in font alone; without the prose font, prose stays in the code font.
void LoadFonts(const ImGuiLook& look, std::ostream& warnings) {
  ImGuiIO& io = ImGui::GetIO();
  const float pixels = look.font_pixels * look.pixel_density;
  if (!AddFont(look.font_path, pixels, warnings)) {
    io.Fonts->AddFontDefault();
    return;
  }
  io.FontGlobalScale = 1.0f / look.pixel_density;
  if (AddFont(look.prose_font_path, pixels, warnings))
    AddFont(look.prose_font_path, std::round(pixels * kTitleTextScale), warnings);
}

// White on near-black, title bars in a strong blue with room around their text, and borders that survive a
// projector's blur.
void ClassroomColours(ImGuiStyle& style) {
  ImVec4* c = style.Colors;
  const ImVec4 ink{1.0f, 1.0f, 1.0f, 1.0f}, ground{0.02f, 0.02f, 0.03f, 1.0f},
      accent{0.10f, 0.32f, 0.78f, 1.0f};
  c[ImGuiCol_Text] = ink;
  c[ImGuiCol_TextDisabled] = ImVec4(0.80f, 0.82f, 0.86f, 1.0f);
  c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = ground;
  c[ImGuiCol_PopupBg] = ImVec4(0.06f, 0.06f, 0.08f, 1.0f);
  c[ImGuiCol_Border] = ImVec4(0.85f, 0.85f, 0.90f, 1.0f);
  c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBgCollapsed] = accent;
  c[ImGuiCol_MenuBarBg] = ImVec4(0.08f, 0.08f, 0.10f, 1.0f);
  c[ImGuiCol_Tab] = ImVec4(0.14f, 0.18f, 0.28f, 1.0f);
  c[ImGuiCol_TabActive] = c[ImGuiCol_TabHovered] = accent;
  c[ImGuiCol_Button] = ImVec4(0.16f, 0.24f, 0.44f, 1.0f);
  c[ImGuiCol_FrameBg] = ImVec4(0.14f, 0.16f, 0.22f, 1.0f);
}

// Light and print: ImGui's light style with the ground, ink and edges of the palette's table, and title
// bars a step off the ground so that a pane's name still reads as its heading.
void PaperColours(ImGuiStyle& style, const views::palette::Colours& colours) {
  using views::palette::Vec;
  ImGui::StyleColorsLight(&style);
  ImVec4* c = style.Colors;
  c[ImGuiCol_Text] = Vec(colours.text);
  c[ImGuiCol_TextDisabled] = Vec(colours.text_dim);
  c[ImGuiCol_WindowBg] = c[ImGuiCol_ChildBg] = c[ImGuiCol_PopupBg] = Vec(colours.window);
  c[ImGuiCol_Border] = Vec(colours.edge);
  c[ImGuiCol_TitleBg] = c[ImGuiCol_TitleBgActive] = c[ImGuiCol_TitleBgCollapsed] = Vec(colours.panel);
  c[ImGuiCol_FrameBg] = Vec(colours.panel);
  if (!colours.patterns) return;
  // Print: every colour of the chrome as the grey of its luminance, so that nothing relies on hue.
  for (int i = 0; i < ImGuiCol_COUNT; ++i) {
    const float grey = 0.2126f * c[i].x + 0.7152f * c[i].y + 0.0722f * c[i].z;
    c[i] = ImVec4(grey, grey, grey, c[i].w);
  }
}

void SetUpStyle(const ImGuiLook& look) {
  views::palette::SetTheme(look.theme);
  ImGui::GetStyle() = ImGuiStyle();
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  if (look.theme != views::palette::Theme::Dark) PaperColours(style, views::palette::Active());
  style.WindowRounding = 0.0f;
  style.FrameRounding = 2.0f;
  if (look.classroom && look.theme == views::palette::Theme::Dark) ClassroomColours(style);
  if (look.classroom) {
    style.WindowBorderSize = 2.0f;
    style.FrameBorderSize = 1.0f;
    style.FramePadding = ImVec2(5.0f, 5.0f);  // taller title bars and buttons, before scaling
  }
  // Tooltips, menus and popups are opaque: on a projector the pane behind must not read through them.
  style.Colors[ImGuiCol_PopupBg].w = 1.0f;
  // Child regions draw no ground of their own: the frame is cleared to the window colour already, and a
  // software rasteriser pays for every pixel filled again (a classroom frame filled 2.4 Mpx, not 0.9).
  style.Colors[ImGuiCol_ChildBg].w = 0.0f;
  // ImGui's spacing is tuned for its 13 px font; grow it with ours so that the layout does not look cramped.
  style.ScaleAllSizes(look.font_pixels / 16.0f);
}

}  // namespace

void SetUpImGui(const ImGuiLook& look, std::ostream& warnings) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  if (look.ignore_mouse) io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
  RestyleImGui(look, warnings);
}

void RestyleImGui(const ImGuiLook& look, std::ostream& warnings) {
  SetUpStyle(look);
  ImGui::GetIO().Fonts->Clear();
  LoadFonts(look, warnings);
}

}  // namespace tilewalk::app
