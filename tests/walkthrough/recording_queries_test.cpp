// The recording's queries, against the raw arrays they stand in front of: launch and step ranges, the
// estimated clock, moments, and searches by kind, site and line in both directions.
#include <doctest/doctest.h>

#include <filesystem>
#include <source_location>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

const Recording& Causal() {
  static const std::unique_ptr<Recording> recording = [] {
    flash::Scenario s;
    s.q_len = s.kv_len = 512;
    s.causal = true;
    return Recording::Record(flash::Erased(s));
  }();
  return *recording;
}

}  // namespace

TEST_CASE("queries: launch ranges tile the events, and steps start where the tracks say") {
  const Recording& rec = Causal();
  REQUIRE(rec.launches().size() == 3);
  uint64_t next = 0;
  for (int launch = 0; launch < 3; ++launch) {
    CAPTURE(launch);
    const EventSpan span = rec.EventRange(launch);
    CHECK(span.first == next);
    CHECK(span.size() == rec.launches()[static_cast<std::size_t>(launch)].events.size());
    next = span.end;
    CHECK(rec.LaunchNamed(rec.launches()[static_cast<std::size_t>(launch)].name) == launch);
    const int64_t steps = rec.StepCount(launch);
    CHECK(steps == rec.launches()[static_cast<std::size_t>(launch)].grid.Product());
    for (int64_t step = 0; step < steps; ++step) {
      const auto first = rec.FirstEventOfStep(launch, step);
      REQUIRE(first);
      CHECK(span.Contains(*first));
      // Step 0 opens with the prologue's copies, issued before it; every later step with its StepBegin.
      if (step == 0)
        CHECK(*first == span.first);
      else
        CHECK(rec.EventAt(*first).kind == tpu::EventKind::StepBegin);
      CHECK(rec.StepOf(*first) == step);
    }
    CHECK_FALSE(rec.FirstEventOfStep(launch, steps));
    CHECK_FALSE(rec.FirstEventOfStep(launch, -1));
  }
  CHECK(next == rec.EventCount());
  CHECK(rec.EventRange(3).size() == 0);
  CHECK(rec.LaunchNamed("nope") == -1);
  // A causal 4 × 4 forward grid: the six steps above the diagonal do no arithmetic.
  int ran = 0;
  for (int64_t step = 0; step < rec.StepCount(0); ++step) ran += rec.StepRan(0, step);
  CHECK(ran == 10);
}

TEST_CASE(
    "queries: the clock runs launches one after another, and the event at a time starts at or after it") {
  const Recording& rec = Causal();
  double total = 0;
  for (const auto& track : rec.launches()) total += track.stats.cost.total_us;
  CHECK(rec.TotalTime() == doctest::Approx(total));
  CHECK(rec.LaunchStartTime(1) == doctest::Approx(rec.launches()[0].stats.cost.total_us));
  CHECK(rec.TimeOfEvent(rec.EventRange(1).first) >= rec.launches()[0].stats.cost.total_us);
  CHECK(rec.TimeOfEvent(rec.EventCount()) == doctest::Approx(total));
  // Statements run on the core in order, so their times never go back; the event found for a statement's
  // time is that statement or an earlier event of the same time.
  double last = -1;
  for (uint64_t e = 0; e < rec.EventCount(); e += 7) {
    if (rec.EventAt(e).site == tpu::kNoSite) continue;
    const double t = rec.TimeOfEvent(e);
    CHECK(t >= last);
    last = t;
    const uint64_t found = rec.EventAtTime(t);
    CHECK(found <= e);
    CHECK(rec.TimeOfEvent(found) >= t - 1e-3);
  }
  CHECK(rec.EventAtTime(-5.0) == 0);
  CHECK(rec.EventAtTime(total * 2) == rec.EventCount() - 1);
}

TEST_CASE("queries: searches find the next and previous match and never the start itself") {
  const Recording& rec = Causal();
  const auto copy = rec.NextEventOfKind(0, {tpu::EventKind::CopyIn}, Direction::Forward);
  REQUIRE(copy);
  for (uint64_t e = 1; e < *copy; ++e) CHECK(rec.EventAt(e).kind != tpu::EventKind::CopyIn);
  CHECK(rec.NextEventOfKind(*copy, {tpu::EventKind::CopyIn}, Direction::Backward) < copy);
  const auto skipped = rec.NextMoment(0, Moment::SkippedStep, Direction::Forward);
  REQUIRE(skipped);
  CHECK(rec.IsMoment(*skipped, Moment::SkippedStep));
  CHECK_FALSE(rec.StepRan(rec.LaunchOf(*skipped), rec.StepOf(*skipped)));
  CHECK(rec.NextMoment(*skipped, Moment::SkippedStep, Direction::Backward) != skipped);
  CHECK_FALSE(rec.NextMoment(0, Moment::Error, Direction::Forward));
  CHECK_FALSE(rec.NextEventOfKind(0, {tpu::EventKind::StepBegin}, Direction::Backward));

  const std::vector<tpu::SiteId> alpha = tpu::SitesNamed("fwd.run.alpha");
  const auto first_alpha = rec.FirstAtSite(alpha);
  REQUIRE(first_alpha);
  CHECK(rec.NextAtSite(*first_alpha, alpha, Direction::Backward) == std::nullopt);
  const auto second_alpha = rec.NextAtSite(*first_alpha, alpha, Direction::Forward);
  REQUIRE(second_alpha);
  CHECK(*second_alpha > *first_alpha);

  const tpu::SiteInfo site = tpu::GetSite(alpha.front());
  const std::string file = std::filesystem::path(site.file).filename().string();
  CHECK(rec.FirstAtLine(file, site.line) == first_alpha);
  CHECK(rec.NextAtLine(*first_alpha, file, site.line, Direction::Forward) == second_alpha);
  CHECK_FALSE(rec.FirstAtLine("dq_kernel.cpp", site.line));
}

TEST_CASE("queries: events are found by the names the Pallas line map gives, copies included") {
  const Recording& rec = Causal();
  const std::vector<std::string> alpha = {"fwd.run.alpha"};
  CHECK(rec.FirstNamed(alpha) == rec.FirstAtSite(tpu::SitesNamed("fwd.run.alpha")));
  const auto copy = rec.NextEventOfKind(0, {tpu::EventKind::CopyIn}, Direction::Forward);
  REQUIRE(copy);
  const std::vector<std::string> copies = {rec.SiteNameOf(*copy)};
  CHECK(rec.FirstNamed(copies) == copy);
  const auto next = rec.NextNamed(*copy, copies, Direction::Forward);
  REQUIRE(next);
  CHECK(rec.SiteNameOf(*next) == copies.front());
  CHECK(rec.NextNamed(*next, copies, Direction::Backward) == copy);
  CHECK_FALSE(rec.FirstNamed(std::vector<std::string>{"no.such.site"}));
  CHECK_FALSE(rec.FirstNamed({}));
}

TEST_CASE("queries: the nearest statement of a copy is found in its launch, in the direction asked first") {
  const Recording& rec = Causal();
  const auto copy = rec.NextEventOfKind(0, {tpu::EventKind::CopyIn}, Direction::Forward);
  REQUIRE(copy);
  const auto after = rec.NearestStatement(*copy, Direction::Forward);
  REQUIRE(after);
  CHECK(*after > *copy);
  CHECK(rec.EventAt(*after).site != tpu::kNoSite);
  for (uint64_t e = *copy; e < *after; ++e) CHECK(rec.EventAt(e).site == tpu::kNoSite);
  const auto statement = rec.NearestStatement(*after, Direction::Backward);
  CHECK(statement == after);  // a statement is its own nearest
}

TEST_CASE("queries: a rejected recording has no outputs, and asking for them is safe") {
  flash::Scenario rejected;
  rejected.block_sizes.block_k = 64;  // a tracing error in the forward body: nothing runs
  const auto rec = Recording::Record(flash::Erased(rejected));
  REQUIRE(rec->error());
  const kernel::Outputs outputs = rec->Outputs();
  CHECK(outputs.typed == nullptr);
  CHECK(outputs.named.empty());
  CHECK(outputs.Find("o") == nullptr);
}

TEST_CASE("queries: a site name is looked up in the recording's own kernel, not in another's files") {
  const Recording& rec = Causal();
  const std::vector<tpu::SiteId> flash_alpha = rec.SitesNamed("fwd.run.alpha");
  REQUIRE(flash_alpha.size() == 1);
  CHECK(flash_alpha == tpu::SitesNamed("fwd.run.alpha"));
  // Another kernel's statement of the same name: this test file stands for its source.
  const tpu::SiteId other = tpu::InternSite("fwd.run.alpha", std::source_location::current());
  CHECK(other != flash_alpha.front());
  CHECK(tpu::SitesNamed("fwd.run.alpha").size() == 2);
  CHECK(rec.SitesNamed("fwd.run.alpha") == flash_alpha);
}
