// Writes a recording's event log as JSON for the web explainer (schema: docs/trace-schema.md).
// Streams event by event, so a launch of hundreds of thousands of events needs no JSON tree in memory.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "walkthrough/pallas_index.hpp"
#include "walkthrough/recording.hpp"

namespace tilewalk::app {

// Asked every few thousand events with the events written so far and the total; false stops the writing
// there (an interrupt, or a write that already failed), leaving the JSON incomplete.
using TraceWriteCheck = std::function<bool(std::uint64_t written, std::uint64_t total)>;

// launches: the names to include ("fwd", "dkv", "dq"); all of them when empty. With a Pallas file, every
// event carries `pallas_line`: the first line the site role table lights for it there (or null). False
// when `keep_going` stopped it.
bool WriteTraceJson(std::FILE* out, const walkthrough::Recording& recording,
                    const std::vector<std::string>& launches,
                    const walkthrough::PallasIndex* pallas = nullptr, const TraceWriteCheck& keep_going = {});

// One event as the trace writes it (the `events` entry of docs/trace-schema.md), for the export's manifest.
std::string EventJson(const walkthrough::Recording& recording, uint64_t event,
                      const walkthrough::PallasIndex* pallas = nullptr);

}  // namespace tilewalk::app
