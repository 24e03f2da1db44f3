// The software pipeline of a launch, planned from the index maps before anything runs (maps that take
// scalar-prefetch refs read the operands' data, which SMEM holds unchanged for the whole launch):
// for every grid step and operand, which block it wants, which of its two VMEM slots holds it, and
// whether a copy is issued (inputs: only when the block index changes from the previous step) or a
// writeback happens (outputs: when the next step's block index differs, and after the last step). On a
// two-TensorCore chip each core's run of steps (grid_slices.hpp) is a pipeline of its own: its first step
// copies every input afresh into slot 0, and its last step writes its outputs back.
// Also the lowering checks: the (8, 128) block-shape rule.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "kernels/tpu/grid_slices.hpp"
#include "kernels/tpu/kernel_error.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::tpu {

struct OperandSchedule {
  Dims block_grid;              // blocks per dimension of the operand's array
  std::vector<uint32_t> block;  // linear block index wanted at each step
  std::vector<uint8_t> slot;    // VMEM slot (0/1) that holds it at each step
  std::vector<uint8_t>
      transfer;  // inputs: a copy brings this step's block; outputs: written back after this step
};

// An error the pipeline will hit at a given step (an index map out of range, an output revisited).
struct PipelineFault {
  int64_t step = 0;
  KernelError error;
};

struct PipelinePlan {
  int64_t steps = 0;
  CoreSplit cores;  // which TensorCore runs each step
  std::vector<OperandSchedule> inputs, outputs;
  std::optional<PipelineFault> fault;  // the first one; the launch stops there

  std::size_t Bytes() const;  // what its schedules hold, for a recording's count of its memory
};

// The block-shape rule: the last two block dimensions are divisible by 8 and 128, or equal the array's.
std::optional<KernelError> CheckBlockShapes(const LaunchSpec& spec);
PipelinePlan PlanPipeline(const LaunchSpec& spec, int tensor_cores = 1);

}  // namespace tilewalk::tpu
