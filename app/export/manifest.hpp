// The manifest an export writes beside its frames (manifest.json): what was exported (a tour, or a
// scenario's flags), how (size, scale, panes, every, frames per second), per stop its narration and
// passages as text, and per frame where it is in the run (event, launch, grid index, the event's fields),
// in the code (site, the C++ and Pallas lines with their text, passage, the Pallas lines the passage
// explains at the pinned commit), its caption and alt text, and its estimated time. The schema is in
// docs/export-manifest.md. Pure data and JSON: the same manifest gives the same bytes.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/pixel_size.hpp"
#include "kernels/api/scenario.hpp"
#include "walkthrough/stop_picture.hpp"

namespace tilewalk::app {

// A text of the library as written (Markdown, placeholders filled) and as plain text
// (walkthrough/plain_text.hpp).
struct ManifestText {
  std::string markdown{};
  std::string plain{};
};

// A line of source at the event: the file's name, the line (1-based; 0: none) and its text.
struct ManifestCodeLine {
  std::string file{};
  int line = 0;
  std::string text{};
};

// A passage as one stop shows it: its placeholders are filled from that stop's recording.
struct ManifestPassage {
  std::string id{};
  std::string title{};
  ManifestText body{};
};

// One pane of a frame: its picture as JSON, and its own image with --figure or --format svg unless the pane
// has nothing to show.
struct ManifestPane {
  std::string pane{};     // "grid", "memory", ...
  std::string image{};    // "frames/00001-grid.png" or ".svg"; empty for one image of the screen, or `empty`
  std::string picture{};  // "pictures/00001-grid.json", relative to the manifest
  std::string title{};    // a figure's: the pane's title as the window shows it (the image is drawn without)
  PixelSize size{};       // a figure's image size in pixels; zero for an SVG, which scales
  std::string empty{};    // why the pane has nothing to show at this frame; empty when it has a picture
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
  std::string alt{};                     // the image's alt text, from the narration
  std::string event_text{};              // the event in a line: "vector at fwd.run.s, fwd step (0, 0, 1, 0)"
  std::string cpp_text{};                // the C++ line's text
  ManifestCodeLine pallas{};             // the Pallas line the event runs, with a Pallas file in use
  std::string event_fields{};            // the event as a JSON object, as `tilewalk trace` writes it
};

struct ManifestStop {
  std::string title{};
  std::string show{};              // the pane the stop's words are about: "grid", "memory", ...
  walkthrough::StopFocus focus{};  // what in that pane the stop brings forward; kind None: nothing
  std::optional<kernel::Scenario> scenario{};  // the stop's scenario; none when its flags do not read
  std::string passage{};
  int first_frame = 0;  // index into frames
  int frame_count = 0;
  ManifestText narration{};                 // filled from the stop's recording
  std::vector<ManifestPassage> passages{};  // every passage its frames show, in the order first shown
  double dwell_seconds = 4.0;               // how long the player stays on the stop: its reading time
  std::string problem{};  // a placeholder that could not be filled, a stop that does not land
};

// One animation of `export --motion`: a pane of a stop played in model time from the stop's landing event,
// or with --video the whole screen's stretch of video.mp4 for that stop (pane "screen").
// Frame k shows the instant from_us + k * rate_us_per_second / fps; the last stays until to_us.
struct ManifestMotion {
  std::string file{};  // "motion/00001-grid.webp", relative to the manifest
  std::string pane{};  // "grid", "memory", or "screen" for a stretch of the video
  int stop = 1;        // 1-based
  PixelSize size{};
  int fps = 30;
  int frame_count = 0;
  double duration_seconds = 0;
  double from_us = 0, to_us = 0;  // the model-time span, on the recording's clock
  double rate_us_per_second = 0;  // µs of model time a second of the animation shows
  std::string launch{};
  std::int64_t first_step = 0, last_step = 0;     // the grid steps the span covers
  std::uint64_t first_event = 0, last_event = 0;  // the events at the cursor at the first and last frames
  double start_seconds = 0;  // where it begins in its file: 0 but for the video's stops (pane "screen")
};

struct Manifest {
  std::string tilewalk_version{};
  std::string kernel{};                        // the kernel the tour or scenario runs (KernelInfo::name)
  std::string pallas_commit{};                 // the commit the passages' line hints refer to
  std::string kind = "tour";                   // "tour" or "scenario"
  std::string tour_id{}, tour_title{};         // kind "tour"
  std::optional<kernel::Scenario> scenario{};  // kind "scenario"
  std::string every{};
  PixelSize size{};
  float scale = 1.0f;
  std::string panes{};
  std::string theme = "dark";  // --theme: dark, light or print
  bool figure = false;         // --figure: frames are per pane images
  bool stop_pane = false;      // --stop-pane: each frame has only its stop's own pane
  std::string image_format = "png";
  int fps = 2;
  std::vector<ManifestStop> stops{};
  std::vector<ManifestFrame> frames{};
  std::vector<ManifestMotion> motion{};  // --motion: animations by stop then pane, then the video's stretches
};

std::string ManifestJson(const Manifest& manifest);

// Whether `content` is a manifest an export wrote (its format is "tilewalk-export"): the marker that lets
// `export --force` replace an earlier export's folder, and nothing else.
bool IsExportManifest(std::string_view content);

}  // namespace tilewalk::app
