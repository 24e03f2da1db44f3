// The ImGui context's look, shared by the window and by headless export so that both draw the same
// pixels: the app's fonts (DejaVu Sans Mono for code, DejaVu Sans for prose, with the characters the
// passages use) and its style, scaled with the font. No ini file is written: the layout is set in code.
#pragma once

#include <ostream>
#include <string>

#include "app/views/tour_palette.hpp"

namespace tilewalk::app {

inline constexpr const char* kDefaultFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf";
inline constexpr const char* kProseFontPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf";
// A stop's title is this much larger than body text.
inline constexpr float kTitleTextScale = 1.3f;

// The font size for a window height at a desk: about 54 lines of text fill the screen, so 17 px at 900 and
// 20 px at 1080.
inline float FontPixelsForHeight(int height) {
  const float pixels = static_cast<float>(height) / 54.0f;
  return pixels < 14.0f ? 14.0f
                        : (pixels > 40.0f ? 40.0f : static_cast<float>(static_cast<int>(pixels + 0.5f)));
}

// The font size for a window height on a projector (classroom mode): readable from the back of a room,
// about 37 lines a screen, so 19 px at 720, 29 px at 1080 and 58 px at 2160.
inline float ClassroomFontPixels(int height) {
  const float pixels = static_cast<float>(height) / 37.5f;
  return pixels < 16.0f ? 16.0f
                        : (pixels > 64.0f ? 64.0f : static_cast<float>(static_cast<int>(pixels + 0.5f)));
}

struct ImGuiLook {
  std::string font_path = kDefaultFontPath;      // monospace: the code views measure text by character count
  std::string prose_font_path = kProseFontPath;  // proportional: narration and passages (views/text_fonts)
  float font_pixels = 20.0f;                     // in layout units
  float pixel_density = 1.0f;  // framebuffer pixels per layout unit: the font is rasterised this
                               // much larger and drawn scaled back, so text stays crisp
  bool ignore_mouse = false;   // a screenshot must not show hover effects of a stray pointer
  bool classroom = false;      // high contrast for a projector: white on near-black, strong
                               // title bars, thick borders, roomier frames
  views::palette::Theme theme = views::palette::Theme::Dark;  // the panes' colours and ImGui's, together
};

// The font size for a window `height` pixels tall, in classroom mode or not, times the user's text scale
// (Ctrl +/-), rounded to whole pixels so that the atlas is rebuilt only when the size really changes.
inline float LookFontPixels(int height, bool classroom, float text_scale) {
  const float pixels = (classroom ? ClassroomFontPixels(height) : FontPixelsForHeight(height)) * text_scale;
  return static_cast<float>(static_cast<int>(pixels + 0.5f));
}

// Sets up the current ImGui context, and makes `look.theme` the palette's active theme. A missing font is a
// warning on `warnings` (ImGui's small built-in font is used), never an abort.
void SetUpImGui(const ImGuiLook& look, std::ostream& warnings);

// Between frames: the style and the font atlas again, for a new look (classroom mode, a new text size): the
// font is rasterised at the new size, not scaled, so that text stays crisp. The renderer must upload the
// atlas again afterwards (GuiWindow::SetLook does both).
void RestyleImGui(const ImGuiLook& look, std::ostream& warnings);

}  // namespace tilewalk::app
