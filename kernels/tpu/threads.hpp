// How many threads a launch may use for its parallel grid axes: the app's --threads flag, else the
// environment variable TILEWALK_THREADS, else one per core of the machine. 1 runs every launch serially,
// as the grid is defined.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace tilewalk::tpu {

inline constexpr const char* kThreadsVariable = "TILEWALK_THREADS";
inline constexpr int kMaxThreads = 256;

// A thread count as a flag or TILEWALK_THREADS spells it: a whole number from 1 to kMaxThreads.
std::optional<int> ParseThreadCount(std::string_view text);

// The count SetThreadCount chose, else TILEWALK_THREADS when it is set and valid, else the machine's
// cores (at least 1); always 1 in the WebAssembly build, which has no threads. A set but invalid variable is
// ignored here; ThreadsVariableProblem() says what is wrong with it, for the app to report.
int DefaultThreadCount();
std::optional<std::string> ThreadsVariableProblem();

// What the --threads flag asks for, for the rest of the process (or until called again); 0 goes back to
// TILEWALK_THREADS and the cores. Launches read it when they start.
void SetThreadCount(int threads);

}  // namespace tilewalk::tpu
