// The colours of the tour panes, in one table per theme, so that the panes agree on what a colour means and
// no view keeps a colour of its own: one meaning per colour. Dark is for a projector: a dark background, text
// well above it, and the current moment (the grid's cell, the timeline's cursor, the block asked for) in
// yellow, the executing line in mint, a slot in use in white and a question in lavender, each its own.
// Light is for an article: the same hues deepened until every mark stands 3:1 against white (WCAG's floor
// for graphics). Print is for paper: black on white in greys only, so that where colour carries meaning
// (ran, skipped, copied, written back) the views also draw a pattern (`patterns`), which survives a
// black-and-white printer. The theme is process-wide, like the ImGui context the views draw into.
#pragma once

#include <imgui.h>

#include <optional>
#include <string>
#include <string_view>

namespace tilewalk::views::palette {

enum class Theme { Dark, Light, Print };

struct Colours {
  ImU32 window, panel, edge;  // the ground (light and print; dark keeps ImGui's), raised boxes, outlines
  ImU32 text, text_dim, text_strong, text_axis;  // body text, quiet text, titles, axis names
  ImU32 current, on_current, current_edge;       // the current moment (cell, cursor, block); ink, rim
  ImU32 executing, on_executing,
      executing_edge;           // the executing line: fill, ink on it, its gutter (and text)
  ImU32 slot;                   // a VMEM slot in use: its outline
  ImU32 question, on_question;  // a stop's question and its marked choice; ink on it
  ImU32 selected, on_selected;  // a chosen option or a button to press now; ink on it
  ImU32 passage, passage_wash;  // the passage's lines: margin and wash behind them
  ImU32 hover;                  // a clickable line under the mouse
  ImU32 keyword, string, comment, number, preprocessor;
  ImU32 issued, skipped, skipped_step, writeback;  // copies that moved bytes, skipped, written back
  ImU32 issued_text, skipped_text;  // issued and skipped as text on the ground ("last copy", a redirect)
  ImU32 error, on_error;
  ImU32 pending_fill, ran_fill, skipped_fill;  // grid cells (skipped cells are hatched in skipped)
  ImU32 path_done, path_ahead, path_shadow;    // the grid's path of steps
  ImU32 on_light;                              // ink on a light fill (ran and current cells)
  ImU32 idle_step, lane_ground;                // the cost view's idle steps and lane background
  ImU32 empty_slot, in_vmem;                   // the memory view's empty slot and HBM blocks in VMEM
  ImU32 band_even, band_odd;                   // the timeline's launch bands, alternating
  ImU32 edited_field;                          // a scenario field changed from the stop's own
  ImU32 help_key;                              // the help overlay's key names
  bool patterns;                               // draw patterns as well as hue where colour means
};

// The theme's table. Dark is the default.
const Colours& Table(Theme theme);

// The table of the active theme, which every view reads.
const Colours& Active();
Theme ActiveTheme();
void SetTheme(Theme theme);

// "dark", "light" or "print", as --theme spells them; nullopt for anything else.
std::optional<Theme> ParseTheme(std::string_view name);
std::string_view ThemeName(Theme theme);
// "dark, light or print", for usage text and errors.
std::string ThemeNames();

inline ImVec4 Vec(ImU32 colour) {
  return ImGui::ColorConvertU32ToFloat4(colour);
}

}  // namespace tilewalk::views::palette
