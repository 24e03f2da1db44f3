// Writes a recording's event log as JSON for the web explainer (schema: docs/trace-schema.md).
// Streams event by event, so a launch of hundreds of thousands of events needs no JSON tree in memory.
#pragma once

#include <cstdio>
#include <string>
#include <vector>

#include "walkthrough/pallas_index.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::app {

// launches: the names to include ("fwd", "dkv", "dq"); all of them when empty. With a Pallas file, every
// event carries `pallas_line`: the first line the site role table lights for it there (or null).
void WriteTraceJson(std::FILE* out, const walkthrough::Recording& recording,
                    const std::vector<std::string>& launches,
                    const walkthrough::PallasIndex* pallas = nullptr);

}  // namespace tilewalk::app
