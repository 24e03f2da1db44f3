// The manifest's JSON and the HTML player page: the same manifest gives the same bytes, absent values are
// null, and the page carries the manifest inline in a form no caption can break out of.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "app/export/html_player.hpp"
#include "app/export/manifest.hpp"
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::app {
namespace {

Manifest Sample() {
  Manifest m{.tilewalk_version = "1.2.3",
             .tour_id = "intro",
             .tour_title = "Intro",
             .every = "stop",
             .size = {.width = 640, .height = 360},
             .panes = "grid"};
  m.stops.push_back({.title = "First <!--<script> \"quoted\" 'and' &amp;",
                     .scenario = flash::Erased(flash::Scenario{.causal = true}),
                     .passage = "fwd-grid",
                     .frame_count = 2,
                     .narration = {.markdown = "Narration </script> <!-- `code`\nwrapped",
                                   .plain = "Narration </script> <!-- code wrapped"},
                     .passages = {{.id = "fwd-grid",
                                   .title = "The grid </script>",
                                   .body = {.markdown = "Body `x`", .plain = "Body x"}}},
                     .dwell_seconds = 6.5});
  // Filled field by field: GCC 12 warns falsely of an uninitialized string in one aggregate this large.
  ManifestFrame frame{.file = "frames/00001.png", .event = 12, .launch = "fwd", .grid_index = {0, 0, 1, 0}};
  frame.step = 2;
  frame.event_kind = "matmul";
  frame.site = "fwd.run.s";
  frame.cpp_file = "forward_kernel.cpp";
  frame.cpp_line = 90;
  frame.passage = "fwd-grid";
  frame.pallas_first = 10;
  frame.pallas_last = 20;
  frame.caption = "a </script> in a caption";
  frame.estimated_us = 1.5;
  frame.alt = "alt <!-- text";
  frame.event_text = "matmul at fwd.run.s, fwd step (0, 0, 1, 0)";
  frame.cpp_text = "s = dot(q, k);";
  frame.pallas.file = "flash_attention.py";
  frame.pallas.line = 245;
  frame.pallas.text = "s = jax.lax.dot_general(";
  frame.event_fields = R"({"i":12,"launch":"fwd","kind":"matmul","flops":4096})";
  m.frames.push_back(std::move(frame));
  m.frames.push_back({.file = "frames/00002.png", .caption = "rejected", .rejection = "ValueError: no"});
  return m;
}

}  // namespace

TEST_CASE("manifest: every field, nulls for what a frame lacks, and the same bytes twice") {
  const std::string text = ManifestJson(Sample());
  CHECK(text == ManifestJson(Sample()));
  const auto j = nlohmann::json::parse(text);
  CHECK(j["format"] == "tilewalk-export");
  CHECK(j["tour"]["id"] == "intro");
  CHECK(j["theme"] == "dark");  // the default
  CHECK(j["stops"][0]["frame_count"] == 2);
  const auto& f = j["frames"][0];
  CHECK(f["event"] == 12);
  CHECK(f["grid_index"] == nlohmann::json({0, 0, 1, 0}));
  CHECK(f["cpp"]["line"] == 90);
  CHECK(f["pallas_lines"] == nlohmann::json({10, 20}));
  CHECK(f["estimated_us"] == 1.5);
  CHECK(f["cpp"]["text"] == "s = dot(q, k);");
  CHECK(
      f["pallas"] ==
      nlohmann::json({{"file", "flash_attention.py"}, {"line", 245}, {"text", "s = jax.lax.dot_general("}}));
  CHECK(f["event_fields"]["flops"] == 4096);  // an object, not a string holding one
  CHECK(f["event_text"] == "matmul at fwd.run.s, fwd step (0, 0, 1, 0)");
  CHECK(f["alt"] == "alt <!-- text");
  const auto& rejected = j["frames"][1];
  CHECK(rejected["event"].is_null());
  CHECK(rejected["cpp"].is_null());
  CHECK(rejected["pallas_lines"].is_null());
  CHECK(rejected["pallas"].is_null());
  CHECK(rejected["event_fields"].is_null());
  CHECK(rejected["event_text"].is_null());
  CHECK(rejected["rejection"] == "ValueError: no");
}

TEST_CASE("manifest: a stop carries its narration and passages as Markdown and plain text") {
  const auto j = nlohmann::json::parse(ManifestJson(Sample()));
  CHECK(j["format_version"] == 6);
  const auto& stop = j["stops"][0];
  CHECK(stop["narration"]["markdown"] == "Narration </script> <!-- `code`\nwrapped");
  CHECK(stop["narration"]["plain"] == "Narration </script> <!-- code wrapped");
  CHECK(stop["passages"]["fwd-grid"] ==
        nlohmann::json({{"title", "The grid </script>"}, {"markdown", "Body `x`"}, {"plain", "Body x"}}));
  CHECK(stop["dwell_seconds"] == 6.5);
  CHECK(stop["problem"].is_null());
}

TEST_CASE("manifest: a stop gives its show pane and its focus, and an empty pane has no image but a reason") {
  using Kind = walkthrough::StopFocus::Kind;
  Manifest m = Sample();
  m.stops[0].show = "memory";
  m.stops[0].focus = {.kind = Kind::Operand, .operand = "m_scratch"};
  m.stops.push_back({.title = "cell", .show = "grid", .focus = {.kind = Kind::Cell, .cell = {0, 0, 2, 3}}});
  m.stops.push_back({.title = "line", .show = "scores", .focus = {.kind = Kind::Line, .line = 440}});
  m.stops.push_back({.title = "none", .show = "scenario"});
  m.frames[0].panes = {
      {.pane = "grid", .image = "frames/00001-grid.png", .picture = "pictures/00001-grid.json"},
      {.pane = "scores", .picture = "pictures/00001-scores.json", .empty = "No score block yet."}};
  const auto j = nlohmann::json::parse(ManifestJson(m));
  CHECK(j["stops"][0]["show"] == "memory");
  CHECK(j["stops"][0]["focus"] == nlohmann::json({{"kind", "operand"}, {"operand", "m_scratch"}}));
  CHECK(j["stops"][1]["focus"] == nlohmann::json({{"kind", "cell"}, {"cell", {0, 0, 2, 3}}}));
  CHECK(j["stops"][2]["focus"] == nlohmann::json({{"kind", "line"}, {"line", 440}}));
  CHECK(j["stops"][3]["show"] == "scenario");
  CHECK(j["stops"][3]["focus"].is_null());
  const auto& panes = j["frames"][0]["panes"];
  CHECK(panes[0]["image"] == "frames/00001-grid.png");
  CHECK_FALSE(panes[0].contains("empty"));
  CHECK(panes[1]["image"].is_null());
  CHECK(panes[1]["empty"] == "No score block yet.");
  CHECK(j["stop_pane"] == false);
}

TEST_CASE("player: one self-contained page whose inline manifest parses back") {
  const std::string json = ManifestJson(Sample());
  const std::string page = PlayerHtml("tilewalk: <Intro>", json);
  CHECK(page.find("@STYLE@") == std::string::npos);
  CHECK(page.find("@SCRIPT@") == std::string::npos);
  CHECK(page.find("@MANIFEST@") == std::string::npos);
  CHECK(page.find("<title>tilewalk: &lt;Intro&gt;</title>") != std::string::npos);
  CHECK(page.find("http") == std::string::npos);  // nothing fetched from a network
  const std::string open = "<script id=\"manifest\" type=\"application/json\">";
  const std::size_t start = page.find(open);
  REQUIRE(start != std::string::npos);
  const std::size_t end = page.find("</script>", start);
  const std::string inline_json = page.substr(start + open.size(), end - start - open.size());
  CHECK(nlohmann::json::parse(inline_json) ==
        nlohmann::json::parse(json));  // the caption's </script> is escaped
  // Nothing in the manifest can end the element or switch the HTML parser into a script-escaped state.
  CHECK(inline_json.find('<') == std::string::npos);
  CHECK(inline_json.find('>') == std::string::npos);
  CHECK(inline_json.find("\\u003c!--\\u003cscript\\u003e") != std::string::npos);
  CHECK(page.find("<!--") == std::string::npos);
  const auto inline_manifest = nlohmann::json::parse(inline_json);
  CHECK(inline_manifest["stops"][0]["title"] == Sample().stops[0].title);
  CHECK(inline_manifest["stops"][0]["narration"]["markdown"] == Sample().stops[0].narration.markdown);
  CHECK(inline_manifest["stops"][0]["passages"]["fwd-grid"]["title"] == "The grid </script>");
  CHECK(inline_manifest["frames"][0]["alt"] == "alt <!-- text");
}

TEST_CASE("manifest: IsExportManifest knows a manifest an export wrote, and nothing else") {
  // The marker that lets `export --force` replace a folder: anything it wrongly accepted could be deleted.
  CHECK(IsExportManifest(ManifestJson(Sample())));
  CHECK_FALSE(IsExportManifest(""));
  CHECK_FALSE(IsExportManifest("not json"));
  CHECK_FALSE(IsExportManifest("[\"tilewalk-export\"]"));
  CHECK_FALSE(IsExportManifest(R"({"format": "someone-else"})"));
  CHECK_FALSE(IsExportManifest(R"({"format": 1})"));
  CHECK(IsExportManifest(R"({"format": "tilewalk-export"})"));
}

}  // namespace tilewalk::app
