// check --compare's machinery on flash alone: the kernel list's refusals, the same words read by each kernel,
// the tallies of a run (a causal scenario runs fewer steps than a full one), the planes, the ratios, and
// the figure's layout and SVG.
#include "app/check/compare_run.hpp"

#include <doctest/doctest.h>

#include <cmath>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "app/check/compare_figure.hpp"
#include "app/check/compare_report.hpp"
#include "app/pictures/picture_svg.hpp"
#include "app/views/compare_layout.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "png_read.hpp"

namespace tilewalk::app {
namespace {

const std::vector<std::string> kCompareSmall = {
    "--q-len", "256", "--kv-len", "256", "--block-q", "128", "--block-k-major", "128", "--block-k", "128"};

std::vector<CompareWord> CommonWords(const std::vector<std::string>& words, std::string kernel = "") {
  std::vector<CompareWord> out;
  for (const std::string& w : words) out.push_back({.kernel = kernel, .word = w});
  return out;
}

kernel::Scenario CompareFlash(std::vector<std::string> extra) {
  std::vector<std::string> words = kCompareSmall;
  words.insert(words.end(), extra.begin(), extra.end());
  return *kernel::ParseScenario(flash::KernelEntry(), words);
}

Comparison CompareCausalWithFull() {
  const std::vector<kernel::Scenario> scenarios = {CompareFlash({}), CompareFlash({"--causal"})};
  std::ostringstream sink;
  ProgressLine progress(sink, "check", false);
  const base::InterruptGuard interrupts;
  return *RunComparison(scenarios, CommonWords(kCompareSmall), progress, interrupts);
}

}  // namespace

TEST_CASE("compare: the kernel list names what is wrong") {
  const auto unknown = ParseCompareKernels("flash,frobnicate");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().message.find("--compare got 'frobnicate': expected kernel names") !=
        std::string::npos);
  const auto twice = ParseCompareKernels("flash,flash");
  REQUIRE_FALSE(twice);
  CHECK(twice.error().message == "--compare names flash twice; a kernel compared with itself tells nothing");
  const auto one = ParseCompareKernels("flash");
  REQUIRE_FALSE(one);
  CHECK(one.error().message.starts_with("--compare needs two kernels or more"));
  CHECK_FALSE(ParseCompareKernels(""));
  CHECK_FALSE(ParseCompareKernels("flash,"));
}

TEST_CASE("compare: the chips to time on, each once and known") {
  CHECK(*ParseCompareChips("v4,v6e") == std::vector<std::string>{"v4", "v6e"});
  const auto unknown = ParseCompareChips("v4,tpu9");
  REQUIRE_FALSE(unknown);
  CHECK(unknown.error().message ==
        "--chips got 'tpu9': expected chip names separated by a comma (v4, v5e, v5p, v6e)");
  CHECK_FALSE(ParseCompareChips("v4,v4"));
}

TEST_CASE(
    "compare: a run timed on another chip gives the comparison's own time on its chip, another elsewhere") {
  const Comparison c = CompareCausalWithFull();
  const kernel::Kernel* const kernels[] = {&flash::KernelEntry()};
  std::vector<CompareWord> words = CommonWords(kCompareSmall);
  for (const CompareWord& w : CommonWords({"--chip", "v4"})) words.push_back(w);  // replaced, not repeated
  std::ostringstream sink;
  ProgressLine progress(sink, "check", false);
  const base::InterruptGuard interrupts;
  const auto same = TimeOnChip(kernels, words, "v5e", progress, interrupts);
  REQUIRE(same);
  REQUIRE(*same);
  REQUIRE((*same)->est_us.size() == 1);
  CHECK((*same)->est_us[0] == c.kernels[0].total.est_us);
  const auto other = TimeOnChip(kernels, words, "v6e", progress, interrupts);
  REQUIRE(other);
  REQUIRE(*other);
  CHECK((*other)->chip == "v6e");
  CHECK((*other)->est_us[0] != c.kernels[0].total.est_us);
}

TEST_CASE("compare: each kernel reads the same words, and a bad one is named with the kernel") {
  const kernel::Kernel* const kernels[] = {&flash::KernelEntry()};
  std::vector<CompareWord> words = CommonWords({"--q-len", "384"});
  for (const CompareWord& w : CommonWords({"--causal"}, "flash")) words.push_back(w);
  CHECK(WordsFor(flash::KernelEntry(), words) == std::vector<std::string>{"--q-len", "384", "--causal"});
  const auto scenarios = CompareScenarios(kernels, words);
  REQUIRE(scenarios);
  const kernel::Scenario& s = scenarios->front();
  CHECK(s.Get(*s.schema().Find("q_len")) == "384");
  CHECK(s.Get(*s.schema().Find("causal")) == "true");
  const std::vector<CompareWord> bad = CommonWords({"--frobnicate"});
  const auto refused = CompareScenarios(kernels, bad);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().message.starts_with("--frobnicate is not a setting of the flash kernel"));
  const auto elsewhere = CompareScenarios(kernels, CommonWords({"--causal"}, "splosh"));
  REQUIRE_FALSE(elsewhere);
  CHECK(elsewhere.error().message == "--for got 'splosh': expected one of the kernels compared (flash)");
  const std::vector<CompareWord> bad_value = CommonWords({"--q-len", "x"});
  const auto refused_value = CompareScenarios(kernels, bad_value);
  REQUIRE_FALSE(refused_value);
  CHECK(refused_value.error().message.starts_with("the flash kernel: --q-len got 'x'"));
}

TEST_CASE("compare: the tallies of two runs, their planes and their ratios") {
  const Comparison c = CompareCausalWithFull();
  REQUIRE(c.kernels.size() == 2);
  const KernelTally &full = c.kernels[0], &causal = c.kernels[1];
  CHECK(full.pass);
  CHECK(causal.pass);
  REQUIRE(full.launches.size() == 3);
  // 2 q blocks × 2 kv blocks per launch: all 4 run in full, the one above the diagonal is idle under causal.
  for (const LaunchTally& l : full.launches) {
    CHECK(l.grid_steps == 4);
    CHECK(l.steps_run == 4);
    CHECK(l.plane.rows == 2);
    CHECK(l.plane.cols == 2);
  }
  CHECK(full.total.grid_steps == 12);
  CHECK(causal.total.grid_steps == 12);
  CHECK(causal.total.steps_run == 9);
  CHECK(causal.total.steps_idle == 3);
  CHECK(causal.total.est_us < full.total.est_us);
  CHECK(causal.total.copies_skipped > full.total.copies_skipped);
  const LaunchTally& fwd = causal.launches[0];
  CHECK(fwd.plane.cells[1] == views::CompareCell::Idle);  // row 0, key block 1: above the diagonal
  CHECK(fwd.plane.cells[0] == views::CompareCell::Ran);
  CHECK(fwd.BytesMoved() == fwd.bytes_in + fwd.bytes_out);

  const auto json = ComparisonJson(c);
  CHECK(json["kernels"][1]["total"]["steps_run"] == 9);
  CHECK(json["ratios"]["flash/flash"]["steps_run"].get<double>() == doctest::Approx(0.75));
  CHECK(json["pass"] == true);
  std::ostringstream text;
  PrintComparison(c, text);
  CHECK(text.str().find("flash/flash") != std::string::npos);
  CHECK(text.str().find("  steps run (did arithmetic)") != std::string::npos);
  CHECK(text.str().find("PASS: every kernel's outputs") != std::string::npos);
}

TEST_CASE("compare: a grid narrower than the sequences shows the blocks it leaves out") {
  // A plane is as wide as the blocks the sequences hold; the grid only covers part of it when it is
  // shrunk. Made here from a launch result whose grid has one key block fewer than kv_len's blocks.
  tpu::LaunchResult result;
  result.name = "fwd";
  result.grid = tpu::Dims{1, 1, 2, 1};
  result.stats.step_costs.resize(2);
  result.stats.step_costs[0].ran = true;
  const kernel::LaunchInfo* info = flash::KernelEntry().info().FindLaunch("fwd");
  const LaunchTally t = TallyLaunch(result, info, CompareFlash({}));
  REQUIRE(t.plane.rows == 2);
  REQUIRE(t.plane.cols == 2);
  CHECK(t.plane.cells ==
        std::vector<views::CompareCell>{views::CompareCell::Ran, views::CompareCell::NotInGrid,
                                        views::CompareCell::Idle, views::CompareCell::NotInGrid});
}

TEST_CASE("compare: the figure shows every cell, the ratios and each verdict") {
  const Comparison c = CompareCausalWithFull();
  const views::ComparePicture picture = ComparisonPicture(c);
  REQUIRE(picture.headlines.size() == 1);
  CHECK(picture.headlines[0].starts_with("flash/flash: estimated time 0."));
  const views::CompareLayout layout = views::LayOutComparison(picture);
  int cells = 0;
  for (const views::CompareMark& m : layout.marks) {
    cells += m.kind == views::CompareMark::Kind::Cell;
    CHECK(m.x >= 0);
    CHECK(m.x <= layout.width);
    CHECK(m.y <= layout.height);
  }
  CHECK(cells == 2 * 3 * 4 + 3);  // every launch's four cells, and the legend's three swatches
  const std::string svg = pictures::CompareSvg(picture);
  CHECK(svg.find("class=\"cell idle\"") != std::string::npos);
  CHECK(svg.find("reference check: pass") != std::string::npos);
  CHECK(svg.find("flash/flash: estimated time") != std::string::npos);
}

TEST_CASE("compare: the window view drawn headless gives a PNG of the figure's size, in its colours") {
  const Comparison c = CompareCausalWithFull();
  const views::ComparePicture picture = ComparisonPicture(c);
  const std::filesystem::path png = std::filesystem::temp_directory_path() / "tilewalk-compare-view-test.png";
  std::ostringstream warnings;
  const base::Status written = WriteComparisonPng(png, picture, warnings);
  REQUIRE_MESSAGE(written, (written ? "" : written.error().message));
  std::string error;
  const auto image = tests::ReadPng(png, error);
  REQUIRE_MESSAGE(image, error);
  const views::CompareLayout layout = views::LayOutComparison(picture);
  CHECK(image->width == static_cast<int>(std::ceil(layout.width)));
  CHECK(image->height == static_cast<int>(std::ceil(layout.height)));
  CHECK(tests::CountColours(*image) > 8);  // cells in two states, text, the ground
}

}  // namespace tilewalk::app
