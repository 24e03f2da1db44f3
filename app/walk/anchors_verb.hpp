// The `anchors` verb: where every passage and every site of the site role table lands in the real Pallas
// file (resolved, approximate, ambiguous or not found, with the drift from the pinned commit), and how much
// of the file's code the passages cover and the sites light during the default causal training step.
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kAnchorsSynopsis = "[--kernel NAME] [--pallas-source PATH] [--json]";

std::string AnchorsHelp();
VerbResult RunAnchorsVerb(const VerbCall& call);

}  // namespace tilewalk::app
