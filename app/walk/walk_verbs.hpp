// The walkthrough verbs: `anchors` (where every passage lands in the real Pallas file, and how much of the
// file the passages cover), `tours` (the list) and `tour NAME --print` (each stop, resolved).
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kAnchorsSynopsis = "[--pallas-source PATH] [--json]";
inline constexpr std::string_view kToursSynopsis = "[--library DIR]";
inline constexpr std::string_view kTourSynopsis = "NAME --print [--library DIR]";

std::string AnchorsHelp();
std::string ToursHelp();
std::string TourHelp();

VerbResult RunAnchorsVerb(const VerbCall& call);
VerbResult RunToursVerb(const VerbCall& call);
VerbResult RunTourVerb(const VerbCall& call);

}  // namespace tilewalk::app
