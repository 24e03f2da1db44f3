#include "kernels/tpu/threads.hpp"

#include <charconv>
#include <cstdlib>
#include <thread>

namespace tilewalk::tpu {

std::optional<int> ParseThreadCount(std::string_view text) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 1 || n > kMaxThreads) return std::nullopt;
  return n;
}

int DefaultThreadCount() {
  if (const char* value = std::getenv(kThreadsVariable))
    if (const auto n = ParseThreadCount(value)) return *n;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores == 0 ? 1 : static_cast<int>(std::min(cores, static_cast<unsigned>(kMaxThreads)));
}

std::optional<std::string> ThreadsVariableProblem() {
  const char* value = std::getenv(kThreadsVariable);
  if (!value || ParseThreadCount(value)) return std::nullopt;
  return std::string(kThreadsVariable) + "='" + value +
         "' is not a thread count: expected a whole number from 1 to " + std::to_string(kMaxThreads) +
         "; using one thread per core";
}

}  // namespace tilewalk::tpu
