// The picture JSON: every kind parses and carries the documented keys; grid cells as one letter a cell;
// heatmaps sampled past kMaxHeatmapSide with their stride, values not finite as null; times rounded.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cmath>
#include <limits>

#include "app/pictures/picture_json.hpp"
#include "app/views/canned_grids.hpp"
#include "app/views/canned_tour_pictures.hpp"

namespace tilewalk::pictures {
namespace {

nlohmann::json Parse(const std::string& text, const char* pane) {
  const nlohmann::json j = nlohmann::json::parse(text);
  CHECK(j["format"] == "tilewalk-picture");
  CHECK(j["format_version"] == kPictureFormatVersion);
  CHECK(j["pane"] == pane);
  return j;
}

void HasKeys(const nlohmann::json& j, std::initializer_list<const char*> keys) {
  for (const char* key : keys) {
    CAPTURE(key);
    CHECK(j.contains(key));
  }
}

}  // namespace

TEST_CASE("picture json: the grid as rows of letters, one per cell") {
  const views::GridPicture grid =
      views::MakeGridPicture({.title = "g", .rows = 3, .cols = 5, .causal = true, .current_step = 7});
  const nlohmann::json j = Parse(GridJson(grid), "grid");
  HasKeys(j, {"title", "row_label", "col_label", "rows", "cols", "walks_down_columns", "cell_key", "slices"});
  CHECK(j["cell_key"]["s"] == "skipped");
  REQUIRE(j["slices"].size() == 1);
  const nlohmann::json& cells = j["slices"][0]["cells"];
  REQUIRE(cells.size() == 3);
  CHECK(cells[0].get<std::string>().size() == 5);
  // Step 7 of a 5-wide row-major grid is the cursor's: it keeps its letter, and `current` names it.
  CHECK(cells[1].get<std::string>()[2] == 's');  // above the diagonal: skipped
  CHECK(j["current"] == nlohmann::json{{"slice", 0}, {"row", 1}, {"col", 2}});
  CHECK(cells[2].get<std::string>() == ".....");
  CHECK(cells[0].get<std::string>().find('s') != std::string::npos);
}

TEST_CASE("picture json: memory slots with their blocks, HBM cells and bytes") {
  const views::MemoryPicture picture = views::CannedMemoryPicture();
  const nlohmann::json j = Parse(MemoryJson(picture), "memory");
  HasKeys(j, {"launch", "copy_in_flight", "redirect", "inputs", "outputs", "scratch", "bytes_in",
              "launch_bytes_in", "naive_bytes_in", "launch_naive_bytes_in"});
  REQUIRE(j["inputs"].size() == picture.inputs.size());
  const nlohmann::json& first = j["inputs"][0];
  HasKeys(first, {"name", "slots", "reused", "hbm"});
  CHECK(first["slots"].size() == 2);
  HasKeys(first["slots"][0], {"block", "active", "filling"});
  HasKeys(first["hbm"], {"rows", "cols", "slice", "cells", "wanted", "naive"});
  if (!picture.outputs.empty()) CHECK(j["outputs"][0].contains("written_back"));
}

TEST_CASE("picture json: a heatmap past the stated size is sampled, with its stride") {
  views::ScoresPicture picture;
  picture.launch = "fwd";
  auto image = std::make_shared<views::HeatmapImage>();
  image->width = 100;
  image->height = 200;
  image->rgba.assign(100 * 200 * 4, 0);
  for (int i = 0; i < 100 * 200; ++i) image->values.push_back(static_cast<float>(i) / 3.0f);
  image->values[0] = -std::numeric_limits<float>::infinity();
  image->entry_bits.assign(100 * 200, 0);
  image->entry_bits[4] = views::heatmap_entry::kCausalMasked;
  picture.s = {.label = "s", .rows = 200, .cols = 100, .min = 0, .max = 1, .has_range = true, .image = image};
  const nlohmann::json j = Parse(ScoresJson(picture), "scores");
  HasKeys(j, {"empty_message", "launch", "s", "s_from", "p", "p_from", "causal_masked", "segment_masked",
              "m_tiles", "mask_added"});
  const nlohmann::json& s = j["s"];
  HasKeys(s, {"label", "rows", "cols", "range", "masked", "stride", "values", "entry_bits"});
  CHECK(s["stride"] == nlohmann::json::array({7, 4}));  // the smallest strides that fit 32 a side
  REQUIRE(s["values"].size() == 29);                    // rows 0, 7, ..., 196
  CHECK(s["values"][0].size() == 25);
  CHECK(s["values"][0][0].is_null());                                                    // -inf
  CHECK(s["values"][0][1].get<double>() == doctest::Approx(4.0 / 3.0).epsilon(1e-5));    // column 4
  CHECK(s["values"][1][0].get<double>() == doctest::Approx(700.0 / 3.0).epsilon(1e-5));  // row 7
  CHECK(s["entry_bits"][0][1] == views::heatmap_entry::kCausalMasked);
  CHECK(j["p"].is_null());
}

TEST_CASE("picture json: a heatmap without values says so with nulls") {
  const nlohmann::json j = Parse(LanesJson(views::CannedLanesPicture()), "lanes");
  HasKeys(j, {"m", "m_from", "m_lanes_equal", "l", "l_from", "l_lanes_equal", "tile_repeats", "score_cols",
              "alpha", "rows_rescaled"});
  CHECK(j["m"]["values"].is_null());  // the canned images carry colours only
  CHECK(j["m"]["stride"].is_null());
  CHECK(j["m"]["rows"].get<int>() > 0);
}

TEST_CASE("picture json: the timeline's launches and markers, the cost model's rows") {
  const views::TimelinePicture timeline = views::CannedTimelinePicture();
  const nlohmann::json t = Parse(TimelineJson(timeline), "timeline");
  HasKeys(t, {"event_count", "cursor", "landing", "position", "statement", "axis", "total_us", "cursor_us",
              "landing_us", "launches", "markers"});
  CHECK(t["launches"].size() == timeline.launches.size());
  REQUIRE(t["markers"].size() == timeline.markers.size());
  HasKeys(t["markers"][0], {"event", "kind", "time_us"});

  views::CostPicture cost = views::CannedCostPicture();
  cost.total_us = 1.23456789;
  const nlohmann::json c = Parse(CostJson(cost), "cost");
  HasKeys(c, {"launch", "chip_name", "chip", "vmem", "total_us", "compute_us", "dma_us", "overhead_us",
              "bubble_us", "hbm_bound", "current_step", "cursor_us", "steps", "copies"});
  CHECK(c["total_us"].get<double>() == 1.2346);
  CHECK(c["steps"].size() == cost.steps.size());
  HasKeys(c["steps"][0], {"start_us", "end_us", "wait_us", "ran"});
  HasKeys(c["copies"][0], {"start_us", "end_us", "step", "writeback"});
  CHECK(CostJson(cost) == CostJson(cost));
}

}  // namespace tilewalk::pictures
