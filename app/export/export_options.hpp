// What `tilewalk export` was asked to do, as one aggregate: parsed from the command line by export_verb.cpp
// and read by the export run.
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "app/export/frame_files.hpp"
#include "app/export/frame_plan.hpp"
#include "app/pixel_size.hpp"
#include "app/screen/tour_layout.hpp"
#include "app/views/tour_palette.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::app {

// The largest frame an export draws: 64 megapixels, 256 MiB of RGBA. About four frames are in memory at
// once (the one being read back, two waiting for the PNG writer, the one being encoded).
inline constexpr long long kMaxFramePixels = 64ll * 1024 * 1024;

struct ExportOptions {
  std::string tour{};  // --tour NAME; empty with no scenario flags: the default tour
  const kernel::Kernel* kernel =
      nullptr;  // --kernel NAME: whose library the tour is looked for in; null: any
  std::optional<kernel::Scenario> scenario{};    // scenario flags instead of a tour (of the --kernel chosen)
  std::filesystem::path out{};                   // --out DIR, required
  PixelSize size{.width = 1280, .height = 720};  // --size WxH: the layout, in pixels at scale 1
  bool size_given = false;                       // --size was given (a figure has a size per pane else)
  float scale = 1.0f;                            // --scale S: frame pixels per layout pixel
  std::optional<FrameEvery> every{};             // --every; default: stop for a tour, step for a scenario
  PaneSet panes = PaneSet::All();                // --panes LIST; with --figure, default the figure panes
  bool figure = false;                           // --figure: each pane alone, no controls, one file each
  bool stop_pane = false;                        // --stop-pane: of those, only each stop's own pane
  ImageFormat format = ImageFormat::Png;         // --format png|webp|svg; svg is one file per pane
  views::palette::Theme theme = views::palette::Theme::Dark;  // --theme NAME
  bool html = false;      // --html: index.html, a player that works from disk
  bool video = false;     // --video: video.mp4 through ffmpeg
  bool motion = false;    // --motion: figures, and each stop's grid and memory as animated WebP in model time
  int fps = 2;            // --fps: the player's and the video's frames per second
  bool force = false;     // --force: replace an existing --out folder
  int max_frames = 2000;  // --max-frames: refuse a plan longer than this
  std::optional<std::filesystem::path> library{};        // --library DIR
  bool keep_going = false;                               // --keep-going: export a library with problems
  std::optional<std::filesystem::path> pallas_source{};  // --pallas-source PATH
};

}  // namespace tilewalk::app
