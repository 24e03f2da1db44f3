// The lander's recording cache and a recording's progress and cancel hooks: the cache keeps
// under its bound by dropping the least recently used, and a cancelled recording gives nothing; a stop
// over the memory cap does not resolve.
#include <doctest/doctest.h>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/host_memory.hpp"
#include "walkthrough/stop_landing.hpp"

using namespace tilewalk::walkthrough;

namespace {

TourStop StopOver(std::vector<std::string> flags) {
  TourStop stop;
  stop.kernel = &tilewalk::flash::KernelEntry();
  stop.scenario = std::move(flags);
  stop.land.kind = Landing::Kind::Launch;
  stop.land.launch = "fwd";
  return stop;
}

}  // namespace

TEST_CASE("stop lander: the cache stays under its bound, the newest kept, the oldest dropped first") {
  const TourStop a = StopOver({"--scenario", "causal-small"});
  const TourStop b = StopOver({"--scenario", "causal-small", "--seed", "7"});
  StopLander unbounded;
  const auto first = unbounded.Land(a).recording;
  REQUIRE(first);
  CHECK(unbounded.Land(a).recording == first);  // recorded once
  const std::size_t one = unbounded.cached_bytes();
  CHECK(one == first->MemoryBytes());

  StopLander lander(one + one / 2);  // room for one recording, not two
  const auto a1 = lander.Land(a).recording;
  const auto b1 = lander.Land(b).recording;
  CHECK(lander.cached_bytes() <= one + one / 2);
  CHECK(lander.Land(b).recording == b1);  // the newest stayed
  CHECK(lander.Land(a).recording != a1);  // the oldest was dropped, so it is recorded again
  StopLander tiny(1);                     // smaller than any recording: the newest still stays
  tiny.Land(a);
  CHECK(tiny.cached_bytes() == one);
}

TEST_CASE("recording: progress counts every grid step, and a cancel between steps gives no recording") {
  const TourStop stop = StopOver({"--scenario", "causal-small"});
  int64_t last_done = 0, total = 0;
  StopLander lander;
  const StopLanding done = lander.Land(stop, {.progress = [&](int64_t d, int64_t t) {
                                         last_done = d;
                                         total = t;
                                       }});
  REQUIRE(done.recording);
  CHECK(total > 0);
  CHECK(last_done == total);

  int calls = 0;
  StopLander other;
  const StopLanding cancelled = other.Land(
      stop, {.progress = [&](int64_t, int64_t) { ++calls; }, .cancelled = [&] { return calls >= 3; }});
  CHECK(cancelled.cancelled);
  CHECK_FALSE(cancelled.recording);
  CHECK(calls == 3);
  CHECK(other.cached_bytes() == 0);
}

TEST_CASE("stop lander: a stop over --max-memory does not resolve, and nothing is recorded") {
  const TourStop stop = StopOver({"--scenario", "causal-small"});
  tilewalk::flash::SetMaxHostBytes(int64_t{1} << 20);
  StopLander lander;
  const StopLanding landing = lander.Land(stop);
  tilewalk::flash::SetMaxHostBytes(0);
  CHECK(!landing.recording);
  CHECK(!landing.event);
  CHECK(!landing.cancelled);
  CHECK(landing.problem.starts_with("scenario: this scenario needs about "));
  CHECK(landing.problem.find("more than the 1.0 MiB --max-memory allows") != std::string::npos);
  CHECK(lander.cached_bytes() == 0);
  CHECK(lander.Land(stop).recording);  // under the default cap it lands
}
