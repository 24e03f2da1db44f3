#include "app/views/text_fonts.hpp"

namespace tilewalk::views {

TextFonts CurrentTextFonts() {
  const ImFontAtlas* atlas = ImGui::GetIO().Fonts;
  if (atlas->Fonts.Size <= kTitleFontIndex) return {};
  return {.prose = atlas->Fonts[kProseFontIndex], .title = atlas->Fonts[kTitleFontIndex]};
}

}  // namespace tilewalk::views
