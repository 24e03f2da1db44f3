#include "app/views/meaning_fill.hpp"

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

// Diagonal lines across [a, b], `pitch` apart, rising (/) or falling (\); clipped to the box.
void Diagonals(ImDrawList* draw, ImVec2 a, ImVec2 b, float pitch, bool rising, ImU32 ink) {
  const float w = b.x - a.x, h = b.y - a.y;
  for (float t = pitch * 0.5f; t < w + h; t += pitch) {
    if (rising)
      draw->AddLine({a.x + t - h, b.y}, {a.x + t, a.y}, ink);
    else
      draw->AddLine({a.x + t - h, a.y}, {a.x + t, b.y}, ink);
  }
}

void Overlay(ImDrawList* draw, ImVec2 a, ImVec2 b, Pattern pattern, ImU32 ink) {
  const float pitch = 4.0f;
  draw->PushClipRect(a, b, true);
  switch (pattern) {
    case Pattern::Dots:
      for (float y = a.y + pitch * 0.5f; y < b.y; y += pitch)
        for (float x = a.x + pitch * 0.5f; x < b.x; x += pitch)
          draw->AddRectFilled({x, y}, {x + 1.0f, y + 1.0f}, ink);
      break;
    case Pattern::Slash:
    case Pattern::Backslash:
      Diagonals(draw, a, b, pitch, pattern == Pattern::Slash, ink);
      break;
    case Pattern::Cross:
      Diagonals(draw, a, b, pitch * 1.5f, true, ink);
      Diagonals(draw, a, b, pitch * 1.5f, false, ink);
      break;
    case Pattern::Rows:
      for (float y = a.y + pitch * 0.5f; y < b.y; y += pitch) draw->AddLine({a.x, y}, {b.x, y}, ink);
      break;
    case Pattern::Columns:
      for (float x = a.x + pitch * 0.5f; x < b.x; x += pitch) draw->AddLine({x, a.y}, {x, b.y}, ink);
      break;
    case Pattern::Solid:
      break;
  }
  draw->PopClipRect();
}

}  // namespace

void FillMeaning(ImDrawList* draw, ImVec2 a, ImVec2 b, Meaning meaning, float rounding) {
  draw->AddRectFilled(a, b, MeaningColour(meaning), rounding);
  const Pattern pattern = PatternOf(meaning);
  // A pattern needs room for two of its marks; a sliver keeps its plain fill.
  if (!palette::Active().patterns || pattern == Pattern::Solid || b.x - a.x < 3.0f || b.y - a.y < 3.0f)
    return;
  Overlay(draw, a, b, pattern, palette::Active().window);
}

}  // namespace tilewalk::views
