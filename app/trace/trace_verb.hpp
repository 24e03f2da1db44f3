// The `trace` verb: records a scenario and writes its event log as JSON for the web explainer.
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kTraceSynopsis =
    "[--kernel NAME] [SCENARIO FLAGS] [--launch LAUNCH|step] --out FILE.json";
std::string TraceHelp();

VerbResult RunTraceVerb(const VerbCall& call);

}  // namespace tilewalk::app
