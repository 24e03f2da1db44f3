// The fonts prose is set in. Code stays in the context's default font (DejaVu Sans Mono: the code views
// measure text by character count); narration and passages read better in a proportional face, and a
// stop's title is larger than its body. The atlas holds them in a fixed order, the one app/screen/imgui_setup
// loads them in: the default (code) font first, then prose, then the title font. With fewer fonts (a
// headless test's built-in font, a missing font file) prose falls back to the default font.
#pragma once

#include <imgui.h>

namespace tilewalk::views {

struct TextFonts {
  ImFont* prose = nullptr;  // DejaVu Sans at the body size
  ImFont* title = nullptr;  // DejaVu Sans, larger: a stop's title
};

// The current context's prose fonts, read from its atlas each time (nothing outlives the context).
TextFonts CurrentTextFonts();
inline constexpr int kProseFontIndex = 1, kTitleFontIndex = 2;

// Pushes `font` for the scope, or nothing when it is null (the default font stays).
class ScopedFont {
 public:
  explicit ScopedFont(ImFont* font) : m_pushed(font != nullptr) {
    if (m_pushed) ImGui::PushFont(font);
  }
  ~ScopedFont() {
    if (m_pushed) ImGui::PopFont();
  }
  ScopedFont(const ScopedFont&) = delete;
  ScopedFont& operator=(const ScopedFont&) = delete;

 private:
  bool m_pushed;
};

}  // namespace tilewalk::views
