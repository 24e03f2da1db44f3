#include "app/gui/imgui_setup.hpp"

#include <imgui.h>

#include <filesystem>

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

// libimgui.a is built with assertions on, so a missing TTF would abort the process: check first.
void LoadFont(const ImGuiLook& look, std::ostream& warnings) {
  ImGuiIO& io = ImGui::GetIO();
  std::error_code ignored;
  if (std::filesystem::is_regular_file(look.font_path, ignored)) {
    io.Fonts->AddFontFromFileTTF(look.font_path.c_str(), look.font_pixels * look.pixel_density, nullptr, kTextRanges);
    io.FontGlobalScale = 1.0f / look.pixel_density;
    return;
  }
  warnings << "tilewalk: warning: font " << look.font_path
           << " not found (install fonts-dejavu-core); using ImGui's small built-in font.\n";
  io.Fonts->AddFontDefault();
}

void SetUpStyle(float font_pixels) {
  ImGui::StyleColorsDark();
  ImGuiStyle& style = ImGui::GetStyle();
  style.WindowRounding = 0.0f;
  style.FrameRounding = 2.0f;
  // ImGui's spacing is tuned for its 13 px font; grow it with ours so that the layout does not look cramped.
  style.ScaleAllSizes(font_pixels / 16.0f);
}

}  // namespace

void SetUpImGui(const ImGuiLook& look, std::ostream& warnings) {
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;
  if (look.ignore_mouse) io.ConfigFlags |= ImGuiConfigFlags_NoMouse;
  SetUpStyle(look.font_pixels);
  LoadFont(look, warnings);
}

}  // namespace tilewalk::app
