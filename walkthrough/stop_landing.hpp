// Where a tour stop lands: its scenario recorded (each distinct scenario once, while it stays in the cache),
// and the event its 'land' names found in that recording, or the reason it cannot be. The cache of
// recordings is bounded in bytes and evicts the least recently used first; a recording still in use
// elsewhere lives on through its shared pointer. Land may be called from several threads at once: the
// cache is locked, the recording itself is made outside the lock.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "walkthrough/recording.hpp"
#include "walkthrough/tour.hpp"

namespace tilewalk::walkthrough {

struct StopLanding {
  std::shared_ptr<const Recording> recording;  // null when the flags themselves are bad
  std::optional<uint64_t> event;               // the event to land on; none for a rejected scenario
  std::string problem;                         // why it does not land, when it does not
  bool cancelled = false;                      // RecordOptions::cancelled stopped the recording
};

class StopLander {
 public:
  // The default bound: about four recordings at S = 2048 with their full checkpoint budget.
  static constexpr std::size_t kDefaultCacheBytes = std::size_t{512} << 20;

  explicit StopLander(std::size_t cache_bytes = kDefaultCacheBytes) : m_bound(cache_bytes) {}
  StopLanding Land(const TourStop& stop, const RecordOptions& options = {});
  std::size_t cached_bytes() const;  // what the cached recordings hold (Recording::MemoryBytes)

 private:
  struct Cached {
    std::string key;  // the kernel's name and the scenario's canonical flags
    std::shared_ptr<const Recording> recording;
    std::size_t bytes = 0;
  };
  std::shared_ptr<const Recording> Find(const std::string& key);  // and marks it the most recent
  void Keep(const std::string& key, std::shared_ptr<const Recording> recording);

  mutable std::mutex m_mutex;
  std::list<Cached> m_recordings;  // the most recently used first
  std::size_t m_bytes = 0;
  std::size_t m_bound;
};

// The stop's scenario with its `try:` flags on top, as the flags of the scenario that makes: a try may
// change a setting the scenario already has (block_k 128, then 64), which the two lists joined would give
// twice. Fails as kernel::ParseScenario does for the stop's kernel, on either list.
base::Result<std::vector<std::string>> TriedScenarioFlags(const TourStop& stop);

// The N-th event matching a landing, counted over the whole recording in execution order; none for
// 'rejected' in a rejected scenario. NotFound when the recording has no such event.
base::Result<std::optional<uint64_t>> FindLanding(const Recording& recording, const Landing& land);

}  // namespace tilewalk::walkthrough
