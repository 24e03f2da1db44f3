#include "kernels/tpu/pipeline_plan.hpp"

#include <set>
#include <string>

namespace tilewalk::tpu {

namespace {

std::optional<KernelError> CheckOne(const std::string& name, const Shape& array, const Shape& block) {
  auto fail = [&](const std::string& why) {
    return KernelError{ErrorType::BlockShapeError, Phase::Lowering, kNoSite,
                       "block shape " + block.ToString() + " of operand '" + name + "' (array shape " +
                           array.ToString() + ") " + why};
  };
  if (array.rank() != block.rank())
    return fail("has rank " + std::to_string(block.rank()) + " but the array has rank " +
                std::to_string(array.rank()));
  for (int d = 0; d < array.rank(); ++d)
    if (block[d] < 1) return fail("has an empty dimension " + std::to_string(d));
  const int r = array.rank();
  if (r >= 1 && block[r - 1] % 128 != 0 && block[r - 1] != array[r - 1])
    return fail("breaks the TPU tiling rule: its last dimension " + std::to_string(block[r - 1]) +
                " must be divisible by 128 or equal the array's " + std::to_string(array[r - 1]));
  if (r >= 2 && block[r - 2] % 8 != 0 && block[r - 2] != array[r - 2])
    return fail("breaks the TPU tiling rule: its second-to-last dimension " + std::to_string(block[r - 2]) +
                " must be divisible by 8 or equal the array's " + std::to_string(array[r - 2]));
  return std::nullopt;
}

// Evaluates an operand's index map at every step, on the data of the scalar-prefetch operands when it
// takes them; returns the first step whose block is out of range, or whose map read outside a ref.
std::optional<PipelineFault> ScheduleBlocks(const std::string& name, const Shape& array,
                                            const BlockSpec& spec, const Dims& grid, int64_t steps,
                                            const PrefetchRefs& refs, OperandSchedule& out) {
  out.block_grid = BlockGrid(array, spec.block_shape);
  out.block.resize(static_cast<std::size_t>(steps));
  for (int64_t s = 0; s < steps; ++s) {
    const GridIndex g = UnflattenStep(grid, s);
    BlockIndex b;
    try {
      b = spec.index_map(g, refs);
    } catch (const KernelException& e) {
      return PipelineFault{s, KernelError{e.error.type, e.error.phase, kNoSite,
                                          "the index map of '" + name + "' at grid index " + g.ToString() +
                                              ": " + e.error.message}};
    }
    bool ok = b.rank() == out.block_grid.rank();
    for (int d = 0; ok && d < b.rank(); ++d) ok = b[d] >= 0 && b[d] < out.block_grid[d];
    if (!ok)
      return PipelineFault{s, KernelError{ErrorType::IndexMapError, Phase::Execution, kNoSite,
                                          "the index map of '" + name + "' returned block " + b.ToString() +
                                              " at grid index " + g.ToString() + ", outside its block grid " +
                                              out.block_grid.ToString()}};
    out.block[static_cast<std::size_t>(s)] = LinearBlock(out.block_grid, b);
  }
  return std::nullopt;
}

void KeepEarliest(std::optional<PipelineFault>& current, std::optional<PipelineFault> candidate) {
  if (candidate && (!current || candidate->step < current->step)) current = std::move(candidate);
}

}  // namespace

std::optional<KernelError> CheckBlockShapes(const LaunchSpec& spec) {
  for (const auto& in : spec.inputs)
    if (auto e = CheckOne(in.name, in.array->shape(), in.spec.block_shape)) return e;
  for (const auto& out : spec.outputs)
    if (auto e = CheckOne(out.name, out.array->shape(), out.spec.block_shape)) return e;
  return std::nullopt;
}

std::size_t PipelinePlan::Bytes() const {
  std::size_t bytes = 0;
  for (const auto* operands : {&inputs, &outputs})
    for (const OperandSchedule& o : *operands)
      bytes += o.block.capacity() * sizeof(uint32_t) + o.slot.capacity() + o.transfer.capacity();
  return bytes;
}

PipelinePlan PlanPipeline(const LaunchSpec& spec, int tensor_cores) {
  PipelinePlan plan;
  plan.steps = spec.grid.Product();
  plan.cores = CoreSplit::Of(spec, tensor_cores);
  const CoreSplit& cores = plan.cores;
  const auto n = static_cast<std::size_t>(plan.steps);
  // SMEM holds these values for the whole launch, so every block index, and with it every copy and
  // writeback below, follows from the maps' outputs on the data.
  const PrefetchRefs refs = HbmPrefetchRefs(spec);

  for (const auto& in : spec.inputs) {
    OperandSchedule& s = plan.inputs.emplace_back();
    KeepEarliest(plan.fault,
                 ScheduleBlocks(in.name, in.array->shape(), in.spec, spec.grid, plan.steps, refs, s));
    s.slot.assign(n, 0);
    s.transfer.assign(n, 0);
    for (std::size_t i = 0; i < n; ++i) {
      const bool starts = cores.StartsCore(static_cast<int64_t>(i));
      const bool changed = starts || s.block[i] != s.block[i - 1];
      s.transfer[i] = changed;
      s.slot[i] = starts ? 0 : changed ? static_cast<uint8_t>(1 - s.slot[i - 1]) : s.slot[i - 1];
    }
  }

  for (const auto& out : spec.outputs) {
    OperandSchedule& s = plan.outputs.emplace_back();
    KeepEarliest(plan.fault,
                 ScheduleBlocks(out.name, out.array->shape(), out.spec, spec.grid, plan.steps, refs, s));
    s.slot.assign(n, 0);
    s.transfer.assign(n, 0);
    std::set<uint32_t> written;  // by this TensorCore's pipeline: each core has its own
    for (std::size_t i = 0; i < n; ++i) {
      const bool starts = cores.StartsCore(static_cast<int64_t>(i));
      if (starts) written.clear();
      const bool changed = i > 0 && (starts || s.block[i] != s.block[i - 1]);
      s.slot[i] = starts ? 0 : changed ? static_cast<uint8_t>(1 - s.slot[i - 1]) : s.slot[i - 1];
      s.transfer[i] =
          i + 1 == n || s.block[i + 1] != s.block[i] || cores.StartsCore(static_cast<int64_t>(i) + 1);
      if (changed && written.count(s.block[i]))
        KeepEarliest(
            plan.fault,
            PipelineFault{static_cast<int64_t>(i),
                          KernelError{ErrorType::OutputRevisited, Phase::Execution, kNoSite,
                                      "output '" + out.name + "' returns to block " +
                                          UnflattenBlock(s.block_grid, s.block[i]).ToString() +
                                          " at grid step " + std::to_string(i) +
                                          " after it was already written back; an output block may only "
                                          "be visited on consecutive steps, so accumulate along the "
                                          "innermost grid axis"}});
      if (s.transfer[i]) written.insert(s.block[i]);
    }
  }
  return plan;
}

}  // namespace tilewalk::tpu
