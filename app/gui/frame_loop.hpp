// The frame loop of the interactive app: opens the window, draws the shell UI every frame until the window
// closes, or, with --screenshot, for a fixed number of frames before saving the last one as a PNG, or,
// with --benchmark-frames, stepping one statement a frame and printing the frame times on `out`.
// Failures (no display, an unwritable screenshot path) are printed to `err` and returned as an exit code.
#pragma once

#include <ostream>

#include "app/gui/gui_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

ExitCode RunGui(const GuiOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tilewalk::app
