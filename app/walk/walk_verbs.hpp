// The walkthrough verbs: `tours` (the list) and `tour NAME --print` or `--json` (each stop, resolved).
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kToursSynopsis = "[--library DIR]";
inline constexpr std::string_view kTourSynopsis = "NAME --print|--json [--library DIR]";

std::string ToursHelp();
std::string TourHelp();

VerbResult RunToursVerb(const VerbCall& call);
VerbResult RunTourVerb(const VerbCall& call);

}  // namespace tilewalk::app
