#include "kernels/api/host_memory.hpp"

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdint>
#include <utility>

#include "base/memory_limits.hpp"

namespace tilewalk::kernel {

double HostMemory::Total() const {
  // The reference runs once the run's launches are gone: the larger of the two counts.
  return inputs + std::max(launches, reference) + results + events + checkpoints + workers + fixed;
}

namespace {
std::atomic<int64_t> g_max_host_bytes{0};
}  // namespace

void SetMaxHostBytes(int64_t bytes) {
  g_max_host_bytes.store(bytes, std::memory_order_relaxed);
}

HostCap MaxHostBytes() {
  if (const int64_t set = g_max_host_bytes.load(std::memory_order_relaxed); set > 0)
    return {set, "--max-memory"};
  base::MemoryLimit limit = base::TightestMemoryLimit();
  return {static_cast<int64_t>(std::min<std::uint64_t>(limit.bytes, INT64_MAX)), std::move(limit.source)};
}

}  // namespace tilewalk::kernel
