#include "app/session/picture_builders.hpp"

#include <cstdio>
#include <string>

#include "kernels/tpu/chip.hpp"

namespace tilewalk::session {

views::CostPicture BuildCostPicture(const walkthrough::Recording& rec, int launch) {
  views::CostPicture picture;
  if (launch < 0 || launch >= static_cast<int>(rec.launches().size())) {
    picture.empty_message = "No launch ran, so there is nothing to estimate.";
    return picture;
  }
  const walkthrough::LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
  picture.launch = track.name;
  const tpu::Chip chip = rec.scenario().kernel().Settings(rec.scenario()).chip;
  char text[160];
  const int cores = track.plan.cores.cores;
  picture.cores = cores;
  const std::string core = chip.tensor_cores == 1 ? "its one TensorCore"
                           : cores == 1           ? "one of its 2 TensorCores (no parallel axis to split)"
                                                  : "both TensorCores, the grid split between them";
  std::snprintf(text, sizeof text, "TPU %.*s, %s (chip: %.0f GB/s HBM, %.0f bf16 TFLOP/s)",
                static_cast<int>(chip.name.size()), chip.name.data(), core.c_str(),
                chip.hbm_bytes_per_s / 1e9, chip.bf16_flops_per_s / 1e12);
  picture.chip = text;
  std::snprintf(text, sizeof text, "VMEM limit %.2f MiB of the %.0f MiB per TensorCore: ",
                static_cast<double>(chip.VmemLimit()) / 1048576.0,
                static_cast<double>(chip.vmem_bytes) / 1048576.0);
  picture.vmem =
      text + (chip.vmem_limit_bytes > 0
                  ? std::string("the scenario's vmem_limit_bytes (--vmem-limit)")
                  : "the compiler's default scoped limit (" + std::string(chip.vmem_limit_source) + ")");
  picture.chip_name = std::string(chip.name);
  for (const tpu::StepCost& cost : track.stats.step_costs)
    picture.steps.push_back({.start_us = cost.start_us,
                             .end_us = cost.end_us,
                             .wait_us = cost.wait_us,
                             .ran = cost.ran,
                             .core = cost.core});
  for (const tpu::Event& e : track.events) {
    const bool copy = e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0;
    if (!copy && e.kind != tpu::EventKind::Writeback) continue;
    picture.copies.push_back({.start_us = e.t_start_us,
                              .end_us = e.t_end_us,
                              .step = static_cast<int>(e.step),
                              .writeback = e.kind == tpu::EventKind::Writeback,
                              .core = e.core()});
  }
  const tpu::CostSummary& sum = track.stats.cost;
  picture.total_us = sum.total_us;
  picture.compute_us = sum.compute_us;
  picture.overhead_us = sum.overhead_us;
  picture.dma_us = sum.dma_us;
  picture.bubble_us = sum.bubble_us;
  picture.hbm_bound = sum.bound == tpu::Bound::Hbm;
  return picture;
}

void PlaceCostCursor(views::CostPicture& picture, const walkthrough::Snapshot& snapshot) {
  picture.current_step = static_cast<int>(snapshot.step);
  picture.cursor_us = snapshot.clock_us;
}

}  // namespace tilewalk::session
