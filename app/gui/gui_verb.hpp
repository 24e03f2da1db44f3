// The `gui` verb: its help text, its option parser, and its handler, which hands the parsed options to the
// frame loop. The parser is separate so that tests can check it without opening a window.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "app/gui/gui_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kGuiSynopsis =
    "[--kernel NAME] [--tour NAME] [--stop K] [--classroom] [--benchmark-frames N] [--size WxH] "
    "[--screenshot FILE.png "
    "[--frames N]]";
std::string GuiHelp();

base::Result<GuiOptions> ParseGuiOptions(std::span<const std::string_view> args);

VerbResult RunGuiVerb(const VerbCall& call);

}  // namespace tilewalk::app
