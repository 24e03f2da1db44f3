// One scenario run on several kernels, for `check --compare A,B` and the comparison figure: the same
// scenario words parsed by each kernel's own field table, each run checked by the memory guard, run to the
// end and compared with its kernel's dense reference, and what each launch did tallied: grid steps, steps
// whose body ran, copies issued and skipped, bytes moved, and the cost model's estimated time on the
// scenario's chip. Kernel-neutral: every figure comes from tpu::LaunchResult and the kernel's LaunchInfo.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/progress_line.hpp"
#include "app/views/compare_picture.hpp"
#include "base/interrupt_guard.hpp"
#include "base/result.hpp"
#include "kernels/api/kernel.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::app {

// The grid of one launch as a plane of query blocks (rows) by key blocks (cols): the grid's own axes,
// widened to every block the sequences hold, so that a grid that was shrunk shows what it left out.
struct GridPlane {
  int rows = 0, cols = 0;            // the plane: blocks of the sequences, or the grid's extents if larger
  int grid_rows = 0, grid_cols = 0;  // the grid's extents on its query and key axes
  std::vector<views::CompareCell> cells{};  // rows × cols, row-major; a cell over the grid's other axes
};

// Sums over one launch, or over every launch of a run.
struct LaunchTally {
  std::string name{};                                     // the launch's name; "total" for the sums of a run
  tpu::Dims grid{};                                       // empty for a total
  int64_t grid_steps = 0, steps_run = 0, steps_idle = 0;  // steps_idle: grid steps that did no arithmetic
  uint64_t copies_issued = 0, copies_skipped = 0;  // input blocks copied to VMEM, and copies the pipeline
                                                   // skipped because the block did not change
  uint64_t writebacks = 0;
  uint64_t bytes_in = 0, bytes_out = 0;  // copies and scalar-prefetch copies in; writebacks out
  uint64_t matmuls = 0;
  double est_us = 0;  // the cost model's estimate of the launch, first copy to last writeback
  GridPlane plane{};  // empty for a total

  uint64_t BytesMoved() const { return bytes_in + bytes_out; }
  void Add(const LaunchTally& launch);  // sums every count (the plane and grid stay)
};

// A scenario word and the kernel it is for: "" for every kernel compared (the words before any --for).
struct CompareWord {
  std::string kernel{};
  std::string word{};
};

struct KernelTally {
  const kernel::Kernel* kernel = nullptr;
  kernel::Scenario scenario;
  std::vector<std::string> own_words{};  // the words given to this kernel alone (after --for NAME)
  std::string chip{};                    // the chip the estimate is for
  std::vector<LaunchTally> launches{};
  LaunchTally total{.name = "total"};
  std::optional<tpu::KernelError> error{};  // set: a launch raised; the tallies stop at it
  std::string error_launch{};
  kernel::ReferenceComparison comparison{};  // empty when a launch raised
  bool pass = false;                         // every output within tolerance of the reference
  double simulate_ms = 0;
};

// Each kernel's estimated time with the scenario run again on another chip (--chips).
struct ChipTimes {
  std::string chip{};
  std::vector<double> est_us{};  // per kernel, in the order compared
};

struct Comparison {
  std::vector<std::string> words{};  // the scenario words every kernel was given (own words: per kernel)
  std::vector<KernelTally> kernels{};
  std::vector<ChipTimes> chips{};  // --chips: the estimates on other chips, in the order asked
};

// "flash,splash": registered kernels, at least two, each once. Usage errors name what is wrong.
base::Result<std::vector<const kernel::Kernel*>> ParseCompareKernels(std::string_view text);

// Each kernel's scenario from the words for every kernel, then its own (kernels name a setting in their own
// words: flash's --causal is splash's --mask causal), checked by the memory guard. A word a kernel does not
// take, and a word for a kernel not compared, fail with a message naming the kernel.
base::Result<std::vector<kernel::Scenario>> CompareScenarios(std::span<const kernel::Kernel* const> kernels,
                                                             std::span<const CompareWord> words);
// The words of `kernel`: those for every kernel, then its own.
std::vector<std::string> WordsFor(const kernel::Kernel& kernel, std::span<const CompareWord> words);

// Runs every scenario to the end and then its reference. nullopt when `interrupts` saw a Ctrl-C.
std::optional<Comparison> RunComparison(std::span<const kernel::Scenario> scenarios,
                                        std::span<const CompareWord> words, ProgressLine& progress,
                                        const base::InterruptGuard& interrupts);

// "v4,v6e": chip presets, each once (Reason::Usage otherwise).
base::Result<std::vector<std::string>> ParseCompareChips(std::string_view text);

// Runs every kernel again with the same words on `chip` (their own --chip replaced), without the reference,
// and gives the estimated time of each. nullopt when `interrupts` saw a Ctrl-C; an error when a scenario
// does not hold on that chip.
base::Result<std::optional<ChipTimes>> TimeOnChip(std::span<const kernel::Kernel* const> kernels,
                                                  std::span<const CompareWord> words, const std::string& chip,
                                                  ProgressLine& progress,
                                                  const base::InterruptGuard& interrupts);

// The tallies of one launch that ran (its LaunchInfo gives the plane's axes; null: the grid's last two).
LaunchTally TallyLaunch(const tpu::LaunchResult& result, const kernel::LaunchInfo* info,
                        const kernel::Scenario& scenario);

}  // namespace tilewalk::app
