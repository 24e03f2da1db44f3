#include "walkthrough/naive_maps.hpp"

#include <algorithm>

#include "kernels/tpu/block_spec.hpp"

namespace tilewalk::walkthrough {
namespace {

// The bytes a copy of one block moves: only the part inside the array (a partial last block is padded in
// VMEM, not read from HBM), as the DMA model counts them.
uint64_t BlockBytes(const tpu::InputOperand& input, uint32_t linear, const tpu::Dims& block_grid) {
  const tpu::Shape& shape = input.array->shape();
  const tpu::Shape& block = input.spec.block_shape;
  const tpu::BlockIndex index = tpu::UnflattenBlock(block_grid, linear);
  uint64_t elements = 1;
  for (int d = 0; d < shape.rank(); ++d) {
    const int64_t start = index[d] * block[d];
    elements *= static_cast<uint64_t>(std::clamp<int64_t>(shape[d] - start, 0, block[d]));
  }
  return elements * tpu::ItemSize(input.array->dtype());
}

}  // namespace

std::vector<NaiveLaunch> PlanNaiveLaunches(const kernel::Scenario& scenario) {
  const std::unique_ptr<kernel::KernelRun> naive = scenario.kernel().PrepareNaive(scenario);
  std::vector<NaiveLaunch> launches;
  if (!naive || naive->error()) return launches;
  for (int l = 0; l < naive->LaunchCount(); ++l) {
    tpu::LaunchRunner& runner = naive->Runner(l);
    const tpu::PipelinePlan& plan = runner.plan();
    NaiveLaunch out{.name = runner.spec().name};
    out.bytes_through_step.assign(static_cast<std::size_t>(plan.steps), 0);
    for (std::size_t i = 0; i < plan.inputs.size(); ++i) {
      const tpu::OperandSchedule& schedule = plan.inputs[i];
      out.input_blocks.push_back(schedule.block);
      // A step's copies fetch the next step's block; step 0 also fetches its own first (the prologue).
      for (int64_t s = 0; s < plan.steps; ++s) {
        const auto at = static_cast<std::size_t>(s);
        uint64_t bytes = 0;
        if (s == 0 && schedule.transfer[0])
          bytes += BlockBytes(runner.spec().inputs[i], schedule.block[0], schedule.block_grid);
        if (s + 1 < plan.steps && schedule.transfer[at + 1])
          bytes += BlockBytes(runner.spec().inputs[i], schedule.block[at + 1], schedule.block_grid);
        out.bytes_through_step[at] += bytes;
      }
    }
    for (std::size_t s = 1; s < out.bytes_through_step.size(); ++s)
      out.bytes_through_step[s] += out.bytes_through_step[s - 1];
    launches.push_back(std::move(out));
  }
  return launches;
}

std::vector<uint64_t> CopiedBytesThroughStep(const LaunchTrack& track) {
  std::vector<uint64_t> bytes(static_cast<std::size_t>(track.plan.steps), 0);
  for (const tpu::Event& e : track.events)
    if (e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued) != 0 &&
        e.step < bytes.size())
      bytes[e.step] += e.work;
  for (std::size_t s = 1; s < bytes.size(); ++s) bytes[s] += bytes[s - 1];
  return bytes;
}

}  // namespace tilewalk::walkthrough
