// The mirror records a body's statement whenever the original runs it: a statement on plain numbers (a
// program id, a block shape, the test of an `if` on a static) is a scalar event that takes no estimated
// time; the test of a static fires whether or not its branch runs; and a statement that only passes a
// value on (`mask = causal_mask`, `s = s` when there is no mask) fires all the same.
#include <doctest/doctest.h>

#include <map>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

std::map<std::string, int> EventsPerSite(const Recording& rec) {
  std::map<std::string, int> count;
  for (uint64_t e = 0; e < rec.EventCount(); ++e) ++count[rec.SiteNameOf(e)];
  return count;
}

flash::Scenario Small(bool causal, bool bias) {
  flash::Scenario s;
  s.q_len = s.kv_len = 256;
  s.causal = causal;
  s.bias = bias;
  return s;
}

}  // namespace

TEST_CASE("statement sites: a scalar event has a site and takes no estimated time") {
  const auto rec = Recording::Record(flash::Erased(Small(true, false)));
  int scalars = 0;
  for (uint64_t e = 0; e < rec->EventCount(); ++e) {
    const tpu::Event& event = rec->EventAt(e);
    if (event.kind != tpu::EventKind::Scalar) continue;
    ++scalars;
    CHECK(event.site != tpu::kNoSite);
    CHECK(event.t_end_us == event.t_start_us);
  }
  CHECK(scalars > 50);
  const auto count = EventsPerSite(*rec);
  CHECK(count.at("fwd.kv_seq_idx") == 4);  // once per grid step of the 2 × 2 forward grid
  CHECK(count.at("fwd.should_run") == 4);
  CHECK_FALSE(count.contains("fwd.should_run_always"));  // the causal side of the test ran
}

TEST_CASE("statement sites: the test of a static fires every time, its branch only when it holds") {
  const auto plain = EventsPerSite(*Recording::Record(flash::Erased(Small(true, false))));
  CHECK(plain.at("fwd.run.has_ab") == plain.at("fwd.run.m_next"));  // once per minor iteration
  CHECK_FALSE(plain.contains("fwd.run.ab"));
  CHECK(plain.at("dq.run.has_ds") == plain.at("dq.run.dq"));
  CHECK_FALSE(plain.contains("dq.run.store_ds"));
  const auto biased = EventsPerSite(*Recording::Record(flash::Erased(Small(true, true))));
  CHECK(biased.at("fwd.run.ab") == biased.at("fwd.run.has_ab"));
  CHECK(biased.at("dq.run.store_ds") == biased.at("dq.run.has_ds"));
}

TEST_CASE("statement sites: the mask lines fire with the mask a pass-through or absent") {
  const auto causal = EventsPerSite(*Recording::Record(flash::Erased(Small(true, false))));
  CHECK(causal.at("fwd.run.combine_masks") == causal.at("fwd.run.causal_mask"));  // no segment mask
  const auto open = EventsPerSite(*Recording::Record(flash::Erased(Small(false, false))));
  CHECK_FALSE(open.contains("fwd.run.causal_mask"));
  CHECK(open.at("fwd.should_run_always") == 4);
  for (const char* launch : {"fwd.run", "dkv.run", "dq.run"}) {
    CAPTURE(launch);
    const std::string at = launch;
    CHECK(open.at(at + ".apply_mask") == open.at(at + ".p"));  // s = s if mask is None ...
    CHECK(open.at(at + ".mask_none") == open.at(at + ".p"));
  }
}
