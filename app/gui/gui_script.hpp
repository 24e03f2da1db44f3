// `tilewalk gui --script FILE`: a script that drives the real window through the same input path a person
// uses, for tests, reproducible demos and measurements. One command a line, '#' starts a comment:
//   key NAME           press a key, release it the frame after ("Right", "PageDown", "F10", "Shift+Right")
//   tap NAME           press and release inside one frame (a presenter's clicker does this)
//   set FIELD VALUE    a Scenario pane field, by its key in the scenario field table ("q_len 2048")
//   apply              the Scenario pane's Apply
//   wait recorded      until no recording is under way (after an apply it says ready_ms=, how long it took)
//   wait frames N      N frames
//   wait ms N          N milliseconds of wall time, frames drawn meanwhile (playback goes on)
//   play time RATE     play in model time at RATE µs of TPU time a second of screen (0.001 to 1e6)
//   play steps SPEED   play SPEED steps a second of the step unit (1 to 120)
//   pause              stop playing
//   screenshot F.png   the window as it is now
//   expect TEXT        fails unless the status line, the passage or a text the last frame drew contains it
//   absent TEXT        fails if any of them contains TEXT
//   drag X Y X Y       the left button down at the first point and up at the second, between two frames
//   splits             prints the pane borders' shares: splits source=… passage=… grid=…
//   stats              prints frames=… p95_ms=… max_ms=… events=… launch=… step=… … cpu_ms_per_frame=…
//   check redraw       draws the frame just drawn again whole; fails if a pixel differs (partial redraw)
// Each command prints one line. A command it does not know, or a malformed one, is refused with its
// file:line before the window opens.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "app/gui/key_bindings.hpp"
#include "base/result.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {

enum class ScriptOp : uint8_t {
  Key,
  Tap,
  Set,
  Apply,
  WaitRecorded,
  WaitFrames,
  Screenshot,
  Expect,
  Absent,
  Stats,
  Drag,
  Splits,
  WaitMs,
  PlayTime,
  PlaySteps,
  Pause,
  CheckRedraw
};

struct ScriptCommand {
  ScriptOp op = ScriptOp::Stats;
  int line = 0;                                      // 1-based, for messages
  std::string text{};                                // the line as written, trimmed
  NamedKey key{};                                    // Key, Tap
  std::string field{};                               // Set
  std::string value{};                               // Set; Expect, Absent: the text; Screenshot: the file
  int frames = 0;                                    // WaitFrames; WaitMs: milliseconds; PlaySteps: speed
  double rate_us = 0;                                // PlayTime
  float from_x = 0, from_y = 0, to_x = 0, to_y = 0;  // Drag: where the left button goes down and comes up
};

// Parses a script; `file` names it in messages ("demo.script:3: unknown command 'jump'; ..."). Its `set`
// lines name fields of `kernel`'s scenario table (gui --kernel).
base::Result<std::vector<ScriptCommand>> ParseScript(std::string_view text, const std::string& file,
                                                     const kernel::Kernel& kernel = kernel::DefaultKernel());

// Reads (with a size cap) and parses a script file.
base::Result<std::vector<ScriptCommand>> LoadScript(const std::filesystem::path& file,
                                                    const kernel::Kernel& kernel);

}  // namespace tilewalk::app
