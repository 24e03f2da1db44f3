// The model-time index against a brute-force scan of the same recording: at instants spread over every
// launch, the copy in flight on each core, the core's latest event and what it is doing (computing, waiting
// for its inputs, done) are what a scan of every event and every step's cost says; the chart's spans are
// the steps and copies that overlap its window; and the pipeline really overlaps (a copy lands while the
// core computes), on one core and on a megacore chip's two.
#include <doctest/doctest.h>

#include <algorithm>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/model_time.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace model_time_test {

std::unique_ptr<Recording> Record(const std::string& chip) {
  flash::Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = true;
  s.chip = chip;
  return Recording::Record(flash::Erased(s));
}

bool IsCopy(const tpu::Event& e) {
  return (e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0) ||
         e.kind == tpu::EventKind::Writeback;
}

// The brute-force answer for one core at a launch-local time.
struct Scan {
  std::optional<uint64_t> copy, latest;
  double progress = 0;
  std::optional<int64_t> waiting_for, computing;
};

Scan ScanCore(const Recording& rec, int launch, int core, double t) {
  Scan scan;
  const LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
  const uint64_t base = rec.EventRange(launch).first;
  for (std::size_t i = 0; i < track.events.size(); ++i) {
    const tpu::Event& e = track.events[i];
    if (e.core() != core) continue;
    if (e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) == 0) continue;
    // An event counts as started a picosecond early, as ModelTime allows for float times: where one copy
    // ends as the next begins, the next is the one under way.
    const bool started = e.t_start_us <= t + 1e-6;
    if (IsCopy(e)) {
      if (started && t < e.t_end_us) {
        scan.copy = base + i;
        scan.progress = std::max(0.0, (t - e.t_start_us) / (e.t_end_us - e.t_start_us));
      }
    } else if (started) {
      scan.latest = base + i;
    }
  }
  for (std::size_t s = 0; s < track.stats.step_costs.size(); ++s) {
    const tpu::StepCost& cost = track.stats.step_costs[s];
    if (cost.core != core) continue;
    if (cost.start_us - cost.wait_us <= t && t < cost.start_us) scan.waiting_for = static_cast<int64_t>(s);
    if (cost.start_us <= t && t < cost.end_us) scan.computing = static_cast<int64_t>(s);
  }
  return scan;
}

// Instants across the recording: a grid of them, plus each step's start, middle and the middle of its wait.
std::vector<double> Instants(const Recording& rec) {
  std::vector<double> times;
  for (int i = 0; i <= 400; ++i) times.push_back(rec.TotalTime() * i / 400.0);
  for (int launch = 0; launch < static_cast<int>(rec.launches().size()); ++launch) {
    const double origin = rec.LaunchStartTime(launch);
    for (const tpu::StepCost& cost : rec.launches()[static_cast<std::size_t>(launch)].stats.step_costs) {
      times.push_back(origin + (cost.start_us + cost.end_us) / 2);
      if (cost.wait_us > 0) times.push_back(origin + cost.start_us - cost.wait_us / 2);
    }
  }
  return times;
}

void CheckAgainstScan(const Recording& rec) {
  const ModelTime time(rec);
  int overlaps = 0, waits = 0;
  for (const double t : Instants(rec)) {
    const ModelInstant instant = time.At(t);
    CAPTURE(t);
    REQUIRE(instant.launch >= 0);
    CHECK(instant.local_us == doctest::Approx(t - rec.LaunchStartTime(instant.launch)));
    for (int core = 0; core < time.Cores(instant.launch); ++core) {
      CAPTURE(core);
      const CoreInstant& got = instant.cores[static_cast<std::size_t>(core)];
      const Scan want = ScanCore(rec, instant.launch, core, instant.local_us);
      CHECK(got.event == want.latest);
      CHECK(got.copy.has_value() == want.copy.has_value());
      if (got.copy && want.copy) {
        CHECK(got.copy->event == *want.copy);
        CHECK(got.copy->progress == doctest::Approx(want.progress));
      }
      if (want.computing) {
        CHECK(got.activity == CoreActivity::Computing);
        CHECK(got.step == *want.computing);
      }
      if (want.waiting_for) {
        CHECK(got.activity == CoreActivity::Waiting);
        CHECK(got.step == *want.waiting_for);
        ++waits;
      }
      if (got.activity == CoreActivity::Computing && got.copy) ++overlaps;
    }
    CHECK(instant.cursor >= rec.EventRange(instant.launch).first);
    CHECK(instant.cursor < rec.EventRange(instant.launch).end);
  }
  CHECK(overlaps > 10);  // the prefetch of one step runs under the compute of another
  CHECK(waits > 0);      // and some steps wait for theirs: the bubbles
}

// The chart's spans in a window are the scan's: every step (and its wait) and every copy that overlaps it.
void CheckSpans(const Recording& rec) {
  const ModelTime time(rec);
  const int launch = 0;
  const double origin = rec.LaunchStartTime(launch);
  const double from = origin + rec.launches()[0].stats.cost.total_us * 0.3;
  const double to = from + rec.launches()[0].stats.cost.total_us * 0.2;
  std::size_t steps = 0, copies = 0;
  for (const tpu::StepCost& cost : rec.launches()[0].stats.step_costs)
    if (cost.core == 0 && origin + cost.start_us - cost.wait_us < to && origin + cost.end_us > from) ++steps;
  for (const tpu::Event& e : rec.launches()[0].events)
    if (IsCopy(e) && e.core() == 0 && origin + e.t_start_us < to && origin + e.t_end_us > from) ++copies;
  const std::vector<LaneSpan> compute = time.ComputeSpans(launch, 0, from, to, 1000);
  const auto steps_drawn = std::count_if(compute.begin(), compute.end(),
                                         [](const LaneSpan& s) { return s.kind != LaneSpanKind::Wait; });
  CHECK(static_cast<std::size_t>(steps_drawn) == steps);
  CHECK(time.CopySpans(launch, 0, from, to, 1000).size() == copies);
  CHECK(steps > 1);
  CHECK(copies > 1);
  CHECK(time.CopySpans(launch, 0, from, to, 2).size() == 2);  // the limit holds
  for (std::size_t i = 1; i < compute.size(); ++i) CHECK(compute[i - 1].start_us <= compute[i].start_us);
}

}  // namespace model_time_test

using namespace model_time_test;

TEST_CASE("model time: on one core, the instant's copy, latest event and activity are the scan's") {
  const auto rec = Record("v5e");
  REQUIRE(rec);
  REQUIRE_FALSE(rec->error());
  CheckAgainstScan(*rec);
  CheckSpans(*rec);
  const ModelTime time(*rec);
  CHECK(time.Cores(0) == 1);
  CHECK(time.At(0).cores[1].activity == CoreActivity::Unused);
  // The start is the prologue: the first step waits for its inputs while they are copied in.
  const ModelInstant start = time.At(0);
  CHECK(start.cores[0].activity == CoreActivity::Waiting);
  CHECK(start.cores[0].copy.has_value());
  CHECK(start.cursor == 0);
  // Past the end: the last launch, done, the cursor on its last statement.
  const ModelInstant end = time.At(rec->TotalTime() * 2);
  CHECK(end.time_us == rec->TotalTime());
  CHECK(end.launch == static_cast<int>(rec->launches().size()) - 1);
  CHECK(end.cores[0].activity == CoreActivity::Done);
}

TEST_CASE("model time: on a megacore chip both cores run at once, each with its own copy engine") {
  const auto rec = Record("v4");
  REQUIRE(rec);
  REQUIRE_FALSE(rec->error());
  CheckAgainstScan(*rec);
  const ModelTime time(*rec);
  REQUIRE(time.Cores(0) == 2);
  bool both = false;
  for (const double t : Instants(*rec)) {
    const ModelInstant instant = time.At(t);
    both = both || (instant.cores[0].activity == CoreActivity::Computing &&
                    instant.cores[1].activity == CoreActivity::Computing);
  }
  CHECK(both);
}
