// The timeline against a straight run: the state at any event, reached by seeking, by stepping back or
// by stepping forward, is bit for bit the state a direct run has there; replaying to the end gives the
// direct run's outputs; and the cursor's moves land where they say.
#include <doctest/doctest.h>

#include <map>
#include <random>

#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/training_step.hpp"
#include "walkthrough/timeline.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

flash::Scenario Small(bool causal) {
  flash::Scenario s;
  s.q_len = s.kv_len = 512;
  s.causal = causal;
  s.bias = true;
  s.block_sizes.block_k_major = 256;  // two minor blocks per major block
  s.block_sizes.block_q_major_dkv = 256;
  return s;
}

// Ground truth: a direct run that copies every buffer at the chosen events.
using States = std::map<uint64_t, std::vector<tpu::Array>>;

States DirectRunStates(const flash::Scenario& s, const Recording& rec, const std::vector<uint64_t>& events) {
  States states;
  const flash::ScenarioInputs data = flash::MakeInputs(s);
  int launch = -1;
  flash::StepOptions options{
      .forward_only = s.forward_only,
      .launch = {.chip = s.ChipPreset(), .precision = s.precision, .record_events = false}};
  options.launch.event_hook = [&](uint64_t index, const tpu::Event&, const tpu::MachineState& state) {
    if (index == 0) ++launch;  // each launch numbers its events from 0
    const uint64_t global = rec.launches()[static_cast<std::size_t>(launch)].global_first_event + index;
    if (std::find(events.begin(), events.end(), global) == events.end()) return;
    std::vector<tpu::Array> buffers;
    for (const auto& slots : state.input_slots) buffers.insert(buffers.end(), slots.begin(), slots.end());
    for (const auto& slots : state.output_slots) buffers.insert(buffers.end(), slots.begin(), slots.end());
    buffers.insert(buffers.end(), state.scratch.begin(), state.scratch.end());
    states[global] = std::move(buffers);
  };
  flash::RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
  return states;
}

void CheckSameState(const Snapshot& snap, const std::vector<tpu::Array>& truth) {
  REQUIRE(snap.buffers.size() == truth.size());
  for (std::size_t b = 0; b < truth.size(); ++b)
    CHECK_MESSAGE(snap.buffers[b].contents->BitwiseEqual(truth[b]),
                  snap.buffers[b].name << " differs at event " << snap.event_index);
}

}  // namespace

TEST_CASE("seeking, stepping back and stepping forward all give the direct run's state, bit for bit") {
  for (bool causal : {false, true}) {
    CAPTURE(causal);
    const flash::Scenario s = Small(causal);
    auto rec = std::shared_ptr<const Recording>(Recording::Record(flash::Erased(s)));
    REQUIRE_FALSE(rec->error());
    std::mt19937_64 rng(7);
    std::vector<uint64_t> events;
    for (int i = 0; i < 40; ++i) events.push_back(rng() % (rec->EventCount() - 1) + 1);
    std::vector<uint64_t> probe = events;
    for (uint64_t e : events) probe.push_back(e - 1);
    const States truth = DirectRunStates(s, *rec, probe);

    Timeline seek(rec), back(rec), forward(rec);
    for (uint64_t e : events) {
      REQUIRE(seek.Seek(e));
      CheckSameState(*seek.Current(), truth.at(e));
      // Arrive from the event after, stepping back (possibly across a step boundary).
      REQUIRE(back.Seek(std::min(e + 1, rec->EventCount() - 1)));
      back.Current();
      if (e + 1 < rec->EventCount()) REQUIRE(back.Step(Granularity::Statement, Direction::Backward));
      CHECK(back.cursor() == e);
      CheckSameState(*back.Current(), truth.at(e));
      // Arrive from the event before, stepping forward.
      REQUIRE(forward.Seek(e - 1));
      CheckSameState(*forward.Current(), truth.at(e - 1));
      REQUIRE(forward.Step(Granularity::Statement, Direction::Forward));
      CheckSameState(*forward.Current(), truth.at(e));
    }
  }
}

TEST_CASE("replaying to the end gives the direct run's outputs bit for bit") {
  for (bool causal : {false, true}) {
    const flash::Scenario s = Small(causal);
    auto rec = Recording::Record(flash::Erased(s));
    const flash::ScenarioInputs data = flash::MakeInputs(s);
    flash::StepOptions options{.launch = {.chip = s.ChipPreset(), .precision = s.precision}};
    const flash::TrainingStepResult direct =
        flash::RunTrainingStep(data.inputs, data.d_o, s.Config(), options);
    const kernel::Outputs replayed_outputs = rec->ReplayToEnd();
    const auto& replayed = replayed_outputs.As<flash::TrainingStepResult>();
    CHECK(replayed.o.BitwiseEqual(direct.o));
    CHECK(replayed.l.BitwiseEqual(direct.l));
    CHECK(replayed.m.BitwiseEqual(direct.m));
    CHECK(replayed.dq.BitwiseEqual(direct.dq));
    CHECK(replayed.dk.BitwiseEqual(direct.dk));
    CHECK(replayed.dv.BitwiseEqual(direct.dv));
    REQUIRE(replayed.ds);
    CHECK(replayed.ds->BitwiseEqual(*direct.ds));
  }
}

TEST_CASE("checkpoints are deltas, far smaller than full copies") {
  auto rec = Recording::Record(flash::Erased(Small(true)),
                               RecordOptions{.checkpoint_budget_bytes = 64u << 20, .checkpoint_every = 2});
  for (int launch = 0; launch < static_cast<int>(rec->launches().size()); ++launch) {
    const LaunchTrack& t = rec->launches()[static_cast<std::size_t>(launch)];
    REQUIRE(t.checkpoints.size() > 1);
    // A full copy of one checkpoint: both slots of every output, and the scratch.
    const auto replay = rec->Replay(launch, 0);
    std::size_t full = 0;
    for (int b = rec->OutputSlotBuffer(launch, 0, 0); b < rec->BufferCount(launch); ++b)
      full += replay->start[static_cast<std::size_t>(b)]->bytes();
    CAPTURE(t.name);
    // Pages an earlier checkpoint already holds are shared, so every launch stays well under full copies;
    // the forward pass's m and l (128 identical lanes) run-length encode to almost nothing.
    CHECK(t.checkpoint_bytes < t.checkpoints.size() * full * 7 / 10);
    if (t.name == "fwd") CHECK(t.checkpoint_bytes < t.checkpoints.size() * full / 2);
  }
}

TEST_CASE("the cursor's moves land where they say") {
  auto rec = std::shared_ptr<const Recording>(Recording::Record(flash::Erased(Small(true))));
  Timeline t(rec);
  // Event 0 is a prologue copy: the first grid-step move lands on step 0's start, the next on step 1's.
  REQUIRE(t.Step(Granularity::GridStep, Direction::Forward));
  CHECK(rec->EventAt(t.cursor()).kind == tpu::EventKind::StepBegin);
  CHECK(rec->EventAt(t.cursor()).step == 0);
  REQUIRE(t.Step(Granularity::GridStep, Direction::Forward));
  CHECK(rec->EventAt(t.cursor()).step == 1);
  REQUIRE(t.Step(Granularity::Dma, Direction::Forward));
  const auto kind = rec->EventAt(t.cursor()).kind;
  CHECK((kind == tpu::EventKind::CopyIn || kind == tpu::EventKind::Writeback));

  REQUIRE(t.Jump(Moment::SkippedStep, Direction::Forward));
  const auto snap = t.Current();
  // The cursor's step shows what it does: a skipped step is skipped while the cursor is on it.
  CHECK(snap->cells[static_cast<std::size_t>(snap->step)] == CellState::Skipped);
  CHECK(snap->launch_name == "fwd");
  CHECK(rec->launches()[0].step_ran[static_cast<std::size_t>(snap->step)] == 0);
  // Forward causal grid, 4 q blocks of 128 × 2 kv blocks of 256: step 1 (q 0, kv 1) is skipped but the
  // cursor is already inside it; the next skipped step is step 3 (q 1, kv 1): row 255 < column 256.
  CHECK(snap->grid_index == tpu::Dims{0, 0, 1, 1});
  CHECK(snap->cells[1] == CellState::Skipped);
  CHECK(snap->cells[2] == CellState::Ran);
  CHECK(snap->cells[4] == CellState::Pending);

  REQUIRE(t.Jump(Moment::SkippedCopy, Direction::Forward));
  CHECK(rec->EventAt(t.cursor()).kind == tpu::EventKind::CopyIn);
  CHECK((rec->EventAt(t.cursor()).flags & tpu::event_flags::kIssued) == 0);

  REQUIRE(t.Step(Granularity::Launch, Direction::Forward));
  CHECK(t.Current()->launch_name == "dkv");
  CHECK(t.cursor() == rec->launches()[1].global_first_event);
  REQUIRE(t.Step(Granularity::Launch, Direction::Backward));
  CHECK(t.Current()->launch_name == "fwd");
  CHECK(t.cursor() == 0);
  CHECK_FALSE(t.Step(Granularity::Statement, Direction::Backward));
  CHECK_FALSE(t.Seek(rec->EventCount()));
  CHECK_FALSE(t.Jump(Moment::Error, Direction::Forward));

  REQUIRE(t.JumpToSite("fwd.run.alpha"));
  const auto alpha = t.Current();
  CHECK(alpha->site.name == "fwd.run.alpha");
  REQUIRE(alpha->Value("fwd.run.alpha"));
  REQUIRE(alpha->Value("fwd.run.m_prev"));
  CHECK(alpha->Value("fwd.run.alpha")->value->rows() == 128);
  CHECK(alpha->Value("fwd.run.alpha")->value->cols() == 128);  // 128 lanes
  CHECK_FALSE(alpha->Value("fwd.run.o_curr"));                 // not computed yet at this point
  const uint64_t at_alpha = t.cursor();
  t.Seek(0);
  REQUIRE(t.JumpToLine("forward_kernel.cpp", alpha->site.line));
  CHECK(t.cursor() == at_alpha);
  CHECK_FALSE(t.JumpToLine("dq_kernel.cpp", alpha->site.line));  // the file counts, not the line alone
}

TEST_CASE("HBM outputs in a snapshot: the blocks written back so far") {
  auto rec = std::shared_ptr<const Recording>(Recording::Record(flash::Erased(Small(false))));
  Timeline t(rec);
  int writebacks = 0;
  while (t.Jump(Moment::Writeback, Direction::Forward) && rec->LaunchOf(t.cursor()) == 0) {
    ++writebacks;
    const auto snap = t.Current();
    int written = 0;
    for (const HbmOutput& out : snap->hbm_outputs)
      for (uint8_t w : out.written) written += w;
    CHECK(written == writebacks);  // o, l and m blocks, each written once
  }
  CHECK(writebacks == 12);  // 4 q blocks × (o, l, m)
}

TEST_CASE("slots in a snapshot: a skipped copy reuses the slot, an issued one fills the other") {
  auto rec = std::shared_ptr<const Recording>(Recording::Record(flash::Erased(Small(false))));
  Timeline t(rec);
  // Forward, non-causal: q's block stays for the two kv steps of each q row, so the copy of q for
  // step 1 is skipped while k's is issued into slot 1.
  REQUIRE(t.Jump(Moment::SkippedCopy, Direction::Forward));
  const tpu::Event& skipped = rec->EventAt(t.cursor());
  CHECK(rec->launches()[0].operand_names[skipped.operand] == "q");
  REQUIRE(t.Jump(Moment::IssuedCopy, Direction::Forward));
  const auto snap = t.Current();
  REQUIRE(snap->copy_in_flight);
  const auto& k = snap->inputs[1];
  CHECK(k.name == "k");
  CHECK(k.filling == 1);
  CHECK(k.block[1] == std::optional<uint32_t>(1u));
  CHECK(k.block[0] == std::optional<uint32_t>(0u));
}
