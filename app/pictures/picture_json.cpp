#include "app/pictures/picture_json.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <nlohmann/json.hpp>

#include "app/json_text.hpp"

namespace tilewalk::pictures {
namespace {

using nlohmann::ordered_json;

ordered_json Header(std::string_view pane) {
  return {{"format", "tilewalk-picture"}, {"format_version", kPictureFormatVersion}, {"pane", pane}};
}

std::string Dump(const ordered_json& j) {
  return app::JsonText(j) + "\n";
}

ordered_json OrNull(const std::string& s) {
  return s.empty() ? ordered_json(nullptr) : ordered_json(s);
}

// Microseconds to 0.1 ns.
double Us(double us) {
  return std::isfinite(us) ? std::round(us * 1e4) / 1e4 : 0.0;
}

// Six significant digits; null for a value that is not finite.
ordered_json Value(float v) {
  if (!std::isfinite(v)) return nullptr;
  char text[32];
  std::snprintf(text, sizeof text, "%.6g", static_cast<double>(v));
  return std::strtod(text, nullptr);
}

int Stride(int side) {
  return side <= kMaxHeatmapSide ? 1 : (side + kMaxHeatmapSide - 1) / kMaxHeatmapSide;
}

ordered_json HeatmapJson(const views::Heatmap& h) {
  ordered_json j;
  j["label"] = h.label;
  j["rows"] = h.rows;
  j["cols"] = h.cols;
  j["range"] = h.has_range ? ordered_json{Value(h.min), Value(h.max)} : ordered_json(nullptr);
  j["masked"] = h.masked;
  const views::HeatmapImage* image = h.image.get();
  const bool has_values =
      image != nullptr && image->width == h.cols && image->height == h.rows &&
      image->values.size() == static_cast<std::size_t>(h.rows) * static_cast<std::size_t>(h.cols);
  if (!has_values) {
    j["stride"] = nullptr;
    j["values"] = nullptr;
    j["entry_bits"] = nullptr;
    return j;
  }
  const int row_stride = Stride(h.rows), col_stride = Stride(h.cols);
  const bool has_bits = image->entry_bits.size() == image->values.size();
  ordered_json values = ordered_json::array(), bits = ordered_json::array();
  bool any_bit = false;
  for (int r = 0; r < h.rows; r += row_stride) {
    ordered_json value_row = ordered_json::array(), bit_row = ordered_json::array();
    for (int c = 0; c < h.cols; c += col_stride) {
      const std::size_t at =
          static_cast<std::size_t>(r) * static_cast<std::size_t>(h.cols) + static_cast<std::size_t>(c);
      value_row.push_back(Value(image->values[at]));
      const int bit = has_bits ? image->entry_bits[at] : 0;
      any_bit = any_bit || bit != 0;
      bit_row.push_back(bit);
    }
    values.push_back(std::move(value_row));
    bits.push_back(std::move(bit_row));
  }
  j["stride"] = {row_stride, col_stride};
  j["values"] = std::move(values);
  j["entry_bits"] = any_bit ? std::move(bits) : ordered_json(nullptr);
  return j;
}

char CellLetter(views::CellState state) {
  switch (state) {
    case views::CellState::Ran:
      return 'r';
    case views::CellState::Skipped:
      return 's';
    case views::CellState::Pending:
      break;
  }
  return '.';
}

ordered_json OperandJson(const views::OperandPicture& op, bool output) {
  ordered_json slots = ordered_json::array();
  for (const views::SlotPicture& s : op.slots)
    slots.push_back({{"block", s.holds_block ? ordered_json(s.block) : ordered_json(nullptr)},
                     {"active", s.active},
                     {"filling", s.filling}});
  ordered_json j{{"name", op.name}, {"slots", std::move(slots)}};
  if (output)
    j["written_back"] = op.written_back;
  else
    j["reused"] = op.reused;
  j["hbm"] = {{"rows", op.hbm.rows},
              {"cols", op.hbm.cols},
              {"slice", OrNull(op.hbm.slice)},
              {"cells", op.hbm.cells},
              {"wanted", op.hbm.wanted >= 0 ? ordered_json(op.hbm.wanted) : ordered_json(nullptr)},
              {"naive", op.hbm.naive >= 0 ? ordered_json(op.hbm.naive) : ordered_json(nullptr)}};
  return j;
}

std::string_view MarkerName(views::MarkerKind kind) {
  switch (kind) {
    case views::MarkerKind::IssuedCopy:
      return "copy_issued";
    case views::MarkerKind::SkippedCopy:
      return "copy_skipped";
    case views::MarkerKind::Writeback:
      return "writeback";
    case views::MarkerKind::SkippedStep:
      return "step_skipped";
    default:
      break;
  }
  return "error";
}

}  // namespace

std::string GridJson(const views::GridPicture& p) {
  ordered_json j = Header("grid");
  j["title"] = p.title;
  j["row_label"] = p.row_label;
  j["col_label"] = p.col_label;
  j["rows"] = p.rows;
  j["cols"] = p.cols;
  j["walks_down_columns"] = p.walks_down_columns;
  j["core1_first_step"] = p.core1_first_step >= 0 ? ordered_json(p.core1_first_step) : ordered_json(nullptr);
  j["cell_key"] = {{".", "pending"}, {"r", "ran"}, {"s", "skipped"}};
  j["current"] =
      p.current ? ordered_json{{"slice", p.current->slice}, {"row", p.current->row}, {"col", p.current->col}}
                : ordered_json(nullptr);
  ordered_json slices = ordered_json::array();
  for (const views::GridSlice& slice : p.slices) {
    ordered_json rows = ordered_json::array();
    for (int r = 0; r < p.rows; ++r) {
      std::string row(static_cast<std::size_t>(std::max(0, p.cols)), '.');
      for (int c = 0; c < p.cols; ++c) {
        const std::size_t at =
            static_cast<std::size_t>(r) * static_cast<std::size_t>(p.cols) + static_cast<std::size_t>(c);
        if (at < slice.cells.size()) row[static_cast<std::size_t>(c)] = CellLetter(slice.cells[at]);
      }
      rows.push_back(std::move(row));
    }
    slices.push_back({{"batch", slice.batch}, {"head", slice.head}, {"cells", std::move(rows)}});
  }
  j["slices"] = std::move(slices);
  return Dump(j);
}

std::string MemoryJson(const views::MemoryPicture& p) {
  ordered_json j = Header("memory");
  j["launch"] = OrNull(p.launch);
  j["copy_in_flight"] = OrNull(p.copy_in_flight);
  j["redirect"] = OrNull(p.redirect);
  ordered_json inputs = ordered_json::array(), outputs = ordered_json::array(),
               scratch = ordered_json::array();
  for (const views::OperandPicture& op : p.inputs) inputs.push_back(OperandJson(op, false));
  for (const views::OperandPicture& op : p.outputs) outputs.push_back(OperandJson(op, true));
  for (const views::ScratchPicture& s : p.scratch)
    scratch.push_back({{"text", s.text}, {"tile", HeatmapJson(s.tile)}});
  j["inputs"] = std::move(inputs);
  j["outputs"] = std::move(outputs);
  j["scratch"] = std::move(scratch);
  j["bytes_in"] = p.bytes_in;
  j["launch_bytes_in"] = p.launch_bytes_in;
  j["naive_bytes_in"] = p.has_naive ? ordered_json(p.naive_bytes_in) : ordered_json(nullptr);
  j["launch_naive_bytes_in"] = p.has_naive ? ordered_json(p.launch_naive_bytes_in) : ordered_json(nullptr);
  return Dump(j);
}

std::string LanesJson(const views::LanesPicture& p) {
  ordered_json j = Header("lanes");
  j["empty_message"] = OrNull(p.empty_message);
  j["launch"] = OrNull(p.launch);
  j["m"] = HeatmapJson(p.m);
  j["m_from"] = OrNull(p.m_from);
  j["m_lanes_equal"] = p.m_lanes_equal;
  j["l"] = HeatmapJson(p.l);
  j["l_from"] = OrNull(p.l_from);
  j["l_lanes_equal"] = p.l_lanes_equal;
  j["tile_repeats"] = p.tile_repeats;
  j["score_cols"] = p.score_cols;
  j["alpha"] = p.has_alpha ? HeatmapJson(p.alpha) : ordered_json(nullptr);
  j["rows_rescaled"] = p.has_alpha ? ordered_json(p.rows_rescaled) : ordered_json(nullptr);
  return Dump(j);
}

std::string ScoresJson(const views::ScoresPicture& p) {
  ordered_json j = Header("scores");
  j["empty_message"] = OrNull(p.empty_message);
  j["launch"] = OrNull(p.launch);
  j["s"] = HeatmapJson(p.s);
  j["s_from"] = OrNull(p.s_from);
  j["p"] = p.has_p ? HeatmapJson(p.p) : ordered_json(nullptr);
  j["p_from"] = p.has_p ? OrNull(p.p_from) : ordered_json(nullptr);
  j["causal_masked"] = p.has_causal ? ordered_json(p.causal_masked) : ordered_json(nullptr);
  j["segment_masked"] = p.has_segment ? ordered_json(p.segment_masked) : ordered_json(nullptr);
  j["m_tiles"] = p.m_tiles;
  j["mask_added"] = p.mask_added;
  return Dump(j);
}

std::string TimelineJson(const views::TimelinePicture& p) {
  ordered_json j = Header("timeline");
  j["event_count"] = p.event_count;
  j["cursor"] = p.cursor;
  j["landing"] = p.landing ? ordered_json(*p.landing) : ordered_json(nullptr);
  j["position"] = p.position;
  j["statement"] = p.statement;
  j["axis"] = p.axis == views::TimelineAxis::Time ? "time" : "events";
  j["total_us"] = Us(p.total_us);
  j["cursor_us"] = Us(p.cursor_us);
  j["landing_us"] = p.landing_us ? ordered_json(Us(*p.landing_us)) : ordered_json(nullptr);
  ordered_json launches = ordered_json::array(), markers = ordered_json::array();
  for (const views::TimelineBand& b : p.launches)
    launches.push_back({{"name", b.name},
                        {"first", b.first},
                        {"end", b.end},
                        {"start_us", Us(b.start_us)},
                        {"end_us", Us(b.end_us)}});
  for (const views::TimelineMarker& m : p.markers)
    markers.push_back({{"event", m.event}, {"kind", MarkerName(m.kind)}, {"time_us", Us(m.time_us)}});
  j["launches"] = std::move(launches);
  j["markers"] = std::move(markers);
  ordered_json core_steps = ordered_json::array();
  for (const views::TimelineStepBar& b : p.core_steps)
    core_steps.push_back({{"core", b.core},
                          {"first", b.first},
                          {"end", b.end},
                          {"start_us", Us(b.start_us)},
                          {"end_us", Us(b.end_us)}});
  j["core_steps"] = std::move(core_steps);
  return Dump(j);
}

std::string CostJson(const views::CostPicture& p) {
  ordered_json j = Header("cost");
  j["empty_message"] = OrNull(p.empty_message);
  j["launch"] = OrNull(p.launch);
  j["chip_name"] = OrNull(p.chip_name);
  j["chip"] = OrNull(p.chip);
  j["vmem"] = OrNull(p.vmem);
  j["total_us"] = Us(p.total_us);
  j["compute_us"] = Us(p.compute_us);
  j["dma_us"] = Us(p.dma_us);
  j["overhead_us"] = Us(p.overhead_us);
  j["bubble_us"] = Us(p.bubble_us);
  j["hbm_bound"] = p.hbm_bound;
  j["cores"] = p.cores;
  j["current_step"] = p.current_step >= 0 ? ordered_json(p.current_step) : ordered_json(nullptr);
  j["cursor_us"] = Us(p.cursor_us);
  ordered_json steps = ordered_json::array(), copies = ordered_json::array();
  for (const views::CostStep& s : p.steps)
    steps.push_back({{"start_us", Us(s.start_us)},
                     {"end_us", Us(s.end_us)},
                     {"wait_us", Us(s.wait_us)},
                     {"ran", s.ran},
                     {"core", s.core}});
  for (const views::CostCopy& c : p.copies)
    copies.push_back({{"start_us", Us(c.start_us)},
                      {"end_us", Us(c.end_us)},
                      {"step", c.step},
                      {"writeback", c.writeback},
                      {"core", c.core}});
  j["steps"] = std::move(steps);
  j["copies"] = std::move(copies);
  return Dump(j);
}

}  // namespace tilewalk::pictures
