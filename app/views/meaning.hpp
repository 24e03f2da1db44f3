// What a coloured mark means — a copy that moved bytes, one that was skipped, a writeback, an error, the
// block the cursor asks for — and the one table of each meaning's colour (from the active theme) and
// pattern (for a theme of greys). The ImGui views fill with them (meaning_fill.hpp) and so do the SVG
// pictures, so a mark means the same on screen and on the web.
#pragma once

#include <imgui.h>

namespace tilewalk::views {

enum class Meaning {
  Current,      // the block or cell the cursor asks for: solid
  SlotInUse,    // a VMEM slot holding the block in use: an outline
  Copied,       // a copy that moved bytes: dots
  Skipped,      // a copy skipped, a block reused: hatched /
  SkippedStep,  // a grid step with no arithmetic: hatched \ (a lighter grey)
  WrittenBack,  // a writeback: horizontal stripes
  Error,        // an error or a bubble: cross-hatched
  InVmem,       // an HBM block also in a VMEM slot: vertical stripes
  Compute,      // arithmetic on the core: solid
  Idle,         // a step that did no arithmetic: solid, light
};

// Every meaning, in the order above: for code that walks them all, such as the palette's checks.
inline constexpr Meaning kAllMeanings[] = {
    Meaning::Current,     Meaning::SlotInUse, Meaning::Copied, Meaning::Skipped, Meaning::SkippedStep,
    Meaning::WrittenBack, Meaning::Error,     Meaning::InVmem, Meaning::Compute, Meaning::Idle};

// The active theme's colour for the meaning.
ImU32 MeaningColour(Meaning meaning);

// The pattern a theme with patterns (print) lays over the meaning's colour.
enum class Pattern { Solid, Dots, Slash, Backslash, Rows, Columns, Cross };
Pattern PatternOf(Meaning meaning);

}  // namespace tilewalk::views
