// The picture builders of app/session, fed a real small recording: a 512-long causal scenario (a 4 x 4
// forward grid, six steps above the diagonal skipped). They must say what the simulator did: which cells
// ran, were skipped or are current, in each launch's own orientation; which slot holds which block and
// which copy was skipped; where the statement is in the C++ mirror; and markers that match the events.
#include <doctest/doctest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "app/session/picture_builders.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/registry/registry.hpp"
#include "tests/flash_walk.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::session {
namespace {

std::shared_ptr<const walkthrough::Recording> CausalRecording() {
  static const std::shared_ptr<const walkthrough::Recording> recording = [] {
    const auto scenario =
        flash::ParseScenario(std::vector<std::string>{"--q-len", "512", "--kv-len", "512", "--causal"});
    REQUIRE(scenario.ok());
    return std::shared_ptr<const walkthrough::Recording>(
        walkthrough::Recording::Record(flash::Erased(*scenario)));
  }();
  return recording;
}

int Count(const views::GridPicture& p, views::CellState state) {
  int n = 0;
  for (const auto& slice : p.slices)
    n += static_cast<int>(std::count(slice.cells.begin(), slice.cells.end(), state));
  return n;
}

}  // namespace

TEST_CASE(
    "grid picture: the forward grid at its end has ten cells that ran, six skipped above the diagonal") {
  walkthrough::Timeline timeline(CausalRecording());
  REQUIRE(timeline.Seek(0));
  REQUIRE(timeline.Step(walkthrough::Granularity::Launch, walkthrough::Direction::Forward));
  REQUIRE(timeline.Step(walkthrough::Granularity::Statement,
                        walkthrough::Direction::Backward));  // fwd's last event
  const auto snap = timeline.Current();
  REQUIRE(snap->launch_name == "fwd");
  const views::GridPicture p =
      BuildGridPicture(*snap, timeline.recording().launches()[static_cast<std::size_t>(snap->launch)].info);
  CHECK(p.rows == 4);
  CHECK(p.cols == 4);
  CHECK_FALSE(p.walks_down_columns);
  REQUIRE(p.slices.size() == 1);
  CHECK(Count(p, views::CellState::Skipped) == 6);
  CHECK(Count(p, views::CellState::Ran) == 10);  // the tenth is the current, last, cell: it keeps its state
  const auto& cells = p.slices[0].cells;
  CHECK(cells[0 * 4 + 3] == views::CellState::Skipped);  // q block 0, kv block 3: above the diagonal
  CHECK(cells[3 * 4 + 0] == views::CellState::Ran);
  CHECK(p.current == views::GridCell{0, 3, 3});
}

TEST_CASE("grid picture: the dK/dV grid walks down columns, so its second step is the cell below the first") {
  walkthrough::Timeline timeline(CausalRecording());
  const auto& launches = timeline.recording().launches();
  const auto dkv =
      std::find_if(launches.begin(), launches.end(), [](const auto& t) { return t.name == "dkv"; });
  REQUIRE(dkv != launches.end());
  REQUIRE(timeline.Seek(dkv->global_first_event + dkv->step_first_event[1]));
  const views::GridPicture p = BuildGridPicture(*timeline.Current(), dkv->info);
  CHECK(p.walks_down_columns);
  CHECK(p.rows == 4);
  CHECK(p.cols == 4);
  const auto& cells = p.slices[0].cells;
  CHECK(p.current == views::GridCell{0, 1, 0});  // q block 1, kv block 0
  CHECK(cells[1 * 4 + 0] == views::CellState::Ran);
  CHECK(cells[0 * 4 + 0] != views::CellState::Pending);
  CHECK(cells[0 * 4 + 1] == views::CellState::Pending);
}

// A splash recording of a sliding window: its grids are (h, q, kv) and (kv, h, q), read through its
// LaunchInfo.
std::shared_ptr<const walkthrough::Recording> SplashWindowRecording() {
  static const std::shared_ptr<const walkthrough::Recording> recording = [] {
    const kernel::Kernel* splash = kernel::FindKernel("splash");
    REQUIRE(splash != nullptr);
    const std::vector<std::string> words{"--q-len", "1024",  "--kv-len", "1024",
                                         "--mask",  "local", "--window", "256"};
    const auto scenario = kernel::ParseScenario(*splash, words);
    REQUIRE(scenario.ok());
    return std::shared_ptr<const walkthrough::Recording>(walkthrough::Recording::Record(*scenario));
  }();
  return recording;
}

TEST_CASE(
    "grid picture: splash's forward grid under a window is 8 q blocks by the 3 kv steps of its longest row") {
  walkthrough::Timeline timeline(SplashWindowRecording());
  const walkthrough::LaunchTrack& fwd = timeline.recording().launches().front();
  REQUIRE(fwd.name == "fwd");
  REQUIRE(timeline.Seek(fwd.global_first_event + fwd.step_first_event[4]));
  const views::GridPicture p = BuildGridPicture(*timeline.Current(), fwd.info);
  CHECK(p.rows == 8);
  CHECK(p.cols == 3);
  CHECK_FALSE(p.walks_down_columns);
  REQUIRE(p.slices.size() == 1);
  CHECK(p.current == views::GridCell{0, 1, 1});  // step 4: q block 1, its second kv step
  CHECK(p.col_label == "kv step");               // a shrunk axis: the n-th useful block of the row
}

TEST_CASE("grid picture: splash's dK/dV grid runs kv outermost, so it walks down the columns") {
  walkthrough::Timeline timeline(SplashWindowRecording());
  const auto& launches = timeline.recording().launches();
  const auto dkv =
      std::find_if(launches.begin(), launches.end(), [](const auto& t) { return t.name == "dkv"; });
  REQUIRE(dkv != launches.end());
  REQUIRE(timeline.Seek(dkv->global_first_event + dkv->step_first_event[1]));
  const views::GridPicture p = BuildGridPicture(*timeline.Current(), dkv->info);
  CHECK(p.walks_down_columns);
  CHECK(p.rows == 3);  // the q steps of the longest kv column
  CHECK(p.cols == 8);  // kv blocks
  CHECK(p.current == views::GridCell{0, 1, 0});
}

TEST_CASE("grid picture: with two heads, splash's dK/dV grid visits both heads in each kv column") {
  const kernel::Kernel* splash = kernel::FindKernel("splash");
  REQUIRE(splash != nullptr);
  const std::vector<std::string> words{"--q-len", "512", "--kv-len", "512",
                                       "--heads", "2",   "--mask",   "causal"};
  const auto scenario = kernel::ParseScenario(*splash, words);
  REQUIRE(scenario.ok());
  walkthrough::Timeline timeline(
      std::shared_ptr<const walkthrough::Recording>(walkthrough::Recording::Record(*scenario)));
  const auto& launches = timeline.recording().launches();
  const auto dkv =
      std::find_if(launches.begin(), launches.end(), [](const auto& t) { return t.name == "dkv"; });
  REQUIRE(dkv != launches.end());
  REQUIRE(dkv->grid.rank() == 3);  // (kv, head, q)
  const int64_t rows = dkv->grid[2];
  // The step after head 0's first kv column is head 1's first: the slices run between the kv and q axes.
  REQUIRE(timeline.Seek(dkv->global_first_event + dkv->step_first_event[static_cast<std::size_t>(rows)]));
  const views::GridPicture p = BuildGridPicture(*timeline.Current(), dkv->info);
  REQUIRE(p.slices.size() == 2);
  CHECK(p.slices_between_blocks);
  CHECK(p.walks_down_columns);
  CHECK(p.current == views::GridCell{1, 0, 0});
  // Every cell maps to its own step and back.
  for (int slice = 0; slice < 2; ++slice)
    for (int r = 0; r < p.rows; ++r)
      for (int c = 0; c < p.cols; ++c)
        CHECK(views::CellOfStep(p, views::StepInLaunch(p, slice, r, c)) == views::GridCell{slice, r, c});
  // Head 0's first kv column has run, its second not; head 1's second q step is still ahead.
  CHECK(p.slices[0].cells[0] != views::CellState::Pending);
  CHECK(p.slices[0].cells[1] == views::CellState::Pending);
  CHECK(p.slices[1].cells[static_cast<std::size_t>(p.cols)] == views::CellState::Pending);
}

TEST_CASE("memory picture: above the diagonal k and v are reused, and each slot names the block it holds") {
  walkthrough::Timeline timeline(CausalRecording());
  const walkthrough::LaunchTrack& fwd = timeline.recording().launches().front();
  REQUIRE(fwd.name == "fwd");
  // The last event of step 1: q block 0, kv block 1, above the diagonal; the index map sends k and v back
  // to block 0, which is already in its slot, so their copies are skipped.
  REQUIRE(timeline.Seek(fwd.global_first_event + fwd.step_first_event[2] - 1));
  const auto snap = timeline.Current();
  REQUIRE(snap->step == 1);
  const views::MemoryPicture p = BuildMemoryPicture(*snap, timeline.recording());
  CHECK(p.launch == "fwd");
  REQUIRE(p.inputs.size() >= 3);
  CHECK(p.inputs[0].name == "q");
  CHECK(p.inputs[1].name == "k");
  CHECK(p.inputs[1].reused);
  CHECK(p.inputs[2].reused);
  CHECK(p.inputs[0].reused);  // q block 0 stays in its slot for the whole row
  for (const views::OperandPicture& op : p.inputs) {
    CAPTURE(op.name);
    int active = 0;
    for (const auto& slot : op.slots) active += slot.active ? 1 : 0;
    CHECK(active == 1);
    const auto& held = op.slots[op.slots[0].active ? 0 : 1];
    CHECK(held.holds_block);
    CHECK(held.block.front() == '(');
  }
  CHECK(p.inputs[1].slots[p.inputs[1].slots[0].active ? 0 : 1].block == "(0,0,0,0)");
  CHECK_FALSE(p.outputs.empty());
  // A slot's size for the hover: block_q 128 rows of head_dim 128 float32 values, 64 KiB.
  CHECK(p.inputs[0].block_size == "(1, 1, 128, 128) float32, 64 KiB");
  CHECK(p.outputs[0].block_size == "(1, 1, 128, 128) float32, 64 KiB");
  // Scratch as heatmaps of its first tile, a pixel per element; step 0 ran, so m, l and acc hold finite
  // values, and l (a sum of exponentials) is positive.
  REQUIRE(p.scratch.size() == 3);
  for (const views::ScratchPicture& s : p.scratch) {
    CAPTURE(s.text);
    REQUIRE(s.tile.image);
    CHECK(s.tile.image->width == s.tile.cols);
    CHECK(s.tile.image->height == s.tile.rows);
    CHECK(s.tile.has_range);
  }
  CHECK(p.scratch[1].text.rfind("l_scratch", 0) == 0);
  CHECK(p.scratch[1].tile.min > 0.0f);
}

TEST_CASE("memory picture: fresh scratch is not finite, so none of it is in colour") {
  walkthrough::Timeline timeline(CausalRecording());
  REQUIRE(timeline.Seek(0));  // the first copy: the body has not run, scratch holds NaN
  const views::MemoryPicture p = BuildMemoryPicture(*timeline.Current(), timeline.recording());
  REQUIRE_FALSE(p.scratch.empty());
  for (const views::ScratchPicture& s : p.scratch) CHECK_FALSE(s.tile.has_range);
}

TEST_CASE("source picture: the executing line is the snapshot's site, and the passage's anchors are marked") {
  walkthrough::Timeline timeline(CausalRecording());
  REQUIRE(timeline.JumpToSite("fwd.run.m_next"));
  const auto snap = timeline.Current();
  const auto position = MirrorPositionOf(*snap);
  REQUIRE(position);
  const auto expected = test::FlashWalk().mirror.FindSite("fwd.run.m_next");
  REQUIRE(expected);
  CHECK(position->file == expected->file);
  CHECK(position->line == expected->line);

  walkthrough::Passage passage;
  passage.cpp = {"fwd.run.m_curr", "fwd.run.m_next"};
  SourceDocuments documents;
  SourceInput input;
  input.position = position;
  input.site = "fwd.run.m_next";
  input.passage = &passage;
  input.pallas_missing = "get one";
  const views::SourcePicture p = BuildSourcePicture(test::FlashWalk(), input, documents);
  REQUIRE(p.cpp);
  CHECK_FALSE(p.python);
  CHECK(p.python_missing == "get one");
  const views::SourcePane& pane = *p.cpp;
  REQUIRE(pane.lit_lines == std::vector<int>{expected->line});
  CHECK(pane.clickable);
  CHECK(pane.document->lines[static_cast<std::size_t>(expected->line - 1)].find("fwd.run.m_next") !=
        std::string::npos);
  CHECK(std::binary_search(pane.passage_lines.begin(), pane.passage_lines.end(), expected->line));
  CHECK(std::binary_search(pane.passage_lines.begin(), pane.passage_lines.end(),
                           test::FlashWalk().mirror.FindSite("fwd.run.m_curr")->line));
  // The documents are made once: a second picture shares the first one's text.
  const views::SourcePicture again = BuildSourcePicture(test::FlashWalk(), input, documents);
  CHECK(again.cpp->document == pane.document);
}

TEST_CASE("source picture: a pipeline event has no executing line but keeps showing a file") {
  walkthrough::Timeline timeline(CausalRecording());
  REQUIRE(timeline.Jump(walkthrough::Moment::IssuedCopy, walkthrough::Direction::Forward));
  const auto snap = timeline.Current();
  CHECK_FALSE(MirrorPositionOf(*snap));
  SourceDocuments documents;
  SourceInput input;
  input.fallback = {"forward_kernel.cpp", 12};
  const views::SourcePicture p = BuildSourcePicture(test::FlashWalk(), input, documents);
  REQUIRE(p.cpp);
  CHECK(p.cpp->lit_lines.empty());
  CHECK(p.cpp->scroll_line == 12);
  CHECK_FALSE(p.cpp->document->lines.empty());
}

TEST_CASE("timeline picture: one marker per kind per bin, each on an event of its kind") {
  const auto rec = CausalRecording();
  const TimelineOverview overview = BuildTimelineOverview(*rec, 100);
  const auto& markers = overview.markers;
  REQUIRE_FALSE(markers.empty());
  bool skipped_step = false, skipped_copy = false, writeback = false;
  for (const auto& m : markers) {
    const tpu::Event& e = rec->EventAt(m.event);
    switch (m.kind) {
      case views::MarkerKind::SkippedStep:
        skipped_step = true;
        CHECK(e.kind == tpu::EventKind::StepEnd);
        CHECK((e.flags & tpu::event_flags::kRan) == 0);
        break;
      case views::MarkerKind::SkippedCopy:
        skipped_copy = true;
        CHECK(e.kind == tpu::EventKind::CopyIn);
        CHECK((e.flags & tpu::event_flags::kIssued) == 0);
        break;
      case views::MarkerKind::Writeback:
        writeback = true;
        CHECK(e.kind == tpu::EventKind::Writeback);
        break;
      default:
        break;
    }
  }
  CHECK(skipped_step);
  CHECK(skipped_copy);
  CHECK(writeback);
  CHECK(markers.size() <= 100 * static_cast<std::size_t>(views::MarkerKind::kCount));

  walkthrough::Timeline timeline(rec);
  REQUIRE(timeline.Seek(5));
  const views::TimelinePicture p = BuildTimelinePicture(*timeline.Current(), *rec, overview);
  CHECK(p.cursor == 5);
  CHECK(p.event_count == rec->EventCount());
  REQUIRE(p.launches.size() == rec->launches().size());
  CHECK(p.launches.back().end == rec->EventCount());
  CHECK(p.position.find("event 6 of") == 0);
}

TEST_CASE("passage picture: placeholders are filled from the recording, and stop k of n is carried") {
  const auto rec = CausalRecording();
  walkthrough::PlaceholderSource source(*rec);
  walkthrough::TourStop stop;
  stop.title = "S";
  stop.narration = "{fwd.steps_skipped} of {fwd.steps} steps skip.";
  walkthrough::Passage passage;
  passage.title = "Title";
  passage.body = "Grid {fwd.grid}.";
  const views::PassagePicture p = BuildPassagePicture(
      {.tour_title = "T", .stop_number = 2, .stop_count = 5, .stop = &stop, .passage = &passage}, &source);
  CHECK(p.narration == "6 of 16 steps skip.");
  CHECK(p.passage_body == "Grid (1, 1, 4, 4).");
  CHECK(p.stop_number == 2);
  CHECK(p.stop_count == 5);
  CHECK(p.problem.empty());
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("source picture: the Pallas pane lights the site's code lines and marks the passage's range") {
  // The "pinned" file our rows were written against, and a user's copy with two lines inserted above the
  // body and the alpha line's spacing changed (normalized away).
  const std::vector<std::string> pinned_lines = {"LANES = 128",
                                                 "",
                                                 "def _kernel_body(x_ref, m_ref):",
                                                 "  m_prev = m_ref[...]",
                                                 "  m_next = max(m_prev,",
                                                 "               1)  # two lines, one statement",
                                                 "  # a comment inside",
                                                 "  alpha = exp(m_prev - m_next)",
                                                 "  return alpha"};
  std::vector<std::string> user_lines = pinned_lines;
  user_lines.insert(user_lines.begin() + 1, {"import math", "SUBLANES = 8"});
  user_lines[9] = "  alpha  =  exp(m_prev - m_next)";
  walkthrough::PallasSource source;
  source.path = "/somewhere/flash_attention.py";
  source.lines = std::make_shared<const std::vector<std::string>>(user_lines);
  walkthrough::PinnedFile pinned;
  pinned.fingerprint = walkthrough::FingerprintLines(pinned_lines);
  const auto row = [](std::string site, int first, int last) {
    walkthrough::SiteRow r;
    r.site = std::move(site);
    r.function = "_kernel_body";
    r.first = first;
    r.last = last;
    return r;
  };
  const walkthrough::SiteTable sites({row("t.next", 5, 7), row("t.alpha", 8, 8)});
  walkthrough::Passage passage;
  passage.id = "p";
  passage.pallas = {"_kernel_body", {"m_next = max", "alpha = exp"}, 5, 8};
  const walkthrough::PallasIndex index(source, sites, std::span(&passage, 1), pinned);

  SourceDocuments documents;
  SourceInput input;
  input.position = MirrorPosition{"forward_kernel.cpp", 3};
  input.site = "t.next";
  input.passage = &passage;
  input.pallas = &index;
  const views::SourcePicture p = BuildSourcePicture(test::FlashWalk(), input, documents);
  REQUIRE(p.python);
  const views::SourcePane& pane = *p.python;
  CHECK(pane.document->language == views::SourceLanguage::Python);
  CHECK(pane.clickable);
  CHECK(pane.lit_lines == std::vector<int>{7, 8});  // the statement's two code lines, not the comment at 9
  CHECK(pane.passage_lines == std::vector<int>{7, 8, 9, 10});
  CHECK(pane.note.empty());
  CHECK(index.Site("t.alpha").status == walkthrough::AnchorStatus::Resolved);
  CHECK(index.LitLines("t.alpha") == std::vector<int>{10});
  CHECK(index.SitesAtLine(10) == std::vector<std::string>{"t.alpha"});
  CHECK(index.SitesAtLine(9).empty());  // a comment lights nothing

  input.site = "t.unknown";
  const views::SourcePicture none = BuildSourcePicture(test::FlashWalk(), input, documents);
  REQUIRE(none.python);
  CHECK(none.python->lit_lines.empty());
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("cost picture: per-step estimates of the causal forward launch, its copies, bubbles and bound") {
  const auto rec = CausalRecording();
  const views::CostPicture p = BuildCostPicture(*rec, 0);
  CHECK(p.launch == "fwd");
  CHECK(p.chip.find("TPU v5e") != std::string::npos);
  CHECK(p.chip_name == "v5e");
  CHECK(p.vmem.find("VMEM limit 16.00 MiB of the 128 MiB per TensorCore") == 0);
  CHECK(p.vmem.find("pytorch/xla#6611") != std::string::npos);
  REQUIRE(p.steps.size() == 16);
  CHECK(std::count_if(p.steps.begin(), p.steps.end(), [](const views::CostStep& s) { return !s.ran; }) == 6);
  for (std::size_t i = 1; i < p.steps.size(); ++i) {
    CHECK(p.steps[i].start_us >= p.steps[i - 1].end_us);  // one core: steps run one after another
    CHECK(p.steps[i].start_us == doctest::Approx(p.steps[i - 1].end_us + p.steps[i].wait_us));
  }
  CHECK(p.steps[0].wait_us > 0);  // the prologue copies: nothing to compute until q, k and v land
  // Beyond the fixed overhead every grid step pays, a skipped step is far cheaper than one that ran.
  const double overhead = tpu::kGridStepOverheadUs;
  CHECK(p.steps[1].end_us - p.steps[1].start_us - overhead <
        0.2 * (p.steps[0].end_us - p.steps[0].start_us - overhead));
  CHECK(p.overhead_us == doctest::Approx(16 * overhead));
  const tpu::LaunchStats& stats = rec->launches()[0].stats;
  uint32_t issued = 0;
  for (const auto& t : stats.copies) issued += t.issued;
  for (const auto& t : stats.writebacks) issued += t.issued;
  CHECK(p.copies.size() == issued);
  CHECK(p.total_us == doctest::Approx(stats.cost.total_us));
  CHECK(p.bubble_us == doctest::Approx(p.total_us - p.compute_us));
  CHECK(p.hbm_bound == (stats.cost.bound == tpu::Bound::Hbm));

  walkthrough::Timeline timeline(rec);
  REQUIRE(timeline.Jump(walkthrough::Moment::SkippedStep, walkthrough::Direction::Forward));
  views::CostPicture placed = p;
  PlaceCostCursor(placed, *timeline.Current());
  CHECK(placed.current_step == 1);
  CHECK_FALSE(placed.steps[1].ran);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("memory picture: HBM blocks, the causal redirect of k and v, and bytes against the naive maps") {
  const auto rec = CausalRecording();
  const std::vector<walkthrough::NaiveLaunch> naive = walkthrough::PlanNaiveLaunches(rec->scenario());
  REQUIRE(naive.size() == 3);
  CHECK(naive[0].name == "fwd");
  const std::vector<uint64_t> bytes = walkthrough::CopiedBytesThroughStep(rec->launches()[0]);
  REQUIRE(bytes.size() == 16);
  const CopyYardstick yardstick{.naive = &naive[0], .bytes_through_step = &bytes};

  walkthrough::Timeline timeline(rec);
  // Step 1 is (q 0, kv 1): above the diagonal, so k and v ask for kv block 0 where a naive map asks for 1.
  REQUIRE(timeline.Jump(walkthrough::Moment::SkippedStep, walkthrough::Direction::Forward));
  const auto skipped = timeline.Current();
  REQUIRE(skipped->step == 1);
  const views::MemoryPicture p = BuildMemoryPicture(*skipped, *rec, yardstick);
  REQUIRE(p.inputs.size() >= 3);
  const views::OperandPicture& q = p.inputs[0];
  const views::OperandPicture& k = p.inputs[1];
  CHECK(q.name == "q");
  CHECK(k.name == "k");
  CHECK(q.hbm.cells.size() == 4);  // four q blocks
  CHECK(q.hbm.wanted == 0);
  CHECK(q.hbm.naive == -1);  // q is not redirected
  CHECK(k.hbm.wanted == 0);
  CHECK(k.hbm.naive == 1);
  CHECK((k.hbm.cells[0] & views::hbm_cell::kInVmem) != 0);
  CAPTURE(p.redirect);
  CHECK(p.redirect.find("k and v each ask for (0,0,0,0)") != std::string::npos);
  CHECK(p.redirect.find("(0,0,1,0)") != std::string::npos);
  CHECK(p.has_naive);
  CHECK(p.bytes_in < p.naive_bytes_in);

  // A step that ran has no redirect; at the end the totals match the launch's statistics and the naive
  // run the placeholders make.
  REQUIRE(timeline.Seek(rec->launches()[1].global_first_event - 1));
  const views::MemoryPicture end = BuildMemoryPicture(*timeline.Current(), *rec, yardstick);
  CHECK(end.redirect.empty());
  uint64_t launch_bytes = 0;
  for (const auto& t : rec->launches()[0].stats.copies) launch_bytes += t.bytes;
  CHECK(end.bytes_in == launch_bytes);
  CHECK(end.launch_bytes_in == launch_bytes);
  walkthrough::PlaceholderSource placeholders(*rec);
  CHECK(std::to_string(end.launch_naive_bytes_in) == placeholders.Value("fwd.naive_bytes_in").value_or(""));
  CHECK(end.naive_bytes_in == end.launch_naive_bytes_in);
  // Outputs: the blocks written back so far.
  const views::OperandPicture& o = end.outputs[0];
  CHECK((o.hbm.cells[0] & views::hbm_cell::kWritten) !=
        0);  // rows 0..2 are done; row 3 is written after this
  CHECK((o.hbm.cells[2] & views::hbm_cell::kWritten) != 0);

  // Without a yardstick nothing naive is claimed.
  const views::MemoryPicture bare = BuildMemoryPicture(*skipped, *rec);
  CHECK_FALSE(bare.has_naive);
  CHECK(bare.redirect.empty());
  CHECK(bare.inputs[1].hbm.naive == -1);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE(
    "scenario picture: every setting a field, grouped, and the draft's flags read back as the same "
    "scenario") {
  const std::vector<std::string> flags = {"--causal",        "--bias", "--block-k", "256",
                                          "--block-k-major", "256",    "--chip",    "v4",
                                          "--sm-scale",      "0.125",  "--dtype",   "bfloat16"};
  const auto parsed = flash::ParseScenario(flags);
  REQUIRE(parsed.ok());
  const flash::Scenario& scenario = *parsed;
  const views::ScenarioPicture p =
      BuildScenarioPicture(flash::Erased(scenario), {.flags = flags, .try_flags = {"--block-k", "64"}});
  CHECK(p.fields.size() == flash::ScenarioFields().size());
  CHECK(p.fields.front().group == "shapes");
  CHECK(p.fields.back().group == "blocks of the dQ launch");
  CHECK(p.try_words == "block_k = 64");
  CHECK(p.rejection.empty());
  const auto field = [&](const std::string& key) {
    return *std::find_if(p.fields.begin(), p.fields.end(), [&](const auto& f) { return f.key == key; });
  };
  CHECK(field("causal").kind == views::FieldKind::Bool);
  CHECK(field("chip").kind == views::FieldKind::Choice);
  CHECK(field("chip").choices.size() == 4);
  CHECK(field("block_k_major_dkv").flag == "--block-k-major-dkv");
  CHECK(field("block_q_dq").kind == views::FieldKind::OptionalInt);

  views::ScenarioDraft draft{.key = p.key};
  for (const auto& f : p.fields) draft.values.push_back(f.value);
  const auto back = flash::ParseScenario(views::DraftFlags(p, draft));
  REQUIRE(back.ok());
  CHECK(flash::ScenarioToFlags(*back) == flash::ScenarioToFlags(scenario));

  // An edit: turn causal off and block_k down; the flags carry exactly that.
  for (std::size_t i = 0; i < p.fields.size(); ++i) {
    if (p.fields[i].key == "causal") draft.values[i] = "false";
    if (p.fields[i].key == "block_k") draft.values[i] = "128";
  }
  const auto edited = flash::ParseScenario(views::DraftFlags(p, draft));
  REQUIRE(edited.ok());
  CHECK_FALSE(edited->causal);
  CHECK(edited->block_sizes.block_k == 128);
  CHECK(edited->bias);
}

}  // namespace tilewalk::session
