// Boxes whose colour means something — a copy that moved bytes, one that was skipped, a writeback, an
// error, the block the cursor asks for — filled in the active theme's colour for that meaning and, in a
// theme with patterns (print, which is greys only), overlaid with a pattern of the meaning's own in the
// ground's colour, so that the marks still differ on a black-and-white page. Every view that draws such a
// mark, and its key, fills it here.
#pragma once

#include <imgui.h>

namespace tilewalk::views {

enum class Meaning {
  Current,      // the block or cell the cursor asks for: solid
  Copied,       // a copy that moved bytes: dots
  Skipped,      // a copy skipped, a block reused: hatched /
  SkippedStep,  // a grid step with no arithmetic: hatched \ (a lighter grey)
  WrittenBack,  // a writeback: horizontal stripes
  Error,        // an error or a bubble: cross-hatched
  InVmem,       // an HBM block also in a VMEM slot: vertical stripes
  Compute,      // arithmetic on the core: solid
  Idle,         // a step that did no arithmetic: solid, light
};

ImU32 MeaningColour(Meaning meaning);

// Fills [a, b] in the meaning's colour, with its pattern when the theme asks for patterns.
void FillMeaning(ImDrawList* draw, ImVec2 a, ImVec2 b, Meaning meaning, float rounding = 0.0f);

}  // namespace tilewalk::views
