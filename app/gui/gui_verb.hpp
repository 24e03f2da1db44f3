// The `gui` verb: its help text, its option parser, and its handler, which hands the parsed options to the
// frame loop. The parser is separate so that tests can check it without opening a window.
#pragma once

#include <span>
#include <string_view>

#include "app/gui/gui_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kGuiSynopsis =
    "[--tour NAME] [--stop K] [--classroom] [--benchmark-frames N] [--size WxH] [--screenshot FILE.png "
    "[--frames N]]";
inline constexpr std::string_view kGuiOptions =
    "  --size WxH             Window size in pixels (default 1600x900)\n"
    "  --screenshot FILE.png  Render a few frames, save the window as a PNG and exit\n"
    "  --frames N             Frames to render before the screenshot (default 3, at least 3)\n"
    "  --tour NAME            Open this tour (default: the default tour; 'tilewalk tours' lists them)\n"
    "  --stop K               Open the tour at stop K, from 1 (default 1)\n"
    "  --library DIR          Read passages and tours from DIR/passages and DIR/tours instead of the "
    "built-in ones\n"
    "  --pallas-source PATH   The Pallas flash_attention.py to show beside the C++ mirror\n"
    "  --classroom            Start in classroom mode, fullscreen: high contrast, larger text, fewer panes "
    "(F10)\n"
    "  --benchmark-frames N   Step one statement a frame for N frames, print the mean and p95 frame time\n";

// Throws UsageError.
GuiOptions ParseGuiOptions(std::span<const std::string_view> args);

ExitCode RunGuiVerb(const VerbCall& call);

}  // namespace tilewalk::app
