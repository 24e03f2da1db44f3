// The memory picture as SVG: the last copy, then per input and output operand its two VMEM slots (the
// block each holds, the slot in use outlined, a bar for what happened to it) and its HBM array as a strip
// or grid of blocks; the redirect of a causal index map, the bytes copied against a naive map's, the key,
// and the scratch buffers' first tiles as heatmaps.
#include <algorithm>
#include <array>

#include "app/pictures/picture_svg.hpp"
#include "app/pictures/svg_heatmap.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::pictures {
namespace {

constexpr double kMemoryWidth = 720, kSlotHeight = 20, kRowGap = 4, kSpacing = 8;
constexpr double kChar = SvgDocument::kCharWidth;

struct Columns {
  double name_w, slot_w, hbm_x, hbm_w;
};

void Slot(SvgDocument& svg, const views::SlotPicture& slot, double x, double y, double w,
          std::optional<views::Meaning> bar) {
  const views::palette::Colours& c = views::palette::Active();
  std::string cls = "slot";
  if (!slot.holds_block) cls += " empty";
  if (slot.active) cls += " active";
  if (slot.filling) cls += " filling";
  svg.Group(cls);
  svg.Rect("slot-box", x, y, w, kSlotHeight, slot.holds_block ? c.panel : c.empty_slot, 3);
  if (slot.filling) bar = views::Meaning::Copied;
  if (bar)
    svg.MeaningRect("slot-bar " + std::string(SvgMeaningClass(*bar)), x, y + kSlotHeight * 0.78, w,
                    kSlotHeight * 0.22, *bar);
  svg.Frame("slot-edge", x, y, w, kSlotHeight, slot.active ? c.slot : c.edge, slot.active ? 3 : 1, 3);
  svg.Text("block", x + w / 2, y + kSlotHeight - 6, slot.holds_block ? slot.block : "empty",
           {.colour = slot.holds_block ? c.text : c.text_dim, .anchor = TextAnchor::Middle});
  svg.EndGroup();
}

// The operand's HBM array: the wanted block in the current colour, blocks in VMEM and written back in
// theirs, a redirect's naive block outlined.
double Hbm(SvgDocument& svg, const views::HbmArrayPicture& hbm, double x, double y, double width) {
  if (hbm.cells.empty() || width < 4) return kSlotHeight;
  const views::palette::Colours& c = views::palette::Active();
  const bool strip = hbm.rows == 1 || hbm.cols == 1;
  const int cols = strip ? static_cast<int>(hbm.cells.size()) : std::max(1, hbm.cols);
  const int rows = strip ? 1 : hbm.rows;
  const double cell = std::clamp(width / cols, 2.0, SvgDocument::kFontSize);
  const double cell_h = strip ? kSlotHeight * 0.8 : std::min(cell, SvgDocument::kFontSize * 0.6);
  const double top = y + (strip ? kSlotHeight * 0.1 : 0.0), gap = cell >= 6 ? 1.0 : 0.0;
  svg.Group("hbm");
  for (int i = 0; i < rows * cols && i < static_cast<int>(hbm.cells.size()); ++i) {
    const std::uint8_t flags = hbm.cells[static_cast<std::size_t>(i)];
    const double bx = x + (i % cols) * cell, by = top + (i / cols) * cell_h;
    std::optional<views::Meaning> fill;
    std::string cls = "block";
    if ((flags & views::hbm_cell::kWritten) != 0) {
      fill = views::Meaning::WrittenBack;
      cls += " written-back";
    }
    if ((flags & views::hbm_cell::kInVmem) != 0) {
      fill = views::Meaning::InVmem;
      cls += " in-vmem";
    }
    if (i == hbm.wanted) {
      fill = views::Meaning::Current;
      cls += " wanted";
    }
    if (fill)
      svg.MeaningRect(cls, bx, by, cell - gap, cell_h - gap, *fill);
    else
      svg.Rect(cls, bx, by, cell - gap, cell_h - gap, c.panel);
    if (i == hbm.naive)
      svg.Frame("block naive", bx - 1, by - 1, cell - gap + 2, cell_h - gap + 2, c.skipped, 3);
  }
  const double used_w = cell * cols;
  if (!hbm.slice.empty() && width - used_w > hbm.slice.size() * kChar + 6)
    svg.Text("hbm-slice", x + used_w + 4, y + kSlotHeight - 6, hbm.slice, {.colour = c.text_dim});
  svg.EndGroup();
  return std::max(kSlotHeight, rows * cell_h);
}

double Operands(SvgDocument& svg, std::string_view heading,
                const std::vector<views::OperandPicture>& operands, bool outputs, double y) {
  if (operands.empty()) return y;
  const views::palette::Colours& c = views::palette::Active();
  std::size_t name_chars = heading.size() + 2, block_chars = 5;
  for (const views::OperandPicture& op : operands) {
    name_chars = std::max(name_chars, op.name.size() + 1);
    for (const views::SlotPicture& slot : op.slots) block_chars = std::max(block_chars, slot.block.size());
  }
  const double name_w = name_chars * kChar, avail = kMemoryWidth - name_w - 2 * kSpacing;
  const double slot_w = std::min((block_chars + 2) * kChar, std::max(6 * kChar, avail / 3));
  const double hbm_x = name_w + 2 * (slot_w + kSpacing), hbm_w = std::max(0.0, kMemoryWidth - hbm_x);
  svg.Group(outputs ? "operands outputs" : "operands inputs");
  svg.Text("heading", 0, y + SvgDocument::kFontSize, heading, {.colour = c.text_dim});
  svg.Text("column", name_w, y + SvgDocument::kFontSize, "slot 0", {.colour = c.text_dim});
  svg.Text("column", name_w + slot_w + kSpacing, y + SvgDocument::kFontSize, "slot 1",
           {.colour = c.text_dim});
  if (hbm_w > 4 * kChar)
    svg.Text("column", hbm_x, y + SvgDocument::kFontSize, "in HBM", {.colour = c.text_dim});
  y += SvgDocument::kLine;
  for (const views::OperandPicture& op : operands) {
    std::string cls = "operand";
    if (!outputs && op.reused) cls += " reused";
    if (outputs && op.written_back) cls += " written-back";
    svg.Group(cls);
    svg.Text("name", 0, y + kSlotHeight - 6, op.name, {.colour = c.text});
    std::optional<views::Meaning> bar;
    if (!outputs && op.reused) bar = views::Meaning::Skipped;
    if (outputs && op.written_back) bar = views::Meaning::WrittenBack;
    for (std::size_t s = 0; s < op.slots.size(); ++s)
      Slot(svg, op.slots[s], name_w + s * (slot_w + kSpacing), y, slot_w,
           op.slots[s].active ? bar : std::nullopt);
    y += Hbm(svg, op.hbm, hbm_x, y, hbm_w) + kRowGap;
    svg.EndGroup();
  }
  svg.EndGroup();
  return y;
}

double MemoryKey(SvgDocument& svg, double y) {
  struct Mark {
    views::Meaning meaning;
    bool outline;
    const char* label;
  };
  static constexpr std::array<Mark, 7> kMarks{{
      {views::Meaning::SlotInUse, true, "slot in use"},
      {views::Meaning::Copied, false, "copied in"},
      {views::Meaning::Skipped, false, "reused"},
      {views::Meaning::WrittenBack, false, "written back"},
      {views::Meaning::Current, false, "block asked for"},
      {views::Meaning::InVmem, false, "in VMEM"},
      {views::Meaning::Skipped, true, "naive map's block"},
  }};
  const views::palette::Colours& c = views::palette::Active();
  svg.Group("key");
  double x = 0;
  for (const Mark& m : kMarks) {
    const double w = 14 + std::string_view(m.label).size() * kChar + 14;
    if (x > 0 && x + w > kMemoryWidth) {
      x = 0;
      y += SvgDocument::kLine;
    }
    const std::string cls =
        "swatch " + std::string(SvgMeaningClass(m.meaning)) + (m.outline ? " outline" : "");
    if (m.outline)
      svg.Frame(cls, x + 1, y + 4, 9, 9, views::MeaningColour(m.meaning), 2);
    else
      svg.MeaningRect(cls, x, y + 3, 10, 10, m.meaning);
    svg.Text("key-label", x + 14, y + SvgDocument::kFontSize, m.label, {.colour = c.text_dim});
    x += w;
  }
  svg.EndGroup();
  return y + SvgDocument::kLine;
}

double Scratch(SvgDocument& svg, const std::vector<views::ScratchPicture>& scratch, double y) {
  if (scratch.empty()) return y;
  const views::palette::Colours& c = views::palette::Active();
  y = svg.Paragraph("scratch-note", 0, y + SvgDocument::kFontSize, "scratch, first tile",
                    {.colour = c.text_dim}, kMemoryWidth);
  std::array<int, views::kOffScaleKinds> off_scale{};
  for (const views::ScratchPicture& s : scratch) views::AddOffScaleCounts(off_scale, s.tile.off_scale);
  y = SvgOffScaleKey(svg, off_scale, 0, y - SvgDocument::kFontSize + 4) + SvgDocument::kFontSize - 4;
  const double n = static_cast<double>(scratch.size()), w = (kMemoryWidth - kSpacing * (n - 1)) / n;
  double bottom = y;
  for (std::size_t i = 0; i < scratch.size(); ++i) {
    const views::ScratchPicture& s = scratch[i];
    const double x = i * (w + kSpacing);
    svg.Group("scratch");
    const double text_end =
        svg.Paragraph("scratch-name", x, y + SvgDocument::kFontSize - 4, s.text, {.colour = c.text}, w);
    const double h = s.tile.cols > 0 ? std::min(4 * SvgDocument::kLine, w * s.tile.rows / s.tile.cols)
                                     : 4 * SvgDocument::kLine;
    SvgHeatmapImage(svg, s.tile, "heatmap scratch", x, text_end - 8, w, h);
    SvgColourScale(svg, s.tile, x, text_end - 6 + h, w);
    bottom = std::max(bottom, text_end - 6 + h + SvgDocument::kLine);
    svg.EndGroup();
  }
  return bottom;
}

}  // namespace

std::string MemorySvg(const views::MemoryPicture& p) {
  SvgDocument svg("memory", "Memory of the " + (p.launch.empty() ? std::string("launch") : p.launch) +
                                " launch: VMEM slots and HBM blocks");
  const views::palette::Colours& c = views::palette::Active();
  double y = SvgDocument::kFontSize;
  if (p.copy_in_flight.empty())
    y = svg.Paragraph("last-copy none", 0, y, "no copy yet in this grid step", {.colour = c.text_dim},
                      kMemoryWidth);
  else
    y = svg.Paragraph("last-copy", 0, y, "last copy: " + p.copy_in_flight, {.colour = c.issued_text},
                      kMemoryWidth);
  y = Operands(svg, "inputs", p.inputs, false, y - SvgDocument::kFontSize + 4);
  y = Operands(svg, "outputs", p.outputs, true, y + 2);
  y += SvgDocument::kFontSize + 2;
  if (!p.redirect.empty())
    y = svg.Paragraph("redirect", 0, y, p.redirect, {.colour = c.skipped_text}, kMemoryWidth);
  if (p.launch_bytes_in > 0) {
    std::string bytes = "Copied in so far: " + views::ByteText(p.bytes_in) + " of " +
                        views::ByteText(p.launch_bytes_in) + ".";
    if (p.has_naive)
      bytes += " Naive maps: " + views::ByteText(p.naive_bytes_in) + " of " +
               views::ByteText(p.launch_naive_bytes_in) + ".";
    y = svg.Paragraph("bytes", 0, y, bytes, {.colour = c.text}, kMemoryWidth);
  }
  y = MemoryKey(svg, y - SvgDocument::kFontSize + 2);
  y = Scratch(svg, p.scratch, y);
  return svg.Finish(kMemoryWidth, y + 4);
}

}  // namespace tilewalk::pictures
