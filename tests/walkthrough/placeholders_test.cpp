// Placeholders: every documented form is accepted on load and the rest refused with a reason; the new
// forms (a step's copy, a value at an event, the reference check, a variant, byte units) fill from a
// recording with the figures the recording itself holds.
#include <doctest/doctest.h>

#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholders.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

bool Known(const std::string& name) {
  return ParsePlaceholder(name, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())).ok();
}

std::string Fill(PlaceholderSource& source, const std::string& name) {
  const Figure value = source.Value(name);
  REQUIRE_MESSAGE(value, (value ? std::string() : value.error().message));  // error() only on a failure
  return *value;
}

std::unique_ptr<Recording> Record(void (*set)(flash::Scenario&)) {
  flash::Scenario s;
  set(s);
  return Recording::Record(flash::Erased(s));
}

void IntroScenario(flash::Scenario& s) {  // assets/flash/scenarios/intro.flags
  s.q_len = s.kv_len = 512;
  s.causal = true;
  s.block_sizes.block_k_major = 256;
}

}  // namespace

TEST_CASE("the documented forms parse, and the others say why not") {
  for (const char* name : {"fwd.steps",
                           "dkv.copies.l.issued",
                           "dq.writebacks.ds",
                           "dq.writebacks.ds.bytes",
                           "fwd.bytes_in:KiB",
                           "fwd.bytes_saved:MiB",
                           "fwd.step.3.ran",
                           "fwd.step.0.copy.k",
                           "dq.step.2.keys",
                           "dkv.step.12.slot.q",
                           "fwd.run.alpha#2.min",
                           "fwd.run.l_next#3.rows_below_one",
                           "check.pass",
                           "check.o.max_rel",
                           "check.masked_rows",
                           "check.ds.pass",
                           "scenario.what_if",
                           "with --what-if redirect-lm-dkv: dkv.copies.l.issued",
                           "with --precision highest: check.o.max_rel",
                           "with --naive-index-maps: fwd.bytes_in:KiB"})
    CHECK_MESSAGE(Known(name), name);
  for (const char* name :
       {"fwd.steps:KiB", "fwd.step.x.ran", "fwd.step.1.copy", "fwd.run.nowhere#1.min", "fwd.run.alpha#0.min",
        "fwd.run.alpha#2.mean", "check.o.median", "with: fwd.steps", "with --json: fwd.steps",
        "with --what-if nope: fwd.steps", "with --causal: fwd.step.1.ran", "with --causal: fwd.bytes_saved"})
    CHECK_MESSAGE(!Known(name), name);
  const auto variant_moment = ParsePlaceholder("with --causal: fwd.run.alpha#1.min",
                                               tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE_FALSE(variant_moment);
  CHECK(variant_moment.error().reason == base::Reason::Malformed);
  CHECK(variant_moment.error().message.find("whole run only") != std::string::npos);
}

TEST_CASE("step facts come from the pipeline plan: which steps run, which copies are issued") {
  const auto rec = Record([](flash::Scenario& s) {  // causal-small: a 4 × 4 grid in each launch
    s.q_len = s.kv_len = 512;
    s.causal = true;
  });
  PlaceholderSource source(*rec);
  CHECK(Fill(source, "fwd.step.0.ran") == "yes");
  CHECK(Fill(source, "fwd.step.1.ran") == "no");                // (q 0, kv 1) is above the diagonal
  CHECK(Fill(source, "fwd.step.1.copy.k") == "skipped");        // redirected to block 0, which step 0 holds
  CHECK(Fill(source, "fwd.step.5.copy.k") == "issued");         // (q 1, kv 1) runs: block 1 comes in
  CHECK(Fill(source, "fwd.step.6.queries") == "128\u2013255");  // (q 1, kv 2)
  CHECK(Fill(source, "fwd.step.6.keys") == "256\u2013383");
  CHECK(Fill(source, "dkv.step.6.queries") == "256\u2013383");  // dK/dV walks (kv 1, q 2)
  CHECK(Fill(source, "dkv.step.6.keys") == "128\u2013255");
  CHECK(Fill(source, "fwd.step.1.slot.q") == Fill(source, "fwd.step.0.slot.q"));  // q stays put
  const Figure beyond = source.Value("fwd.step.16.ran");
  REQUIRE_FALSE(beyond);
  CHECK(beyond.error().reason == base::Reason::NotFound);
  CHECK(beyond.error().message.find("not step 16") != std::string::npos);
}

TEST_CASE(
    "a value at an event: alpha is 1 where a masked tile cannot raise the max, below 1 where keys arrive") {
  const auto rec = Record(IntroScenario);
  PlaceholderSource source(*rec);
  // #1: the first minor block of a row, m_prev = -inf: alpha is 0. #2: keys 128-255 against queries
  // 0-127, all masked: the max cannot move, alpha is 1 in every row.
  CHECK(Fill(source, "fwd.run.alpha#1.max") == "0");
  CHECK(Fill(source, "fwd.run.alpha#2.min") == "1");
  CHECK(Fill(source, "fwd.run.alpha#2.rows_below_one") == "0");
  CHECK(Fill(source, "fwd.run.alpha#2.rows") == "128");
  // #6: keys 128-255 against queries 256-383, all visible: some rows find a larger score.
  CHECK(std::stoi(Fill(source, "fwd.run.alpha#6.rows_below_one")) > 0);
  CHECK(std::stod(Fill(source, "fwd.run.alpha#6.min")) < 0.5);
}

TEST_CASE("the reference check, a variant and byte units fill from runs of the scenario") {
  const auto rec = Record(IntroScenario);
  PlaceholderSource source(*rec);
  CHECK(Fill(source, "check.pass") == "PASS");
  CHECK(Fill(source, "check.masked_rows") == "0");
  CHECK(Fill(source, "check.o.pass") == "PASS");
  CHECK(Fill(source, "check.o.tolerance") == "2.0e-02");
  CHECK(std::stod(Fill(source, "check.o.max_rel")) < 2e-2);
  CHECK(Fill(source, "dkv.copies.l.issued") == "16");
  CHECK(Fill(source, "with --what-if redirect-lm-dkv: dkv.copies.l.issued") == "13");
  CHECK(Fill(source, "with --what-if redirect-lm-dkv: scenario.what_if") == "redirect-lm-dkv");
  CHECK(std::stod(Fill(source, "with --precision highest: check.o.max_rel")) < 2e-4);
  CHECK(Fill(source, "dkv.copies.l.bytes") == "1048576");
  CHECK(Fill(source, "dkv.copies.l.bytes:KiB") == "1024 KiB");
  CHECK(Fill(source, "dkv.copies.l.bytes:MiB") == "1 MiB");
  CHECK(Fill(source, "dkv.copies.q.bytes:MiB") == "0.81 MiB");
  CHECK(Fill(source, "fwd.writebacks.o.bytes:KiB") == "256 KiB");
  // a variant that the original rejects gives its error
  CHECK(Fill(source, "with --block-k 64: error.phase") == "tracing");
}

TEST_CASE("a variant's check asked after another variant ran gives the figure a fresh source gives") {
  // Only one variant's outputs are held at a time: the first runs again for a check asked late.
  const auto rec = Record(IntroScenario);
  PlaceholderSource fresh(*rec);
  const std::string dk_redirected = Fill(fresh, "with --what-if redirect-lm-dkv: check.dk.max_abs");
  const std::string dq_causal = Fill(fresh, "with --causal: check.dq.max_abs");

  PlaceholderSource source(*rec);
  CHECK(Fill(source, "with --what-if redirect-lm-dkv: dkv.copies.l.issued") == "13");
  CHECK(source.VariantsHoldingOutputs() == 1);  // its outputs, for a check that may come
  CHECK(Fill(source, "with --causal: fwd.steps") == Fill(fresh, "with --causal: fwd.steps"));
  CHECK(source.VariantsHoldingOutputs() == 1);  // the first variant's were let go
  CHECK(Fill(source, "with --what-if redirect-lm-dkv: check.dk.max_abs") == dk_redirected);  // run again
  CHECK(source.VariantsHoldingOutputs() == 0);  // compared: the comparison is kept, not the outputs
  CHECK(Fill(source, "with --causal: check.dq.max_abs") == dq_causal);  // run again too
  CHECK(Fill(source, "with --what-if redirect-lm-dkv: dkv.copies.l.issued") == "13");
  CHECK(source.VariantsHoldingOutputs() == 0);
}

TEST_CASE("a fill may write a figure the recording does not have as a dash, and still refuses a bad name") {
  const auto rec = Record([](flash::Scenario& s) {
    IntroScenario(s);
    s.forward_only = true;
  });
  PlaceholderSource source(*rec);
  const std::string text = "fwd ran {fwd.steps} steps, dq ran {dq.steps}.";
  const Figure strict = FillPlaceholders(text, source);
  REQUIRE_FALSE(strict);
  CHECK(strict.error().reason == base::Reason::NotFound);
  CHECK(strict.error().message.find("the launch 'dq' does not run") != std::string::npos);
  const Figure lenient = FillPlaceholders(text, source, "—");
  REQUIRE_MESSAGE(lenient, lenient.error().message);
  CHECK(*lenient == "fwd ran " + Fill(source, "fwd.steps") + " steps, dq ran —.");
  const Figure misspelt = FillPlaceholders("{fwd.stepz}", source, "—");
  REQUIRE_FALSE(misspelt);
  CHECK(misspelt.error().reason != base::Reason::NotFound);
}

TEST_CASE("per-core figures of a megacore launch, and none for a second core that is not there") {
  const auto v4 = Record([](flash::Scenario& s) {
    IntroScenario(s);  // a 4 × 2 causal grid of q blocks by major kv blocks
    s.chip = "v4";
    s.forward_only = true;
  });
  PlaceholderSource source(*v4);
  CHECK(Fill(source, "fwd.cores") == "2");
  // q blocks 0-1 on core 0, 2-3 on core 1: rows 0-1 run 1 + 1 blocks, rows 2-3 run 2 + 2
  CHECK(Fill(source, "fwd.core0_steps_run") == "2");
  CHECK(Fill(source, "fwd.core1_steps_run") == "4");
  CHECK(std::stod(Fill(source, "fwd.core0_end_us")) < std::stod(Fill(source, "fwd.core1_end_us")));
  CHECK(Fill(source, "fwd.core1_end_us") == Fill(source, "fwd.est_time_us"));

  const auto v5e = Record(IntroScenario);
  PlaceholderSource one_core(*v5e);
  CHECK(Fill(one_core, "fwd.cores") == "1");
  CHECK(Fill(one_core, "fwd.core0_steps_run") == Fill(one_core, "fwd.steps_run"));
  const Figure second = one_core.Value("fwd.core1_steps_run");
  REQUIRE_FALSE(second);
  CHECK(second.error().message.find("one TensorCore") != std::string::npos);
}

TEST_CASE("matmuls per grid step that ran, in each launch and with split kv blocks") {
  const auto one_pair = Record([](flash::Scenario& s) {  // 128-wide blocks: a step is one pair of blocks
    s.q_len = 256;
    s.kv_len = 384;
  });
  PlaceholderSource source(*one_pair);
  CHECK(Fill(source, "fwd.matmuls_per_step") == "2");                 // q·kᵀ, p·v
  CHECK(Fill(source, "dkv.matmuls_per_step") == "4");                 // q·kᵀ, pᵀ·do, do·vᵀ, dsᵀ·q
  CHECK(Fill(source, "dq.matmuls_per_step") == "3");                  // q·kᵀ, do·vᵀ, ds·k
  CHECK(Fill(source, "with --causal: fwd.matmuls_per_step") == "2");  // skipped steps do not count

  const auto split = Record(IntroScenario);  // 256 keys per step, 128 per matmul
  PlaceholderSource split_source(*split);
  CHECK(Fill(split_source, "fwd.matmuls_per_step") == "4");
}

TEST_CASE("a launch's VMEM: its buffers and the scoped limit it compiles under") {
  const auto rec = Record([](flash::Scenario& s) {
    s.q_len = s.kv_len = 256;
    s.forward_only = true;
  });
  PlaceholderSource source(*rec);
  // q, k, v and o: two (128, 128) float32 slots each; scratch m, l (128, 128) and acc (128, 128)
  CHECK(Fill(source, "fwd.vmem_bytes:KiB") == "704 KiB");
  CHECK(Fill(source, "fwd.vmem_limit:MiB") == "16 MiB");  // the v5e's default scoped limit
  CHECK(Fill(source, "with --vmem-limit 33554432: fwd.vmem_limit:MiB") == "32 MiB");
  CHECK(Fill(source, "with --chip v6e: fwd.vmem_limit:MiB") == "32 MiB");
  CHECK(Fill(source, "with --block-q 256: fwd.vmem_bytes:KiB") == "1152 KiB");
  CHECK(Known("dkv.vmem_bytes:MiB"));
  CHECK_FALSE(Known("fwd.matmuls_per_step:KiB"));
}
