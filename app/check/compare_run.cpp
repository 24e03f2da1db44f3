#include "app/check/compare_run.hpp"

#include <algorithm>
#include <chrono>
#include <utility>

#include "app/check/watched_step.hpp"
#include "base/number_text.hpp"
#include "base/terminal_text.hpp"
#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/registry.hpp"
#include "kernels/tpu/block_spec.hpp"
#include "kernels/tpu/chip.hpp"

namespace tilewalk::app {

void LaunchTally::Add(const LaunchTally& l) {
  grid_steps += l.grid_steps;
  steps_run += l.steps_run;
  steps_idle += l.steps_idle;
  copies_issued += l.copies_issued;
  copies_skipped += l.copies_skipped;
  writebacks += l.writebacks;
  bytes_in += l.bytes_in;
  bytes_out += l.bytes_out;
  matmuls += l.matmuls;
  est_us += l.est_us;
}

base::Result<std::vector<const kernel::Kernel*>> ParseCompareKernels(std::string_view text) {
  const auto usage = [](std::string what) { return base::Fail(base::Reason::Usage, "--compare " + what); };
  std::vector<const kernel::Kernel*> kernels;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string_view name = text.substr(start, comma - start);
    const kernel::Kernel* found = kernel::FindKernel(name);
    if (found == nullptr)
      return usage("got '" + base::CutText(std::string(name)) +
                   "': expected kernel names separated by a comma (" + kernel::KernelNames() + ")");
    if (std::find(kernels.begin(), kernels.end(), found) != kernels.end())
      return usage("names " + std::string(name) + " twice; a kernel compared with itself tells nothing");
    kernels.push_back(found);
    start = comma + 1;
  }
  if (kernels.size() < 2)
    return usage("needs two kernels or more, separated by a comma, such as flash,splash (registered: " +
                 kernel::KernelNames() + ")");
  return kernels;
}

base::Result<std::vector<std::string>> ParseCompareChips(std::string_view text) {
  std::vector<std::string> chips;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = std::min(text.find(',', start), text.size());
    const std::string name(text.substr(start, comma - start));
    if (!tpu::ChipByName(name))
      return base::Fail(base::Reason::Usage,
                        "--chips got '" + base::CutText(name) +
                            "': expected chip names separated by a comma (v4, v5e, v5p, v6e)");
    if (std::find(chips.begin(), chips.end(), name) != chips.end())
      return base::Fail(base::Reason::Usage, "--chips names " + name + " twice");
    chips.push_back(name);
    start = comma + 1;
  }
  return chips;
}

namespace {

// The option names the kernel's scenario takes (--scenario and one per field).
bool KernelTakes(const kernel::Kernel& k, std::string_view option) {
  kernel::ScenarioArgs args(k);
  for (const base::OptionSpec& spec : args.Specs())
    if (spec.name == option) return true;
  return false;
}

std::string_view OptionName(std::string_view word) {
  return word.substr(0, word.find('='));
}

}  // namespace

std::vector<std::string> WordsFor(const kernel::Kernel& k, std::span<const CompareWord> words) {
  std::vector<std::string> out;
  for (const CompareWord& w : words)
    if (w.kernel.empty()) out.push_back(w.word);
  for (const CompareWord& w : words)
    if (w.kernel == k.info().name) out.push_back(w.word);
  return out;
}

base::Result<std::vector<kernel::Scenario>> CompareScenarios(std::span<const kernel::Kernel* const> kernels,
                                                             std::span<const CompareWord> words) {
  std::string names;
  for (const kernel::Kernel* k : kernels) names += (names.empty() ? "" : ", ") + std::string(k->info().name);
  for (const CompareWord& w : words)
    if (!w.kernel.empty() && std::none_of(kernels.begin(), kernels.end(), [&](const kernel::Kernel* k) {
          return k->info().name == w.kernel;
        }))
      return base::Fail(base::Reason::Usage, "--for got '" + base::CutText(w.kernel) +
                                                 "': expected one of the kernels compared (" + names + ")");
  std::vector<kernel::Scenario> out;
  for (const kernel::Kernel* k : kernels) {
    const std::string name(k->info().name);
    const std::vector<std::string> own = WordsFor(*k, words);
    for (const std::string& word : own)
      if (word.starts_with("--") && !KernelTakes(*k, OptionName(word)))
        return base::Fail(base::Reason::Usage,
                          std::string(OptionName(word)) + " is not a setting of the " + name +
                              " kernel; give a kernel's own words after --for NAME (" + name +
                              "'s settings: tilewalk check --kernel " + name + " --help)");
    auto parsed = kernel::ParseScenario(*k, own);
    if (!parsed) return base::Fail(base::Reason::Usage, "the " + name + " kernel: " + parsed.error().message);
    if (const base::Status runnable = kernel::CheckRunnable(*parsed, {.record = false}); !runnable)
      return base::Fail(runnable.error().reason, "the " + name + " kernel: " + runnable.error().message);
    out.push_back(*parsed);
  }
  return out;
}

namespace {

// A field's value as a positive whole number, or 0 (unset, absent, or not a number).
int64_t PositiveField(const kernel::Scenario& s, std::string_view key) {
  const kernel::ScenarioField* field = key.empty() ? nullptr : s.schema().Find(key);
  if (field == nullptr) return 0;
  const auto value = base::ParseWhole(s.Get(*field), 1, INT64_MAX);
  return value ? *value : 0;
}

// How many blocks of `block_key` cover `length_key`, or `at_least` when the fields do not say.
int BlocksOf(const kernel::Scenario& s, std::string_view block_key, std::string_view length_key,
             int64_t at_least) {
  const int64_t block = PositiveField(s, block_key), length = PositiveField(s, length_key);
  const int64_t blocks = block > 0 && length > 0 ? (length + block - 1) / block : 0;
  return static_cast<int>(std::max(blocks, at_least));
}

GridPlane PlaneOf(const tpu::LaunchResult& result, const kernel::LaunchInfo* info,
                  const kernel::Scenario& s) {
  const tpu::Dims& grid = result.grid;
  const int rank = grid.rank();
  int row_axis = rank >= 2 ? rank - 2 : -1, col_axis = rank - 1;
  if (info != nullptr && info->axes.rows < rank && info->axes.cols < rank) {
    row_axis = info->axes.rows;
    col_axis = info->axes.cols;
  }
  GridPlane plane;
  plane.grid_rows = row_axis >= 0 ? static_cast<int>(grid[row_axis]) : 1;
  plane.grid_cols = col_axis >= 0 ? static_cast<int>(grid[col_axis]) : 1;
  plane.rows = plane.grid_rows;
  plane.cols = plane.grid_cols;
  if (info != nullptr) {
    plane.rows = BlocksOf(s, info->axes.row_block_field, info->axes.row_length_field, plane.grid_rows);
    plane.cols = BlocksOf(s, info->axes.col_block_field, info->axes.col_length_field, plane.grid_cols);
  }
  plane.cells.assign(static_cast<std::size_t>(plane.rows) * plane.cols, views::CompareCell::NotInGrid);
  for (int r = 0; r < plane.grid_rows; ++r)
    for (int c = 0; c < plane.grid_cols; ++c)
      plane.cells[static_cast<std::size_t>(r * plane.cols + c)] = views::CompareCell::Idle;
  const std::vector<tpu::StepCost>& steps = result.stats.step_costs;
  for (std::size_t step = 0; step < steps.size(); ++step) {
    if (!steps[step].ran) continue;
    const tpu::GridIndex at = tpu::UnflattenStep(grid, static_cast<int64_t>(step));
    const int r = row_axis >= 0 ? static_cast<int>(at[row_axis]) : 0;
    const int c = col_axis >= 0 ? static_cast<int>(at[col_axis]) : 0;
    plane.cells[static_cast<std::size_t>(r * plane.cols + c)] = views::CompareCell::Ran;
  }
  return plane;
}

}  // namespace

LaunchTally TallyLaunch(const tpu::LaunchResult& result, const kernel::LaunchInfo* info,
                        const kernel::Scenario& scenario) {
  const tpu::LaunchStats& st = result.stats;
  LaunchTally t{.name = result.name, .grid = result.grid};
  t.grid_steps = result.grid.Product();
  t.steps_run = st.steps_run;
  t.steps_idle = st.steps_skipped;
  for (const tpu::OperandTraffic& c : st.copies) {
    t.copies_issued += c.issued;
    t.copies_skipped += c.skipped;
    t.bytes_in += c.bytes;
  }
  for (const tpu::OperandTraffic& c : st.smem_copies) t.bytes_in += c.bytes;
  for (const tpu::OperandTraffic& w : st.writebacks) {
    t.writebacks += w.issued;
    t.bytes_out += w.bytes;
  }
  t.matmuls = st.ops.matmuls;
  t.est_us = st.cost.total_us;
  t.plane = PlaneOf(result, info, scenario);
  return t;
}

std::optional<Comparison> RunComparison(std::span<const kernel::Scenario> scenarios,
                                        std::span<const CompareWord> words, ProgressLine& progress,
                                        const base::InterruptGuard& interrupts) {
  Comparison out;
  for (const CompareWord& w : words)
    if (w.kernel.empty()) out.words.push_back(w.word);
  for (const kernel::Scenario& s : scenarios) {
    const kernel::Kernel& k = s.kernel();
    progress.Phase(std::string(k.info().name));
    KernelTally tally{.kernel = &k, .scenario = s, .chip = std::string(k.Settings(s).chip.name)};
    for (const CompareWord& w : words)
      if (w.kernel == k.info().name) tally.own_words.push_back(w.word);
    const auto start = std::chrono::steady_clock::now();
    const std::unique_ptr<kernel::KernelRun> run = k.Prepare(s, {.record_events = false});
    auto result = RunWatchedStep(*run, progress, interrupts);
    run->ReleaseLaunches();  // the reference needs the room
    if (!result) return std::nullopt;
    tally.simulate_ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    tally.error = result->error;
    tally.error_launch = result->error_launch;
    for (const kernel::LaunchOutcome& l : result->launches) {
      tally.launches.push_back(TallyLaunch(l.result, k.info().FindLaunch(l.name), s));
      tally.total.Add(tally.launches.back());
    }
    if (!tally.error) {
      progress.Phase(std::string(k.info().name) + ": the dense reference");
      tally.comparison = run->CompareWithReference(result->outputs);
    }
    if (interrupts.Interrupted()) return std::nullopt;
    tally.pass = !tally.error && tally.comparison.pass;
    out.kernels.push_back(std::move(tally));
  }
  return out;
}

base::Result<std::optional<ChipTimes>> TimeOnChip(std::span<const kernel::Kernel* const> kernels,
                                                  std::span<const CompareWord> words, const std::string& chip,
                                                  ProgressLine& progress,
                                                  const base::InterruptGuard& interrupts) {
  std::vector<CompareWord> on_chip;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i].word == "--chip") {
      ++i;  // its value
      continue;
    }
    if (!words[i].word.starts_with("--chip=")) on_chip.push_back(words[i]);
  }
  on_chip.push_back({.kernel = "", .word = "--chip"});
  on_chip.push_back({.kernel = "", .word = chip});
  const auto scenarios = CompareScenarios(kernels, on_chip);
  if (!scenarios)
    return base::Fail(scenarios.error().reason, "on " + chip + ": " + scenarios.error().message);
  ChipTimes times{.chip = chip};
  for (const kernel::Scenario& s : *scenarios) {
    progress.Phase(std::string(s.kernel().info().name) + " on " + chip);
    const std::unique_ptr<kernel::KernelRun> run = s.kernel().Prepare(s, {.record_events = false});
    const auto result = RunWatchedStep(*run, progress, interrupts);
    if (!result) return std::optional<ChipTimes>();
    double us = 0;
    for (const kernel::LaunchOutcome& l : result->launches) us += l.result.stats.cost.total_us;
    times.est_us.push_back(us);
  }
  return std::optional<ChipTimes>(std::move(times));
}

}  // namespace tilewalk::app
