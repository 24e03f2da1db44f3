#include "kernels/tpu/threads.hpp"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <thread>

#include "base/number_text.hpp"

namespace tilewalk::tpu {
namespace {

std::atomic<int> g_chosen_threads{0};  // --threads; 0: none given

}  // namespace

std::optional<int> ParseThreadCount(std::string_view text) {
  const auto n = base::ParseWhole(text, 1, kMaxThreads);
  if (!n) return std::nullopt;
  return static_cast<int>(*n);
}

int DefaultThreadCount() {
#if defined(__EMSCRIPTEN__)
  // The WebAssembly build has no threads (a page would need cross-origin isolation for them): every launch
  // runs its grid serially, on the caller's thread.
  return 1;
#endif
  if (const int chosen = g_chosen_threads.load(std::memory_order_relaxed); chosen > 0) return chosen;
  if (const char* value = std::getenv(kThreadsVariable))
    if (const auto n = ParseThreadCount(value)) return *n;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(std::min(cores, static_cast<unsigned>(kMaxThreads)));
}

std::optional<std::string> ThreadsVariableProblem() {
  const char* value = std::getenv(kThreadsVariable);
  if (!value || ParseThreadCount(value)) return std::nullopt;
  return std::string(kThreadsVariable) + "='" + value +
         "' is not a thread count (expected a whole number from 1 to " + std::to_string(kMaxThreads) +
         "), so it is ignored";
}

void SetThreadCount(int threads) {
  g_chosen_threads.store(std::clamp(threads, 0, kMaxThreads), std::memory_order_relaxed);
}

}  // namespace tilewalk::tpu
