// The manifest an export writes beside its frames (manifest.json): what was exported (a tour, or a
// scenario's flags), how (size, scale, panes, every, frames per second), and per frame where it is in the
// run (event, launch, grid index), in the code (site, C++ line, passage, the Pallas lines the passage
// explains at the pinned commit), its caption and its estimated time. The schema is in
// docs/export-manifest.md. Pure data and JSON: the same manifest gives the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/pixel_size.hpp"
#include "kernels/flash/scenario.hpp"

namespace tilewalk::app {

// One pane of a frame: its picture as JSON, and its own image with --figure or --format svg.
struct ManifestPane {
  std::string pane{};   // "grid", "memory", ...
  std::string image{};  // "frames/00001-grid.png" or ".svg"; empty when the frame is one image of the screen
  std::string picture{};  // "pictures/00001-grid.json", relative to the manifest
  std::string title{};    // a figure's: the pane's title as the window shows it (the image is drawn without)
  PixelSize size{};       // a figure's image size in pixels; zero for an SVG, which scales
};

struct ManifestFrame {
  std::string file{};                    // "frames/00001.png", relative to the manifest; empty: per pane only
  std::vector<ManifestPane> panes{};     // the panes that have a picture, in PaneSet order
  int stop = 1;                          // 1-based
  std::optional<std::uint64_t> event{};  // global event index; none at a rejected scenario
  std::string launch{};                  // "fwd", "dkv", "dq"; empty with no event
  std::vector<std::int64_t> grid_index{};
  std::int64_t step = 0;                  // the grid step, lexicographic within the launch
  std::string event_kind{};               // "matmul", "copy_in", ...
  std::string site{};                     // empty for a copy or writeback
  std::string cpp_file{};                 // the mirror file of the site ("forward_kernel.cpp")
  int cpp_line = 0;                       // 0: no site
  std::string passage{};                  // the passage id shown, empty if none
  int pallas_first = 0, pallas_last = 0;  // the passage's lines in the pinned Pallas file; 0: none
  std::string caption{};
  std::optional<double> estimated_us{};  // the cost model's estimated time at the event
  std::string rejection{};               // the error of a rejected scenario
};

struct ManifestStop {
  std::string title{};
  std::optional<flash::Scenario> scenario{};  // the stop's scenario; none when its flags do not read
  std::string passage{};
  int first_frame = 0;  // index into frames
  int frame_count = 0;
};

struct Manifest {
  std::string tilewalk_version{};
  std::string pallas_commit{};                // the commit the passages' line hints refer to
  std::string kind = "tour";                  // "tour" or "scenario"
  std::string tour_id{}, tour_title{};        // kind "tour"
  std::optional<flash::Scenario> scenario{};  // kind "scenario"
  std::string every{};
  PixelSize size{};
  float scale = 1.0f;
  std::string panes{};
  std::string theme = "dark";  // --theme: dark, light or print
  bool figure = false;         // --figure: frames are per pane images
  std::string image_format = "png";
  int fps = 2;
  std::vector<ManifestStop> stops{};
  std::vector<ManifestFrame> frames{};
};

std::string ManifestJson(const Manifest& manifest);

// Whether `content` is a manifest an export wrote (its format is "tilewalk-export"): the marker that lets
// `export --force` replace an earlier export's folder, and nothing else.
bool IsExportManifest(std::string_view content);

}  // namespace tilewalk::app
