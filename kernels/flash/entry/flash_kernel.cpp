#include "kernels/api/kernel.hpp"
#include "kernels/flash/entry/flash_assets.hpp"
#include "kernels/flash/entry/flash_python.hpp"
#include "kernels/flash/entry/flash_report.hpp"
#include "kernels/flash/entry/flash_run.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/host_memory.hpp"
#include "kernels/flash/reference_check.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/flash/scenario_fields.hpp"
#include "kernels/flash/scenario_presets.hpp"

namespace tilewalk::flash {
namespace {

std::shared_ptr<void> MakeDefaultScenario() {
  return std::make_shared<Scenario>();
}

std::shared_ptr<void> CloneScenario(const void* scenario) {
  return std::make_shared<Scenario>(*static_cast<const Scenario*>(scenario));
}

// The forward and dQ grids are (b, h, q, kv); the dK/dV grid is (b, h, kv, q).
constexpr kernel::LaunchInfo kLaunches[] = {
    {.name = "fwd",
     .axes = {.rows = 2, .cols = 3, .row_block_field = "block_q", .col_block_field = "block_k_major"}},
    {.name = "dkv",
     .axes = {.rows = 3,
              .cols = 2,
              .row_block_field = "block_q_major_dkv",
              .col_block_field = "block_k_major_dkv"}},
    {.name = "dq",
     .axes = {.rows = 2, .cols = 3, .row_block_field = "block_q_dq", .col_block_field = "block_k_major_dq"}},
};

class FlashKernel final : public kernel::Kernel {
 public:
  FlashKernel()
      : m_info{.name = "flash",
               .title = "Pallas TPU flash attention",
               .summary = "jax's Pallas flash attention for TPU: a forward launch, then dK/dV and dQ",
               .source_folder = "kernels/flash/",
               .memory_advice = "reduce --batch, --heads, --q-len, --kv-len, --threads, drop --bias",
               .launches = kLaunches,
               .scenario = {.fields = ScenarioFields(),
                            .group_names = FieldGroupNames(),
                            .presets = ScenarioPresetFiles(),
                            .ops = {.type = &typeid(Scenario),
                                    .make_default = MakeDefaultScenario,
                                    .clone = CloneScenario}},
               .python = FlashPythonFile(),
               .assets = {.root = "assets/flash",
                          .mirror = FlashMirrorFiles(),
                          .sites = FlashSiteFiles(),
                          .passages = FlashPassageFiles(),
                          .tours = FlashTourFiles(),
                          .fingerprint = FlashFingerprintFiles()}} {}
  const kernel::KernelInfo& info() const override { return m_info; }
  base::Status CheckScenario(const kernel::Scenario& s) const override {
    return flash::CheckScenario(s.As<Scenario>());
  }
  kernel::RunSettings Settings(const kernel::Scenario& s) const override {
    const Scenario& typed = s.As<Scenario>();
    kernel::RunSettings settings{.chip = typed.ChipPreset(), .precision = typed.precision, .pad = typed.pad};
    if (typed.forward_only) settings.launches = {kLaunches[0].name};
    return settings;
  }
  kernel::HostMemory EstimateHostMemory(const kernel::Scenario& s,
                                        const kernel::HostUse& use) const override {
    return flash::EstimateHostMemory(s.As<Scenario>(), use);
  }
  std::unique_ptr<kernel::KernelRun> Prepare(const kernel::Scenario& s,
                                             const kernel::RunOptions& options) const override {
    return std::make_unique<FlashRun>(s.As<Scenario>(), options);
  }
  std::unique_ptr<kernel::KernelRun> PrepareNaive(const kernel::Scenario& s) const override {
    Scenario naive = s.As<Scenario>();
    naive.naive_index_maps = true;
    return std::make_unique<FlashRun>(naive, kernel::RunOptions{.record_events = false});
  }
  kernel::ReferenceComparison CompareWithReference(const kernel::Scenario& s,
                                                   const kernel::Outputs& outputs) const override {
    const Scenario& scenario = s.As<Scenario>();
    return flash::CompareWithReference(scenario, MakeInputs(scenario), outputs.As<TrainingStepResult>());
  }
  std::string ErrorAdvice(const tpu::KernelError& error, std::string_view launch) const override {
    return flash::ErrorAdvice(error, std::string(launch));
  }
  std::string DescribeScenario(const kernel::Scenario& s) const override {
    return flash::DescribeScenario(s.As<Scenario>());
  }
  std::vector<kernel::ReportFact> ReportFacts(const kernel::Scenario& s) const override {
    return flash::ReportFacts(s.As<Scenario>());
  }

 private:
  kernel::KernelInfo m_info;
};

}  // namespace

const kernel::Kernel& KernelEntry() {
  static const FlashKernel kernel;
  return kernel;
}

}  // namespace tilewalk::flash
