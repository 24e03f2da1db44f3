// Marks whose colour means something: in print (greys only) each meaning that shares a grey with another
// gets a pattern of its own drawn over the fill; in dark and light the fill alone carries it.
#include <doctest/doctest.h>
#include <imgui.h>

#include <set>
#include <utility>
#include <vector>

#include "app/views/meaning_fill.hpp"
#include "app/views/tour_palette.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::views {
namespace {

// The vertices one 24 px box of `meaning` adds to the draw list, as (count, sum of positions): a cheap
// fingerprint of the geometry drawn.
std::pair<int, float> Fingerprint(HeadlessImGui& imgui, Meaning meaning) {
  std::pair<int, float> print{0, 0.0f};
  imgui.Frame([&] {
    ImDrawList* draw = ImGui::GetWindowDrawList();
    const int before = draw->VtxBuffer.Size;
    FillMeaning(draw, {100.0f, 100.0f}, {124.0f, 124.0f}, meaning);
    print.first = draw->VtxBuffer.Size - before;
    for (int v = before; v < draw->VtxBuffer.Size; ++v)
      print.second += draw->VtxBuffer[v].pos.x * 3.0f + draw->VtxBuffer[v].pos.y;
  });
  return print;
}

}  // namespace

TEST_CASE("meaning fill: in print, marks that share a grey differ by pattern") {
  HeadlessImGui imgui;
  palette::SetTheme(palette::Theme::Print);
  std::set<std::pair<ImU32, std::pair<int, float>>> looks;
  for (const Meaning meaning : kAllMeanings)
    looks.insert({MeaningColour(meaning), Fingerprint(imgui, meaning)});
  CHECK(looks.size() == std::size(kAllMeanings));  // no two meanings look alike on a grey page
  CHECK(Fingerprint(imgui, Meaning::Copied).first > Fingerprint(imgui, Meaning::Current).first);
  palette::SetTheme(palette::Theme::Dark);
}

TEST_CASE("meaning fill: dark and light draw one plain box, in distinct colours") {
  HeadlessImGui imgui;
  for (const palette::Theme theme : {palette::Theme::Dark, palette::Theme::Light}) {
    CAPTURE(palette::ThemeName(theme));
    palette::SetTheme(theme);
    const int plain = Fingerprint(imgui, Meaning::Current).first;
    std::set<ImU32> colours;
    for (const Meaning meaning : kAllMeanings) {
      CHECK(Fingerprint(imgui, meaning).first == plain);
      colours.insert(MeaningColour(meaning));
    }
    CHECK(colours.size() >= std::size(kAllMeanings) - 1);  // light's idle and in-VMEM greys may coincide
  }
  palette::SetTheme(palette::Theme::Dark);
}

}  // namespace tilewalk::views
