// The walkthrough verbs: `anchors` (where every passage lands in the real Pallas file, and how much of the
// file the passages cover), `tours` (the list) and `tour NAME --print` (each stop, resolved).
#pragma once

#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kAnchorsSynopsis = "[--pallas-source PATH] [--json]";
inline constexpr std::string_view kAnchorsOptions =
    "  --pallas-source PATH   the Pallas flash_attention.py (else $TILEWALK_PALLAS_SOURCE, else the "
    "installed jax)\n"
    "  --json                 one JSON object instead of the table\n";
inline constexpr std::string_view kToursSynopsis = "[--library DIR]";
inline constexpr std::string_view kToursOptions =
    "  --library DIR          passages and tours from DIR/passages and DIR/tours, not the built-in ones\n";
inline constexpr std::string_view kTourSynopsis = "NAME --print [--library DIR]";
inline constexpr std::string_view kTourOptions =
    "  --print                print every stop: passage, C++ line, event index, first line of narration\n"
    "  --library DIR          passages and tours from DIR/passages and DIR/tours, not the built-in ones\n";

ExitCode RunAnchorsVerb(const VerbCall& call);
ExitCode RunToursVerb(const VerbCall& call);
ExitCode RunTourVerb(const VerbCall& call);

}  // namespace tilewalk::app
