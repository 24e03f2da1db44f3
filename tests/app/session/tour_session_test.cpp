// The tour session over the fixture library (tests/cli/fixtures/library): it opens the default tour at a
// stop's landing event, moves between stops, applies the panes' intents to its one cursor, plays, and
// falls back with a reason when there is no tour to show.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "app/session/tour_session.hpp"
#include "kernels/registry/registry.hpp"
#include "tests/flash_walk.hpp"

namespace tilewalk::session {
namespace {

const std::filesystem::path kLibrary = TILEWALK_FIXTURE_LIBRARY;

views::Intent Make(views::IntentKind kind, std::int64_t value = 0, std::string file = {}) {
  return {.kind = kind, .value = value, .file = std::move(file)};
}

}  // namespace

TEST_CASE("tour session: opens the default tour at the first stop's landing event") {
  TourSession s({.library_folder = kLibrary});
  REQUIRE(s.HasTour());
  CHECK(s.library_problems().empty());
  CHECK(s.stop_index() == 0);
  CHECK(s.stop_count() == 6);
  const TourPictures& p = s.Pictures();
  REQUIRE(p.has_snapshot);
  CHECK(p.timeline.statement.find("fwd.run.m_next") != std::string::npos);
  REQUIRE(p.timeline.landing);
  CHECK(*p.timeline.landing == p.timeline.cursor);
  CHECK(p.passage.stop_number == 1);
  CHECK(p.passage.passage_body.find("16 steps and 6 of them") != std::string::npos);  // placeholders filled
  REQUIRE(p.source.cpp);
  CHECK(p.source.cpp->lit_lines ==
        std::vector<int>{test::FlashWalk().mirror.FindSite("fwd.run.m_next")->line});
}

TEST_CASE("tour session: --stop and the stop intents move between stops, clamped to the tour") {
  TourSession s({.library_folder = kLibrary, .stop = 4});
  CHECK(s.stop_index() == 3);
  CHECK(s.Pictures().grid.walks_down_columns);  // stop 4 lands on the dK/dV launch
  s.Apply(Make(views::IntentKind::NextStop));
  CHECK(s.stop_index() == 4);
  s.Apply(Make(views::IntentKind::NextStop));
  s.Apply(Make(views::IntentKind::NextStop));
  CHECK(s.stop_index() == 5);
  s.Apply(Make(views::IntentKind::PreviousStop));
  CHECK(s.stop_index() == 4);
  TourSession far({.library_folder = kLibrary, .stop = 99});
  CHECK(far.stop_index() == 5);
}

TEST_CASE("tour session: stepping, seeking and the line click all move the one cursor") {
  TourSession s({.library_folder = kLibrary});
  const uint64_t landed = *s.cursor();
  s.Apply(Make(views::IntentKind::StepStatement, 1));
  CHECK(*s.cursor() > landed);
  s.Apply(Make(views::IntentKind::StepStatement, -1));
  CHECK(*s.cursor() == landed);
  s.Apply(Make(views::IntentKind::GoToStart));
  CHECK(*s.cursor() == 0);
  s.Apply(Make(views::IntentKind::SeekToEvent, 42));
  CHECK(*s.cursor() == 42);
  CHECK(s.Pictures().timeline.cursor == 42);

  const auto alpha = test::FlashWalk().mirror.FindSite("fwd.run.alpha");
  REQUIRE(alpha);
  s.Apply(Make(views::IntentKind::SeekToNextAtLine, alpha->line, alpha->file));
  const uint64_t first = *s.cursor();
  CHECK(s.Pictures().source.cpp->lit_lines == std::vector<int>{alpha->line});
  s.Apply(Make(views::IntentKind::SeekToNextAtLine, alpha->line, alpha->file));
  CHECK(*s.cursor() > first);  // the next one, not the same one again
  CHECK(s.Pictures().timeline.statement.find("fwd.run.alpha") != std::string::npos);

  s.Apply(Make(views::IntentKind::SeekToGridStep, 5));
  CHECK(s.Pictures().grid.current == views::GridCell{0, 1, 1});  // step 5 = (1, 1)
}

TEST_CASE("tour session: playback advances one statement per interval and stops when paused") {
  TourSession s({.library_folder = kLibrary});
  const uint64_t start = *s.cursor();
  s.Tick(10.0);  // not playing: nothing moves
  CHECK(*s.cursor() == start);
  s.Apply(Make(views::IntentKind::SetSpeed, 10));
  s.Apply(Make(views::IntentKind::TogglePlay));
  CHECK(s.playing());
  s.Tick(0.1);
  CHECK(*s.cursor() == start + 1);
  s.Tick(0.25);
  CHECK(*s.cursor() == start + 3);
  s.Apply(Make(views::IntentKind::TogglePlay));
  s.Tick(1.0);
  CHECK(*s.cursor() == start + 3);
}

TEST_CASE("tour session: no tours, or a missing tour, falls back with a reason") {
  const std::filesystem::path empty = std::filesystem::temp_directory_path() / "tilewalk-empty-library";
  std::filesystem::create_directories(empty);
  TourSession none({.library_folder = empty});
  CHECK_FALSE(none.HasTour());
  CHECK(none.fallback_message().find("has no tours") != std::string::npos);
  TourSession missing({.library_folder = kLibrary, .tour = "no-such-tour"});
  CHECK_FALSE(missing.HasTour());
  CHECK(missing.fallback_message().find("no-such-tour") != std::string::npos);
}

TEST_CASE(
    "tour session: a folder's tour runs on the kernel its header names, and an unknown one is a problem") {
  const std::filesystem::path folder = std::filesystem::temp_directory_path() / "tilewalk-kernel-library";
  std::filesystem::remove_all(folder);
  std::filesystem::copy(kLibrary, folder, std::filesystem::copy_options::recursive);
  // Every tour of the fixture says `kernel: flash` (the default, said aloud); one more names no kernel.
  for (const auto& entry : std::filesystem::directory_iterator(folder / "tours")) {
    std::ifstream in(entry.path());
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    text.insert(text.find('\n') + 1, "kernel: flash\n");
    std::ofstream(entry.path()) << text;
  }
  std::ofstream(folder / "tours" / "stray.tour") << "# tour: stray\nkernel: nope\ntitle: Stray\n";
  TourSession s({.library_folder = folder, .kernel = &kernel::DefaultKernel()});
  REQUIRE(s.HasTour());
  CHECK(&s.kernel() == &kernel::DefaultKernel());
  CHECK(s.recording() != nullptr);
  const auto& problems = s.library_problems();
  CHECK(std::any_of(problems.begin(), problems.end(), [](const std::string& p) {
    return p.find("stray.tour") != std::string::npos &&
           p.find("kernel: 'nope' names no kernel of this build") != std::string::npos;
  }));
  for (const TourSummary& t : s.TourSummaries()) CHECK(t.kernel == &kernel::DefaultKernel());
  std::filesystem::remove_all(folder);
}

TEST_CASE("tour session: with no Pallas file anywhere, the hint names the offline ways to give one first") {
  // No variable, and an empty cache: nothing to find, unless python3 has jax, which these machines lack.
  const std::filesystem::path cache = std::filesystem::temp_directory_path() / "tilewalk-empty-cache";
  std::filesystem::create_directories(cache);
  const char* variable = std::getenv("TILEWALK_PALLAS_SOURCE");
  const std::string saved = variable != nullptr ? variable : "";
  const char* xdg = std::getenv("XDG_CACHE_HOME");
  const std::string saved_xdg = xdg != nullptr ? xdg : "";
  unsetenv("TILEWALK_PALLAS_SOURCE");
  setenv("XDG_CACHE_HOME", cache.c_str(), 1);
  TourSession s({.library_folder = kLibrary});
  if (variable != nullptr) setenv("TILEWALK_PALLAS_SOURCE", saved.c_str(), 1);
  if (xdg != nullptr)
    setenv("XDG_CACHE_HOME", saved_xdg.c_str(), 1);
  else
    unsetenv("XDG_CACHE_HOME");
  const std::string& hint = s.pallas_problem();
  const std::size_t flag = hint.find("--pallas-source"), env = hint.find("TILEWALK_PALLAS_SOURCE"),
                    fetch = hint.find("source fetch");
  REQUIRE(flag != std::string::npos);
  REQUIRE(env != std::string::npos);
  REQUIRE(fetch != std::string::npos);
  CHECK(flag < fetch);  // the network is the last resort
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("tour session: a stop that lands on a copy lights no statement, scrolls near one and says why") {
  TourSession s({.library_folder = kLibrary, .stop = 4});  // land: launch dkv, whose first event is a copy
  const TourPictures& p = s.Pictures();
  REQUIRE(p.source.cpp);
  CHECK(p.source.cpp->document->file == "dkv_kernel.cpp");
  CHECK(p.source.cpp->lit_lines.empty());
  CHECK(p.source.cpp->scroll_line > 0);
  CHECK(p.source.cpp->note.find("the pipeline copies") != std::string::npos);
  CHECK(p.source.cpp->note.find("no statement runs") != std::string::npos);
  CHECK(p.timeline.statement.find("copy_in of") == 0);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("tour session: a rejected stop shows the raising line in red and the error") {
  TourSession s({.library_folder = kLibrary, .stop = 6});  // --scenario block-k-64, land: rejected
  REQUIRE(s.HasTour());
  const TourPictures& p = s.Pictures();
  CHECK_FALSE(p.has_snapshot);
  CHECK(p.rejection.find("NotImplementedError") != std::string::npos);
  CHECK(p.passage.narration.find("NotImplementedError") != std::string::npos);  // {error.type} filled
  REQUIRE(p.source.cpp);
  CHECK(p.source.cpp->error_line > 0);
  CHECK(p.source.cpp->note == p.rejection);
  CHECK(p.source.cpp->document->lines[static_cast<std::size_t>(p.source.cpp->error_line - 1)].find("raise") !=
        std::string::npos);
  s.Apply(Make(views::IntentKind::StepStatement, 1));  // nothing to step through, and no crash
  CHECK_FALSE(s.cursor());
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("tour session: the step unit sets what a step and playback move by") {
  TourSession s({.library_folder = kLibrary});
  {
    // The DMA unit: a step forward lands on a copy or a writeback, never on a statement.
    s.Apply(Make(views::IntentKind::SetStepUnit, static_cast<int>(views::StepUnit::Dma)));
    CHECK(s.step_unit() == views::StepUnit::Dma);
    s.Apply(Make(views::IntentKind::Step, 1));
    const std::string statement = s.Pictures().timeline.statement;
    CHECK((statement.rfind("copy_in", 0) == 0 || statement.rfind("writeback", 0) == 0));
  }
  // The grid-step unit: a step moves to the next step's first event; back returns to this one's.
  s.Apply(Make(views::IntentKind::SetStepUnit, static_cast<int>(views::StepUnit::GridStep)));
  const std::string before = s.Pictures().timeline.position;
  s.Apply(Make(views::IntentKind::Step, 1));
  CHECK(s.Pictures().timeline.position != before);
  CHECK(s.Pictures().timeline.statement.rfind("step_begin", 0) == 0);
  // Playback moves a grid step per interval.
  s.Apply(Make(views::IntentKind::SetSpeed, 10));
  const uint64_t at = *s.cursor();
  s.Apply(Make(views::IntentKind::TogglePlay));
  s.Tick(0.11);
  s.Apply(Make(views::IntentKind::TogglePlay));
  CHECK(*s.cursor() > at + 1);
  CHECK(s.Pictures().timeline.statement.rfind("step_begin", 0) == 0);
  // G cycles the units and comes back round; an out-of-range unit is ignored.
  s.Apply(Make(views::IntentKind::NextStepUnit));
  CHECK(s.step_unit() == views::StepUnit::Launch);
  s.Apply(Make(views::IntentKind::NextStepUnit));
  CHECK(s.step_unit() == views::StepUnit::Statement);
  s.Apply(Make(views::IntentKind::SetStepUnit, 99));
  CHECK(s.step_unit() == views::StepUnit::Statement);
  CHECK(s.Pictures().timeline.step_unit == views::StepUnit::Statement);
}

TEST_CASE("tour session: jumps go to the next and previous event of a kind") {
  TourSession s({.library_folder = kLibrary});
  views::Intent jump{.kind = views::IntentKind::JumpToMarker,
                     .value = 1,
                     .arg = static_cast<int>(views::MarkerKind::SkippedCopy)};
  const uint64_t landed = *s.cursor();
  s.Apply(jump);
  const uint64_t skipped = *s.cursor();
  CHECK(skipped > landed);
  CHECK(s.Pictures().timeline.statement.find("skipped: block already in VMEM") != std::string::npos);
  s.Apply(jump);
  CHECK(*s.cursor() > skipped);
  jump.value = -1;
  s.Apply(jump);
  CHECK(*s.cursor() == skipped);
  jump.arg = static_cast<int>(views::MarkerKind::SkippedStep);
  jump.value = 1;
  s.Apply(jump);
  CHECK(s.Pictures().timeline.statement.rfind("step_begin", 0) == 0);
  // The cursor's cell is above the diagonal (kv block after q block), and shows that it is skipped.
  const views::GridPicture& grid = s.Pictures().grid;
  REQUIRE(grid.current.has_value());
  CHECK(grid.current->col > grid.current->row);
  CHECK(grid.slices[0].cells[static_cast<std::size_t>(grid.current->row * 4 + grid.current->col)] ==
        views::CellState::Skipped);
}

TEST_CASE("tour session: the time axis maps the scrubber through the estimated clock") {
  TourSession s({.library_folder = kLibrary});
  CHECK(s.axis() == views::TimelineAxis::Events);
  s.Apply(Make(views::IntentKind::ToggleAxis));
  CHECK(s.axis() == views::TimelineAxis::Time);
  const views::TimelinePicture& t = s.Pictures().timeline;
  CHECK(t.axis == views::TimelineAxis::Time);
  REQUIRE(t.total_us > 0);
  REQUIRE(t.launches.size() == 3);
  CHECK(t.launches[1].start_us == doctest::Approx(t.launches[0].end_us));
  CHECK(t.launches[2].end_us == doctest::Approx(t.total_us));
  // Halfway along the time axis is inside the dK/dV launch, which takes longer than the forward one.
  s.Apply(Make(views::IntentKind::SeekToTime, std::llround(t.total_us * 500.0)));
  const views::TimelinePicture& half = s.Pictures().timeline;
  CHECK(half.position.find("dkv") != std::string::npos);
  CHECK(half.cursor_us >= half.total_us * 0.5);
  CHECK(half.cursor_us < half.total_us * 0.55);
  s.Apply(Make(views::IntentKind::SeekToTime, 0));
  CHECK(*s.cursor() == 0);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE(
    "tour session: an edited scenario is recorded and landed on, and a rejected one shows its error in "
    "place") {
  TourSession s({.library_folder = kLibrary});
  const std::vector<std::string> own = s.scenario_flags();
  CHECK_FALSE(s.scenario_edited());
  CHECK_FALSE(s.Pictures().scenario.edited);
  CHECK(s.Pictures().scenario.key.find("causal-small") != std::string::npos);

  // A block size of 64 passes the argument checks and fails while the forward body is traced.
  std::vector<std::string> flags = own;
  flags.insert(flags.end(), {"--block-k", "64"});
  s.Apply({.kind = views::IntentKind::ApplyScenario, .words = flags});
  CHECK(s.scenario_edited());
  const TourPictures& rejected = s.Pictures();
  CHECK_FALSE(rejected.has_snapshot);
  CHECK(rejected.suggested_tab == DetailTab::Scenario);
  CHECK(rejected.scenario.edited);
  CHECK(rejected.scenario.rejection.find("NotImplementedError during tracing of the fwd launch") == 0);
  REQUIRE(rejected.source.cpp);
  CHECK(rejected.source.cpp->error_line > 0);
  CHECK(rejected.passage.edited);
  CHECK_MESSAGE(rejected.passage.problem.empty(), rejected.passage.problem);  // the edit's, not the tour's
  // a paragraph counting figures of launches that did not run says so: no raw placeholders, no dashes
  for (const std::string* text : {&rejected.passage.narration, &rejected.passage.passage_body}) {
    CAPTURE(*text);
    CHECK(text->find('{') == std::string::npos);
    CHECK(text->find("\u2014") == std::string::npos);
    CHECK(text->find('\x01') == std::string::npos);
  }
  CHECK(rejected.passage.passage_body.find("the edited scenario did not run") != std::string::npos);

  // Flags that cannot be read change nothing and say why.
  s.Apply({.kind = views::IntentKind::ApplyScenario, .words = {"--block-k", "many"}});
  CHECK(s.scenario_flags() == flags);
  CHECK(s.Pictures().scenario.problem.find("--block-k") != std::string::npos);

  // An accepted edit lands on the stop's moment in it: the same site, in a longer sequence.
  std::vector<std::string> longer = own;
  longer.insert(longer.end(), {"--q-len", "768", "--kv-len", "768"});
  s.Apply({.kind = views::IntentKind::ApplyScenario, .words = longer});
  REQUIRE(s.Pictures().has_snapshot);
  CHECK(s.Pictures().scenario.problem.empty());
  CHECK(s.Pictures().timeline.statement.find("fwd.run.m_next") != std::string::npos);
  // The yardsticks the worker measured are the ones the window would have measured itself.
  TourSession at_once({.library_folder = kLibrary});
  at_once.Apply({.kind = views::IntentKind::ApplyScenario, .words = longer});
  const views::MemoryPicture& measured = s.Pictures().memory;
  const views::MemoryPicture& expected = at_once.Pictures().memory;
  CHECK(measured.has_naive);
  CHECK(measured.launch_bytes_in == expected.launch_bytes_in);
  CHECK(measured.launch_naive_bytes_in == expected.launch_naive_bytes_in);
  CHECK(measured.naive_bytes_in == expected.naive_bytes_in);
  CHECK(s.Pictures().grid.rows == 6);

  s.Apply({.kind = views::IntentKind::ResetScenario});
  CHECK_FALSE(s.scenario_edited());
  CHECK(s.scenario_flags() == own);
  CHECK(s.Pictures().grid.rows == 4);
  CHECK(*s.cursor() == *s.Pictures().timeline.landing);
}

TEST_CASE("tour session: the stop's suggestion is one intent away, and the same intent goes back") {
  TourSession s({.tour = "q4-multiple-of-128"});
  REQUIRE(s.HasTour());
  for (int i = 0; i < s.stop_count() && s.Pictures().passage.try_words != "block_k = 64"; ++i)
    s.Apply(Make(views::IntentKind::NextStop));
  REQUIRE(s.Pictures().passage.try_words == "block_k = 64");
  s.Apply(Make(views::IntentKind::ToggleStopSuggestion));
  CHECK(s.scenario_edited());
  CHECK(s.Pictures().scenario.rejection.find("NotImplementedError") != std::string::npos);
  s.Apply(Make(views::IntentKind::ToggleStopSuggestion));
  CHECK_FALSE(s.scenario_edited());
  // Leaving the stop forgets the edit.
  s.Apply(Make(views::IntentKind::TryStopSuggestion));
  CHECK(s.scenario_edited());
  s.Apply(Make(views::IntentKind::PreviousStop));
  CHECK_FALSE(s.scenario_edited());
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("tour session: heatmaps are built only for the tab shown, the stop's or the statement's") {
  TourSession s({.library_folder = kLibrary, .stop = 2});  // shows the grid, not a detail tab
  const auto built = [](const views::LanesPicture& p) {
    return p.m.image != nullptr || !p.empty_message.empty();
  };
  CHECK(built(s.Pictures().lanes));  // never told what is shown: everything
  s.SetShownTab(DetailTab::Memory);
  s.Apply({.kind = views::IntentKind::JumpToMarker,
           .value = 1,
           .arg = static_cast<int>(views::MarkerKind::IssuedCopy)});
  const TourPictures& at_copy = s.Pictures();
  CHECK(at_copy.suggested_tab == DetailTab::Memory);
  CHECK_FALSE(built(at_copy.lanes));
  CHECK(at_copy.scores.s.image == nullptr);
  s.SetShownTab(DetailTab::Lanes);  // the user picked Lanes: built at once
  CHECK(built(s.Pictures().lanes));
  TourSession lanes_stop({.library_folder = kLibrary, .stop = 1});  // shows lanes
  lanes_stop.SetShownTab(DetailTab::Memory);
  lanes_stop.Apply({.kind = views::IntentKind::JumpToMarker,
                    .value = 1,
                    .arg = static_cast<int>(views::MarkerKind::IssuedCopy)});
  CHECK(built(lanes_stop.Pictures().lanes));
}

}  // namespace tilewalk::session

#include <chrono>
#include <fstream>
#include <string>
#include <thread>

#include "kernels/tpu/threads.hpp"

namespace tilewalk::session {

namespace {

// Ticks as the window's frames do until the worker's recording is in (or a minute passes).
void TickUntilRecorded(TourSession& s) {
  for (int i = 0; i < 6000 && s.recording_in_progress(); ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    s.Tick(0.0);
  }
}

}  // namespace

TEST_CASE(
    "tour session: in the background an edit records on a worker, the old recording stays until it lands") {
  TourSession s({.library_folder = kLibrary, .background_recording = true});
  const auto old = s.recording();
  std::vector<std::string> longer = s.scenario_flags();
  longer.insert(longer.end(), {"--q-len", "768", "--kv-len", "768"});
  s.Apply({.kind = views::IntentKind::ApplyScenario, .words = longer});
  CHECK(s.recording_in_progress());
  CHECK(s.recording() == old);  // still on screen
  TickUntilRecorded(s);
  REQUIRE_FALSE(s.recording_in_progress());
  CHECK(s.recording() != old);
  CHECK(s.scenario_edited());
  CHECK(s.Pictures().timeline.statement.find("fwd.run.m_next") != std::string::npos);

  // Cancelled: nothing changes, and the edit that was under way never lands.
  std::vector<std::string> other = s.scenario_flags();
  other.insert(other.end(), {"--seed", "11"});
  const auto before = s.recording();
  s.Apply({.kind = views::IntentKind::ApplyScenario, .words = other});
  s.CancelRecording();
  CHECK_FALSE(s.recording_in_progress());
  CHECK(s.recording_status().empty());
  TickUntilRecorded(s);
  CHECK(s.recording() == before);
  CHECK(s.scenario_flags() == longer);
}

namespace {

int LiveThreadsOfSession() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.starts_with("Threads:")) return std::stoi(line.substr(8));
  return -1;
}

}  // namespace

TEST_CASE("tour session: 200 quick edits keep one recording at a time and land the newest") {
  TourSession s({.library_folder = kLibrary, .background_recording = true});
  const int before = LiveThreadsOfSession();
  REQUIRE(before > 0);
  int most = before;
  const std::vector<std::string> stop_flags = s.scenario_flags();
  std::vector<std::string> flags;
  for (int i = 1; i <= 200; ++i) {
    flags = stop_flags;
    flags.insert(flags.end(), {"--seed", std::to_string(i)});
    s.Apply({.kind = views::IntentKind::ApplyScenario, .words = flags});
    s.Tick(0.0);
    most = std::max(most, LiveThreadsOfSession());
  }
  // One job's thread and its grid workers; before, every cancelled edit kept a thread until its grid step
  // ended, and 2000 of them ran out of threads.
  CHECK(most <= before + 1 + tilewalk::tpu::DefaultThreadCount());
  TickUntilRecorded(s);
  CHECK(s.scenario_flags() == flags);
}

}  // namespace tilewalk::session

namespace tilewalk::session {

TEST_CASE("tour session: a stop's `focus: operand` brings that buffer forward in the Memory pane") {
  TourSession s({.tour = "intro", .stop = 2});  // "m fills with -inf": focus: operand m_scratch
  REQUIRE(s.HasTour());
  const views::MemoryPicture& memory = s.Pictures().memory;
  CHECK(memory.focus == views::MemoryFocus::Scratch);
  bool named = false;
  for (const views::ScratchPicture& scratch : memory.scratch) named |= scratch.text.starts_with("m_scratch ");
  CHECK(named);
}

}  // namespace tilewalk::session
