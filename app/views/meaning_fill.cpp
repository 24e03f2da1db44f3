#include "app/views/meaning_fill.hpp"

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

enum class Pattern { Solid, Dots, Slash, Backslash, Rows, Columns, Cross };

Pattern PatternOf(Meaning meaning) {
  switch (meaning) {
    case Meaning::Copied:
      return Pattern::Dots;
    case Meaning::Skipped:
      return Pattern::Slash;
    case Meaning::SkippedStep:
      return Pattern::Backslash;
    case Meaning::WrittenBack:
      return Pattern::Rows;
    case Meaning::Error:
      return Pattern::Cross;
    case Meaning::InVmem:
      return Pattern::Columns;
    case Meaning::Current:
    case Meaning::Compute:
    case Meaning::Idle:
      break;
  }
  return Pattern::Solid;
}

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

ImU32 MeaningColour(Meaning meaning) {
  const palette::Colours& c = palette::Active();
  switch (meaning) {
    case Meaning::Current:
      return c.current;
    case Meaning::Copied:
      return c.issued;
    case Meaning::Skipped:
      return c.skipped;
    case Meaning::SkippedStep:
      return c.skipped_step;
    case Meaning::WrittenBack:
      return c.writeback;
    case Meaning::Error:
      return c.error;
    case Meaning::InVmem:
      return c.in_vmem;
    case Meaning::Compute:
      return c.passage;
    case Meaning::Idle:
      break;
  }
  return c.idle_step;
}

void FillMeaning(ImDrawList* draw, ImVec2 a, ImVec2 b, Meaning meaning, float rounding) {
  draw->AddRectFilled(a, b, MeaningColour(meaning), rounding);
  const Pattern pattern = PatternOf(meaning);
  // A pattern needs room for two of its marks; a sliver keeps its plain fill.
  if (!palette::Active().patterns || pattern == Pattern::Solid || b.x - a.x < 3.0f || b.y - a.y < 3.0f)
    return;
  Overlay(draw, a, b, pattern, palette::Active().window);
}

}  // namespace tilewalk::views
