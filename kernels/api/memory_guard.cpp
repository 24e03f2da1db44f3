#include "kernels/api/memory_guard.hpp"

#include <cstdint>
#include <string>

#include "base/byte_size.hpp"
#include "base/memory_limits.hpp"
#include "kernels/api/kernel.hpp"

namespace tilewalk::kernel {
namespace {

// An estimate past what 64 bits count (every flag at its limit) is still said in words.
std::string DescribeEstimate(double bytes) {
  if (bytes >= 0x1p63) return "more than 8 EiB";
  return base::DescribeBytes(static_cast<uint64_t>(bytes));
}

}  // namespace

base::Status CheckRunnable(const Scenario& s, const HostUse& use) {
  const Kernel& kernel = s.kernel();
  if (const base::Status usage = kernel.CheckScenario(s); !usage) return usage;
  const double bytes = kernel.EstimateHostMemory(s, use).Total();
  const HostCap cap = MaxHostBytes();
  if (bytes <= static_cast<double>(cap.bytes)) return {};
  const bool flag = cap.source == "--max-memory";
  if (cap.source == base::kWebHeapSource)
    return base::Fail(base::Reason::TooLarge,
                      "this scenario needs about " + DescribeEstimate(bytes) + " of memory, more than the " +
                          base::DescribeBytes(static_cast<uint64_t>(cap.bytes)) +
                          " this page can still give it (a WebAssembly module's memory grows to at most 2 "
                          "GiB, and part of it is in use); " +
                          std::string(kernel.info().memory_advice) +
                          ", or run it in the tilewalk app, which may use the machine's memory");
  return base::Fail(base::Reason::TooLarge,
                    "this scenario needs about " + DescribeEstimate(bytes) +
                        " of host memory, more than the " +
                        base::DescribeBytes(static_cast<uint64_t>(cap.bytes)) +
                        (flag ? " --max-memory allows"
                              : " tilewalk may use (--max-memory's default: the least of half of this "
                                "machine's memory, ulimit -v, ulimit -d and the cgroup's limit; here " +
                                    cap.source + ")") +
                        "; " + std::string(kernel.info().memory_advice) + ", or " +
                        (flag ? "raise --max-memory" : "raise that limit"));
}

}  // namespace tilewalk::kernel
