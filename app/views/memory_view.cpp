#include "app/views/memory_view.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

#include "app/views/drawn_probe.hpp"
#include "app/views/heatmap_view.hpp"
#include "app/views/meaning_fill.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

// A slot box is a little taller than a line of text, so that its outline clears the glyphs; no taller,
// because a dK/dV launch has eight inputs to fit in a third of a projected screen.
constexpr float kSlotLines = 1.08f;

// One slot box: the block it holds, the active slot outlined bright, and a bar along its bottom in the colour
// of what happened to it in this step: copied in (green), reused with the copy skipped (orange), written
// back (pink).
// What a slot holds and what this step does with it, under the mouse.
void ShowSlotTooltip(const OperandPicture& op, int index, bool outputs, std::optional<Meaning> bar) {
  const SlotPicture& slot = op.slots[static_cast<std::size_t>(index)];
  ImGui::BeginTooltip();
  ui::Text("%s, VMEM slot %d", op.name.c_str(), index);
  if (!slot.holds_block) {
    ui::TextDisabled("empty: no block has been copied into it yet");
  } else {
    ui::Text("holds HBM block %s", slot.block.c_str());
  }
  if (!op.block_size.empty()) ui::Text("a block: %s", op.block_size.c_str());
  if (slot.active) ui::Text(outputs ? "this grid step writes its block here" : "this grid step reads it");
  if (slot.filling) ui::Text("a copy issued in this step is landing in it");
  if (bar && !outputs) ui::Text("the copy was skipped: the block was already here");
  if (bar && outputs) ui::Text("written back to HBM at the end of this step");
  ImGui::EndTooltip();
}

void DrawSlot(const SlotPicture& slot, float width, std::optional<Meaning> bar, bool outputs) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float height = ImGui::GetTextLineHeightWithSpacing() * kSlotLines;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const ImVec2 end{at.x + width, at.y + height};
  draw->AddRectFilled(at, end, slot.holds_block ? palette::Active().panel : palette::Active().empty_slot,
                      3.0f);
  if (slot.filling) bar = Meaning::Copied;
  if (slot.moving) {
    // Model time: the share landed (an input) or still to drain (an output's writeback), as a bar.
    const float share = outputs ? 1.0f - *slot.moving : *slot.moving;
    FillMeaning(draw, ImVec2(at.x, end.y - height * 0.3f), ImVec2(at.x + width * share, end.y),
                outputs ? Meaning::WrittenBack : Meaning::Copied, 3.0f);
  } else if (bar) {
    FillMeaning(draw, ImVec2(at.x, end.y - height * 0.22f), end, *bar, 3.0f);
  }
  const float thickness = slot.active ? 3.0f : 1.0f;
  draw->AddRect(at, end, slot.active ? palette::Active().slot : palette::Active().edge, 3.0f, 0, thickness);
  const std::string text = slot.holds_block ? slot.block : "empty";
  const ImVec2 text_size = ImGui::CalcTextSize(text.c_str());
  const ImVec2 text_at{at.x + std::max(4.0f, (width - text_size.x) * 0.5f),
                       at.y + (height - text_size.y) * 0.45f};
  draw->PushClipRect(at, end, true);
  ui::DrawText(draw, text_at, slot.holds_block ? palette::Active().text : palette::Active().text_dim,
               text.c_str());
  draw->PopClipRect();
  ImGui::Dummy(ImVec2(width, height));
}

// One HBM block under the mouse: where it is in the slice, and what this step has done with it.
void ShowHbmTooltip(const HbmArrayPicture& hbm, bool strip, int i) {
  const std::uint8_t flags = hbm.cells[static_cast<std::size_t>(i)];
  ImGui::BeginTooltip();
  if (strip) {
    ui::Text("HBM block %d of %zu%s%s", i, hbm.cells.size(), hbm.slice.empty() ? "" : ", ",
             hbm.slice.c_str());
  } else {
    ui::Text("HBM block row %d, column %d%s%s", i / hbm.cols, i % hbm.cols, hbm.slice.empty() ? "" : ", ",
             hbm.slice.c_str());
  }
  if (i == hbm.wanted) ui::Text("the block this grid step's index map asks for");
  if (i == hbm.naive) ui::Text("the block a naive index map would ask for");
  if ((flags & hbm_cell::kInVmem) != 0) ui::Text("also in a VMEM slot");
  if ((flags & hbm_cell::kWritten) != 0) ui::Text("written back so far");
  ImGui::EndTooltip();
}

// The operand's HBM array as blocks: a strip when the slice is one row or one column, else a grid; the
// wanted block filled in the current colour, blocks in VMEM light, blocks written back pink, and a
// redirect's naive block outlined in orange.
void DrawHbm(const HbmArrayPicture& hbm, float width, int locate, std::optional<ImVec2>& located) {
  const float line = ImGui::GetTextLineHeight();
  const float slot_h = ImGui::GetTextLineHeightWithSpacing() * kSlotLines;
  const ImVec2 at = ImGui::GetCursorScreenPos();
  if (hbm.cells.empty() || width < 4.0f) {
    ImGui::Dummy(ImVec2(std::max(width, 1.0f), slot_h));
    return;
  }
  const bool strip = hbm.rows == 1 || hbm.cols == 1;
  const int cols = strip ? static_cast<int>(hbm.cells.size()) : hbm.cols;
  const int rows = strip ? 1 : hbm.rows;
  const float cell = std::clamp(width / static_cast<float>(cols), 2.0f, line);
  const float cell_h = strip ? slot_h * 0.8f : std::min(cell, line * 0.6f);
  const float top = at.y + (strip ? slot_h * 0.1f : 0.0f);
  const float gap = cell >= 6.0f ? 1.0f : 0.0f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const int i = r * cols + c;
      const std::uint8_t flags = hbm.cells[static_cast<std::size_t>(i)];
      const ImVec2 a{at.x + static_cast<float>(c) * cell, top + static_cast<float>(r) * cell_h};
      const ImVec2 b{a.x + cell - gap, a.y + cell_h - gap};
      std::optional<Meaning> fill;
      if ((flags & hbm_cell::kWritten) != 0) fill = Meaning::WrittenBack;
      if ((flags & hbm_cell::kInVmem) != 0) fill = Meaning::InVmem;
      if (i == hbm.wanted) fill = Meaning::Current;
      if (fill)
        FillMeaning(draw, a, b, *fill);
      else
        draw->AddRectFilled(a, b, palette::Active().panel);
      if (i == hbm.naive)
        draw->AddRect(ImVec2(a.x - 1.0f, a.y - 1.0f), ImVec2(b.x + 1.0f, b.y + 1.0f),
                      palette::Active().skipped, 0.0f, 0, 3.0f);
      if (i == locate) located = ImVec2((a.x + b.x) * 0.5f, (a.y + b.y) * 0.5f);
    }
  }
  const float used_w = cell * static_cast<float>(cols);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  if (ImGui::IsWindowHovered() && mouse.x >= at.x && mouse.x < at.x + used_w && mouse.y >= top &&
      mouse.y < top + static_cast<float>(rows) * cell_h) {
    const int c = std::clamp(static_cast<int>((mouse.x - at.x) / cell), 0, cols - 1);
    const int r = std::clamp(static_cast<int>((mouse.y - top) / cell_h), 0, rows - 1);
    ShowHbmTooltip(hbm, strip, r * cols + c);
  }
  if (!hbm.slice.empty() && width - used_w > ImGui::CalcTextSize(hbm.slice.c_str()).x + line * 0.5f)
    ui::DrawText(draw, ImVec2(at.x + used_w + line * 0.3f, at.y + (slot_h - line) * 0.5f),
                 palette::Active().text_dim, hbm.slice.c_str());
  ImGui::Dummy(ImVec2(width, std::max(slot_h, static_cast<float>(rows) * cell_h)));
}

// Model time: the slot a copy lands in or a writeback drains, where it was drawn.
struct MovingSlot {
  int slot = 0;
  ImVec2 min, max;
};

// The block on its way, between its HBM cell and its slot: from the cell to the slot while a copy lands,
// from the slot to the cell while a writeback drains, at the share of its bytes moved so far.
void DrawTravellingBlock(const MovingSlot& slot, float progress, ImVec2 cell, bool outputs) {
  const ImVec2 centre((slot.min.x + slot.max.x) * 0.5f, (slot.min.y + slot.max.y) * 0.5f);
  const ImVec2 from = outputs ? centre : cell, to = outputs ? cell : centre;
  const float t = std::clamp(progress, 0.0f, 1.0f);
  const ImVec2 at(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t);
  const float half = (slot.max.y - slot.min.y) * 0.3f;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->AddLine(from, to, palette::Active().text_dim, 1.0f);
  FillMeaning(draw, ImVec2(at.x - half, at.y - half), ImVec2(at.x + half, at.y + half),
              outputs ? Meaning::WrittenBack : Meaning::Copied);
  draw->AddRect(ImVec2(at.x - half, at.y - half), ImVec2(at.x + half, at.y + half),
                palette::Active().text_strong, 0.0f, 0, 2.0f);
}

// The screen rows [top, bottom) of what the cursor's event touches, found while drawing.
struct FocusRows {
  float top = 0.0f, bottom = 0.0f;
  bool found = false;
};

void DrawOperands(const char* heading, const std::vector<OperandPicture>& operands, bool outputs,
                  int focus_row, FocusRows& focus, float arrival) {
  if (operands.empty()) return;
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", heading);
  const float char_width = ImGui::CalcTextSize("M").x;
  std::size_t name_chars = std::string_view(heading).size() + 2;  // the heading shares the slot-label row
  for (const OperandPicture& op : operands) name_chars = std::max(name_chars, op.name.size() + 1);
  const float name_width = char_width * static_cast<float>(name_chars);
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  std::size_t block_chars = 5;
  for (const OperandPicture& op : operands)
    for (const SlotPicture& slot : op.slots) block_chars = std::max(block_chars, slot.block.size());
  // Slots as wide as their text; the HBM blocks take the rest, and at least a third of the row.
  const float avail = ImGui::GetContentRegionAvail().x - name_width - 2.0f * spacing;
  const float slot_width =
      std::min(char_width * static_cast<float>(block_chars + 2), std::max(char_width * 6.0f, avail / 3.0f));
  const float hbm_width = std::max(0.0f, avail - 2.0f * slot_width - spacing);
  ImGui::SameLine(name_width);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "slot 0");
  ImGui::SameLine(name_width + slot_width + spacing);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "slot 1");
  if (hbm_width > char_width * 4.0f) {
    ImGui::SameLine(name_width + 2.0f * (slot_width + spacing));
    ui::TextColored(palette::Vec(palette::Active().text_dim), "in HBM");
  }
  for (std::size_t i = 0; i < operands.size(); ++i) {
    const OperandPicture& op = operands[i];
    const float row_y = ImGui::GetCursorPosY();
    const float row_screen_y = ImGui::GetCursorScreenPos().y;
    const float text_dy =
        (ImGui::GetTextLineHeightWithSpacing() * kSlotLines - ImGui::GetTextLineHeight()) * 0.45f;
    ImGui::SetCursorPosY(row_y + text_dy);
    ui::TextUnformatted(op.name.c_str());
    ImGui::SameLine(name_width);
    ImGui::SetCursorPosY(row_y);
    std::optional<MovingSlot> moving;
    std::optional<Meaning> bar;
    if (!outputs && op.reused) bar = Meaning::Skipped;
    if (outputs && op.written_back) bar = Meaning::WrittenBack;
    for (int s = 0; s < 2; ++s) {
      const SlotPicture& slot = op.slots[static_cast<std::size_t>(s)];
      if (s > 0) ImGui::SameLine();
      DrawSlot(slot, slot_width, slot.active ? bar : std::nullopt, outputs);
      // In model time a copy under way; after a step onto a copy, its block arriving.
      if (slot.moving || (slot.moving_cell >= 0 && arrival < 1.0f))
        moving = {s, ImGui::GetItemRectMin(), ImGui::GetItemRectMax()};
      if (ImGui::IsItemHovered()) ShowSlotTooltip(op, s, outputs, slot.active ? bar : std::nullopt);
    }
    ImGui::SameLine();
    std::optional<ImVec2> cell_centre;
    DrawHbm(op.hbm, hbm_width, moving ? op.slots[static_cast<std::size_t>(moving->slot)].moving_cell : -1,
            cell_centre);
    if (moving && cell_centre) {
      const SlotPicture& slot = op.slots[static_cast<std::size_t>(moving->slot)];
      DrawTravellingBlock(*moving, slot.moving.value_or(arrival), *cell_centre, outputs);
    }
    if (static_cast<int>(i) == focus_row) focus = {row_screen_y, ImGui::GetCursorScreenPos().y, true};
  }
}

// Frames after a move in which the pane keeps bringing the event's rows into view.
constexpr int kSettlingFrames = 3;

// Whether the rows the event touches are in view: wholly, or from their top when they are taller than the
// pane.
bool FocusInView(const FocusRows& focus) {
  const ImRect& clip = ImGui::GetCurrentWindow()->ClipRect;
  if (focus.top < clip.Min.y - 1.0f) return false;
  // The rows end where the cursor went after them, one item spacing below the last.
  return focus.bottom - ImGui::GetStyle().ItemSpacing.y <= clip.Max.y + 1.0f ||
         (focus.bottom - focus.top > clip.GetHeight() && focus.top <= clip.Min.y + 0.25f * clip.GetHeight());
}

// Scrolls the pane after each new event so that the rows the event touches are in view, when they are not.
void KeepInView(const MemoryPicture& picture, const FocusRows& focus, MemoryViewState* state) {
  if (state == nullptr) return;
  if (state->scrolled_for != picture.event) {
    state->scrolled_for = picture.event;
    state->settling_frames = kSettlingFrames;
  }
  if (state->settling_frames == 0) return;
  --state->settling_frames;
  if (!focus.found) return;
  if (FocusInView(focus)) return;
  // Centred when it fits; a focus taller than the pane starts at its top.
  const float view = ImGui::GetCurrentWindow()->ClipRect.GetHeight();
  if (focus.bottom - focus.top <= view)
    ImGui::SetScrollFromPosY(0.5f * (focus.top + focus.bottom) - ImGui::GetWindowPos().y, 0.5f);
  else
    ImGui::SetScrollFromPosY(focus.top - ImGui::GetWindowPos().y - ImGui::GetStyle().ItemSpacing.y, 0.0f);
}

void Wrapped(ImU32 colour, const std::string& text) {
  ImGui::PushTextWrapPos(0.0f);
  ui::TextColored(palette::Vec(colour), "%s", text.c_str());
  ImGui::PopTextWrapPos();
}

// What the marks mean, as swatches that flow onto as few lines as the pane allows.
void DrawKey() {
  struct Mark {
    Meaning meaning;
    bool outline;  // an outline in the meaning's colour, not a fill
    const char* label;
  };
  static constexpr Mark kMarks[] = {
      {Meaning::SlotInUse, true, "slot in use"},     {Meaning::Copied, false, "copied in"},
      {Meaning::Skipped, false, "reused"},           {Meaning::WrittenBack, false, "written back"},
      {Meaning::Current, false, "block asked for"},  {Meaning::InVmem, false, "in VMEM"},
      {Meaning::Skipped, true, "naive map's block"},
  };
  const float line = ImGui::GetTextLineHeight();
  const float s = line * 0.7f;
  for (std::size_t i = 0; i < std::size(kMarks); ++i) {
    const Mark& m = kMarks[i];
    if (i > 0) {
      ImGui::SameLine(0.0f, line * 0.6f);
      if (ImGui::GetContentRegionAvail().x < s + ImGui::CalcTextSize(m.label).x + line * 0.5f)
        ImGui::NewLine();
    }
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const ImVec2 a{p.x, p.y + (line - s) * 0.5f}, b{p.x + s, p.y + (line + s) * 0.5f};
    if (m.outline) {
      ImGui::GetWindowDrawList()->AddRect(a, b, MeaningColour(m.meaning), 0.0f, 0, 2.0f);
    } else {
      FillMeaning(ImGui::GetWindowDrawList(), a, b, m.meaning);
    }
    ImGui::Dummy(ImVec2(s, line));
    ImGui::SameLine(0.0f, line * 0.25f);
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", m.label);
  }
}

// Scratch as heatmaps side by side, each under its name and shape and over its colour scale; entries that
// are off the scale (fresh scratch holds NaN, the running max starts at -inf) have looks of their own, named
// in a key above the buffers.
void DrawScratch(const std::vector<ScratchPicture>& scratch) {
  if (scratch.empty()) return;
  Wrapped(palette::Active().text_dim, "scratch, first tile");
  std::array<int, kOffScaleKinds> off_scale{};
  for (const ScratchPicture& s : scratch) AddOffScale(off_scale, s.tile);
  DrawOffScaleKey(off_scale);
  // Side by side while each column has room for a buffer's name and shape (about 18 characters), else as
  // many a row as do.
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float avail = ImGui::GetContentRegionAvail().x;
  const float least = 18.0f * ImGui::CalcTextSize("M").x;
  const std::size_t per_row = std::clamp<std::size_t>(
      static_cast<std::size_t>((avail + spacing) / (least + spacing)), 1, scratch.size());
  const float n = static_cast<float>(per_row);
  const float width = std::floor((avail - spacing * (n - 1.0f)) / n);
  const float max_height = ImGui::GetTextLineHeightWithSpacing() * 4.0f;
  for (std::size_t i = 0; i < scratch.size(); ++i) {
    const ScratchPicture& s = scratch[i];
    if (i % per_row != 0) ImGui::SameLine();
    ImGui::BeginGroup();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + width);
    ui::TextUnformatted(s.text.c_str());
    ImGui::PopTextWrapPos();
    const float height =
        s.tile.cols > 0
            ? std::min(max_height, width * static_cast<float>(s.tile.rows) / static_cast<float>(s.tile.cols))
            : max_height;
    DrawHeatmapImage(s.tile, {width, height});
    DrawColourScale(s.tile, width);
    ImGui::EndGroup();
  }
}

}  // namespace

void DrawMemoryView(const MemoryPicture& picture, MemoryViewState* state) {
  if (!picture.under_way.empty()) {
    Wrapped(palette::Active().issued_text, "now: " + picture.under_way);
  } else if (picture.copy_in_flight.empty()) {
    Wrapped(palette::Active().text_dim, "no copy yet in this grid step");
  } else {
    Wrapped(palette::Active().issued_text, "last copy: " + picture.copy_in_flight);
  }
  FocusRows focus;
  const float arrival = state != nullptr ? state->arrival : 1.0f;
  DrawOperands("inputs", picture.inputs, false,
               picture.focus == MemoryFocus::Input ? picture.focus_index : -1, focus, arrival);
  DrawOperands("outputs", picture.outputs, true,
               picture.focus == MemoryFocus::Output ? picture.focus_index : -1, focus, arrival);
  if (!picture.redirect.empty()) Wrapped(palette::Active().skipped_text, picture.redirect);
  if (picture.launch_bytes_in > 0) {
    std::string bytes =
        "Copied in so far: " + ByteText(picture.bytes_in) + " of " + ByteText(picture.launch_bytes_in) + ".";
    if (picture.has_naive) {
      bytes += " Naive maps: " + ByteText(picture.naive_bytes_in) + " of " +
               ByteText(picture.launch_naive_bytes_in) + ".";
    }
    Wrapped(palette::Active().text, bytes);
  }
  DrawKey();
  const float scratch_top = ImGui::GetCursorScreenPos().y;
  DrawScratch(picture.scratch);
  if (picture.focus == MemoryFocus::Scratch) focus = {scratch_top, ImGui::GetCursorScreenPos().y, true};
  KeepInView(picture, focus, state);
  if (Drawn* drawn = DrawnProbe()) {
    // With nothing to bring forward, the pane's top (where each operand's rows begin) is what matters.
    drawn->focus_in_view["memory"] = focus.found ? FocusInView(focus) : ImGui::GetScrollY() == 0.0f;
  }
}

}  // namespace tilewalk::views
