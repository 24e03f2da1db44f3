// What `tilewalk gui` was asked to do, as one aggregate: parsed from the command line by gui_verb.cpp and
// read by the frame loop.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "app/pixel_size.hpp"
#include "app/views/play_rate.hpp"
#include "app/views/timeline_picture.hpp"
#include "app/views/tour_palette.hpp"
#include "kernels/api/kernel.hpp"

namespace tilewalk::app {

inline constexpr int kMinScreenshotFrames =
    3;  // the first frames lack some decorations (ImGui lays out lazily)

struct GuiOptions {
  PixelSize window_size{.width = 1600, .height = 900};
  bool size_given = false;  // --size: the window keeps it, in classroom mode too (else that goes fullscreen)
  std::optional<std::filesystem::path> screenshot{};  // render, save this PNG, exit
  bool gallery = false;  // --gallery: show the gallery; with --screenshot, a folder of one PNG per exhibit
  int screenshot_frames = kMinScreenshotFrames;  // frames rendered before the capture
  std::string tour{};                            // --tour NAME; empty: the default tour
  const kernel::Kernel* kernel =
      nullptr;              // --kernel NAME: its tours, its default tour, its fields in --script set
  int stop = 1;             // --stop K, 1-based
  bool stop_given = false;  // --stop was on the command line
  std::optional<std::filesystem::path> library{};             // --library DIR: passages and tours from disk
  bool keep_going = false;                                    // --keep-going: open a library with problems
  std::optional<std::filesystem::path> pallas_source{};       // --pallas-source PATH
  views::palette::Theme theme = views::palette::Theme::Dark;  // --theme NAME
  bool classroom = false;    // --classroom: start fullscreen in classroom mode
  int benchmark_frames = 0;  // --benchmark-frames N: step a statement a frame, print mean and p95 frame time
  std::optional<std::filesystem::path> script{};  // --script FILE: drive the window, then exit
  int script_timeout_seconds = 300;               // --timeout: a script still running then is stopped
  int ready_fd = -1;  // --ready-fd N: "ready" is written there once the window first waits for input
  std::optional<std::filesystem::path> layout_json{};  // --layout-json FILE: the settled frame's layout
  // --play steps|time: start playing, by steps or in model time; with --benchmark-frames, instead of
  // stepping a statement a frame. --play-rate: model time's µs of TPU time a second.
  std::optional<views::PlayClock> play{};
  double play_rate_us = views::kDefaultPlayRate;
  bool whole_frames = false;  // --whole-frames: draw every frame whole, never only what changed
};

}  // namespace tilewalk::app
