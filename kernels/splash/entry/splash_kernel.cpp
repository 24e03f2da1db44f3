#include <algorithm>
#include <cmath>

#include "kernels/api/kernel.hpp"
#include "kernels/splash/entry/kernel_entry.hpp"
#include "kernels/splash/entry/reference_check.hpp"
#include "kernels/splash/entry/scenario_fields.hpp"
#include "kernels/splash/entry/splash_assets.hpp"
#include "kernels/splash/entry/splash_python.hpp"
#include "kernels/splash/entry/splash_run.hpp"
#include "kernels/splash/entry/splash_scenario.hpp"
#include "kernels/splash/host_memory.hpp"
#include "kernels/splash/splash_error.hpp"
#include "kernels/tpu/sites.hpp"

namespace tilewalk::splash {
namespace {

std::shared_ptr<void> MakeDefaultScenario() {
  return std::make_shared<SplashScenario>();
}

std::shared_ptr<void> CloneScenario(const void* scenario) {
  return std::make_shared<SplashScenario>(*static_cast<const SplashScenario*>(scenario));
}

// The forward and dq grids are (q heads, q blocks, kv steps); the dkv grid is (kv blocks, q heads,
// q steps). A step axis walks the blocks a shrunk grid kept, in order (data_next names the block).
constexpr kernel::LaunchInfo kLaunches[] = {
    {.name = "fwd",
     .axes = {.rows = 1,
              .cols = 2,
              .row_block_field = "block_q",
              .col_block_field = "block_kv",
              .col_label = "kv step",
              .col_operand = "k"}},
    {.name = "dkv",
     .axes = {.rows = 2,
              .cols = 0,
              .row_block_field = "block_q_dkv",
              .col_block_field = "block_kv_dkv",
              .row_label = "q step",
              .row_operand = "q"}},
    {.name = "dq",
     .axes = {.rows = 1,
              .cols = 2,
              .row_block_field = "block_q_dq",
              .col_block_field = "block_kv_dq",
              .col_label = "kv step",
              .col_operand = "k"}},
};

// The step's shapes as the memory estimate takes them.
SplashStepShape ShapeOf(const SplashScenario& s, const kernel::HostUse& use) {
  return {.num_q_heads = s.heads,
          .num_kv_heads = s.KvHeads(),
          .q_len = s.q_len,
          .kv_len = s.kv_len,
          .head_dim = s.head_dim,
          .head_dim_v = s.head_dim,
          .dtype = s.dtype,
          .segment_ids = s.segments > 0,
          .forward_only = s.forward_only,
          .reference = !use.record};
}

constexpr double kMaxBlocksToMake = double(1 << 24);

class SplashKernel final : public kernel::Kernel {
 public:
  SplashKernel()
      : m_info{.name = "splash",
               .title = "Pallas TPU splash attention",
               .summary =
                   "jax's Pallas splash attention for TPU: block-sparse masks, a forward launch, then dK/dV "
                   "and dQ (or a fused dK/dV/dQ)",
               .source_folder = "kernels/splash/",
               .memory_advice = "reduce --heads, --q-len, --kv-len, --threads, or raise the block sizes",
               .launches = kLaunches,
               .scenario = {.fields = SplashScenarioFields(),
                            .group_names = SplashFieldGroupNames(),
                            .presets = SplashPresetFiles(),
                            .ops = {.type = &typeid(SplashScenario),
                                    .make_default = MakeDefaultScenario,
                                    .clone = CloneScenario}},
               .python = SplashPythonFile(),
               .assets = {.root = "assets/splash",
                          .mirror = SplashMirrorFiles(),
                          .sites = SplashSiteFiles(),
                          .passages = SplashPassageFiles(),
                          .tours = SplashTourFiles(),
                          .fingerprint = SplashFingerprintFiles()}} {}
  const kernel::KernelInfo& info() const override { return m_info; }
  base::Status CheckScenario(const kernel::Scenario& s) const override {
    return splash::CheckScenario(s.As<SplashScenario>());
  }
  kernel::RunSettings Settings(const kernel::Scenario& s) const override {
    const SplashScenario& typed = s.As<SplashScenario>();
    kernel::RunSettings settings{.chip = typed.ChipPreset(), .precision = typed.precision, .pad = typed.pad};
    if (typed.forward_only) settings.launches = {kLaunches[0].name};
    return settings;
  }
  // The launches' part needs the made kernel (its tables say how many steps run). Making it takes memory of
  // its own, a table entry per block of every distinct head mask: past kMaxBlocksToMake blocks the estimate
  // counts those tables (three int32 entries per block and launch) instead of making them, which the guard
  // refuses long before. A scenario whose kernel cannot be made runs nothing, and only its inputs count.
  kernel::HostMemory EstimateHostMemory(const kernel::Scenario& s,
                                        const kernel::HostUse& use) const override {
    const SplashScenario& typed = s.As<SplashScenario>();
    const SplashStepShape shape = ShapeOf(typed, use);
    const double kv = double(shape.num_kv_heads) * double(shape.kv_len) * double(shape.head_dim);
    const double q = double(shape.num_q_heads) * double(shape.q_len) * double(shape.head_dim);
    const kernel::HostMemory inputs_only{.inputs = (2 * q + 2 * kv) * double(tpu::ItemSize(shape.dtype))};
    const double blocks = std::ceil(double(typed.q_len) / double(std::max<int64_t>(typed.block_q, 1))) *
                          std::ceil(double(typed.kv_len) / double(std::max<int64_t>(typed.block_kv, 1)));
    if (blocks > kMaxBlocksToMake) {
      kernel::HostMemory tables = inputs_only;
      tables.launches = blocks * 3 * 4 * 3;
      return tables;
    }
    const auto array = ReadScenarioArray(typed);
    std::optional<SplashMaskInfos> made;
    if (array)
      CatchSplashError([&] {
        made = MakeSplashMaskInfos(MakeScenarioMask(typed, *array),
                                   {.block_sizes = MakeBlockSizes(typed.BlockSizeFields())});
      });
    return made ? splash::EstimateHostMemory(shape, *made, use) : inputs_only;
  }
  std::unique_ptr<kernel::KernelRun> Prepare(const kernel::Scenario& s,
                                             const kernel::RunOptions& options) const override {
    return std::make_unique<SplashRun>(s.As<SplashScenario>(), options);
  }
  kernel::ReferenceComparison CompareWithReference(const kernel::Scenario& s,
                                                   const kernel::Outputs& outputs) const override {
    const SplashScenario& typed = s.As<SplashScenario>();
    const auto array = ReadScenarioArray(typed);
    std::optional<Mask> mask;
    if (array) CatchSplashError([&] { mask = MakeScenarioMask(typed, *array); });
    if (!mask) return {};  // the run could not have been made either: nothing to compare, no pass
    return CompareSplashWithReference(typed, *mask, MakeSplashInputs(typed), outputs.As<SplashStepResult>());
  }
  std::string ErrorAdvice(const tpu::KernelError& error, std::string_view launch) const override;

 private:
  kernel::KernelInfo m_info;
};

std::string SplashKernel::ErrorAdvice(const tpu::KernelError& error, std::string_view launch) const {
  const std::string where =
      launch.empty() ? "before any launch" : "in the " + std::string(launch) + " launch";
  if (tpu::GetSite(error.site).name == "splash.block_sizes.dq_with_fused")
    return "A fused backward has no dQ launch, and the original refuses its block sizes: drop --block-q-dq "
           "and --block-kv-dq, or --fused-bwd.";
  switch (error.type) {
    case tpu::ErrorType::OutOfVmem:
      return "The blocks do not fit VMEM " + where + ": lower its block sizes, or raise --vmem-limit.";
    case tpu::ErrorType::OutOfSmem:
      return "The mask's tables do not fit SMEM " + where +
             ": raise --block-q and --block-kv (fewer blocks), or shorten the sequences.";
    case tpu::ErrorType::BlockShapeError:
      return "A block breaks the (8, 128) tiling rule " + where +
             ": use block sizes that are multiples of 128, or the whole sequence.";
    case tpu::ErrorType::ZeroDivisionError:
      return "A block size of 0 " + where + ": every block size must be at least 1.";
    default:
      return "The original raises this too " + where +
             ": make every block size divide its sequence (--q-len, --kv-len), and check the mask and heads.";
  }
}

}  // namespace

const kernel::Kernel& KernelEntry() {
  static const SplashKernel kernel;
  return kernel;
}

}  // namespace tilewalk::splash
