// The palette's themes: names round-trip and nothing else parses; in every theme the text and the current
// mark read against what they sit on (WCAG contrast); print is greys only and asks for patterns.
#include <doctest/doctest.h>

#include <cmath>
#include <utility>
#include <vector>

#include "app/views/tour_palette.hpp"

namespace tilewalk::views::palette {
namespace {

constexpr Theme kThemes[] = {Theme::Dark, Theme::Light, Theme::Print};

double Channel(unsigned value) {
  const double c = value / 255.0;
  return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double Luminance(ImU32 colour) {
  return 0.2126 * Channel((colour >> IM_COL32_R_SHIFT) & 0xFF) +
         0.7152 * Channel((colour >> IM_COL32_G_SHIFT) & 0xFF) +
         0.0722 * Channel((colour >> IM_COL32_B_SHIFT) & 0xFF);
}

double Contrast(ImU32 a, ImU32 b) {
  const double la = Luminance(a), lb = Luminance(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

}  // namespace

TEST_CASE("palette: theme names round-trip, and nothing else parses") {
  for (const Theme theme : kThemes) CHECK(ParseTheme(ThemeName(theme)) == theme);
  CHECK_FALSE(ParseTheme("sepia"));
  CHECK_FALSE(ParseTheme("Dark"));
  CHECK_FALSE(ParseTheme(""));
  CHECK(ThemeNames() == "dark, light or print");
}

TEST_CASE("palette: in every theme, text and the current mark read against their ground") {
  for (const Theme theme : kThemes) {
    CAPTURE(ThemeName(theme));
    const Colours& c = Table(theme);
    // Dark's ground is ImGui's own near-black, which the table's window colour matches.
    CHECK(Contrast(c.text, c.window) >= 7.0);
    CHECK(Contrast(c.text_dim, c.window) >= 4.5);
    // The question, and the executing statement named in the status line.
    CHECK(Contrast(c.question, c.window) >= 4.5);
    CHECK(Contrast(c.executing_edge, c.window) >= 3.0);
    // "last copy", "lanes alike", a redirect note, "lanes differ": the copy hues as text.
    CHECK(Contrast(c.issued_text, c.window) >= 4.5);
    CHECK(Contrast(c.skipped_text, c.window) >= 4.5);
    CHECK(Contrast(c.on_current, c.current) >= 4.5);
    CHECK(Contrast(c.on_executing, c.executing) >= 7.0);  // the lit line's code reads as well as any
    CHECK(Contrast(c.on_question, c.question) >= 4.5);
    CHECK(Contrast(c.on_selected, c.selected) >= 4.5);
    CHECK(Contrast(c.on_light, c.ran_fill) >= 4.5);
    CHECK(Contrast(c.on_error, c.error) >= 3.0);
  }
}

// Print is left out: its light greys carry a pattern each (meaning_fill_test.cpp), which is what reads there.
TEST_CASE("palette: in light, every mark stands 3:1 against white (WCAG's floor for graphics)") {
  {
    const Colours& c = Table(Theme::Light);
    const std::pair<const char*, ImU32> marks[] = {
        {"current", c.current},     {"executing_edge", c.executing_edge},
        {"slot", c.slot},           {"question", c.question},
        {"passage", c.passage},     {"issued", c.issued},
        {"skipped", c.skipped},     {"skipped_step", c.skipped_step},
        {"writeback", c.writeback}, {"error", c.error},
        {"in_vmem", c.in_vmem},     {"idle_step", c.idle_step},
        {"ran_fill", c.ran_fill},   {"edge", c.edge}};
    for (const auto& [name, colour] : marks) {
      CAPTURE(name);
      CAPTURE(colour);
      CHECK(Contrast(colour, c.window) >= 3.0);
    }
  }
}

TEST_CASE("palette: the copy hues as text are the fills on dark, deepened on light, black in print") {
  const Colours &dark = Table(Theme::Dark), &light = Table(Theme::Light), &print = Table(Theme::Print);
  CHECK(dark.issued_text == dark.issued);
  CHECK(dark.skipped_text == dark.skipped);
  CHECK(Luminance(light.issued_text) < Luminance(light.issued));
  CHECK(Luminance(light.skipped_text) < Luminance(light.skipped));
  CHECK(print.issued_text == print.text);
  CHECK(print.skipped_text == print.text);
}

TEST_CASE("palette: print is greys only and asks for patterns, the others do not") {
  const Colours& print = Table(Theme::Print);
  CHECK(print.patterns);
  CHECK_FALSE(Table(Theme::Dark).patterns);
  CHECK_FALSE(Table(Theme::Light).patterns);
  const std::vector<ImU32> meaningful = {print.current,   print.issued,  print.skipped,  print.skipped_step,
                                         print.writeback, print.error,   print.ran_fill, print.pending_fill,
                                         print.text,      print.passage, print.in_vmem,  print.idle_step};
  for (const ImU32 colour : meaningful) {
    CAPTURE(colour);
    const unsigned r = (colour >> IM_COL32_R_SHIFT) & 0xFF, g = (colour >> IM_COL32_G_SHIFT) & 0xFF,
                   b = (colour >> IM_COL32_B_SHIFT) & 0xFF;
    CHECK(r == g);
    CHECK(g == b);
  }
}

TEST_CASE("palette: the active theme is the one last set") {
  SetTheme(Theme::Light);
  CHECK(ActiveTheme() == Theme::Light);
  CHECK(&Active() == &Table(Theme::Light));
  SetTheme(Theme::Dark);
  CHECK(&Active() == &Table(Theme::Dark));
}

}  // namespace tilewalk::views::palette
