// A launch as pallas_call describes it: grid, dimension semantics, operands with BlockSpecs, scratch
// shapes and the body; plus the options of one run on the model (chip, matmul precision, recording).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "kernels/tpu/block_spec.hpp"
#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/dma.hpp"
#include "kernels/tpu/events.hpp"
#include "kernels/tpu/kernel.hpp"

namespace tilewalk::tpu {

struct LaunchSpec {
  std::string name;  // the launch's name, which its site names start with
  Dims grid;
  std::vector<DimensionSemantics> dimension_semantics;
  std::vector<InputOperand> inputs;
  std::vector<OutputOperand> outputs;
  std::vector<ScratchSpec> scratch;
  std::function<void(Kernel&)> body;
  // PrefetchScalarGridSpec: how many of the launch's arguments are scalar-prefetch operands, and those
  // arguments, which come before `inputs` (smem.hpp). 0 and none: a plain pl.GridSpec.
  int num_scalar_prefetch = 0;
  std::vector<ScalarPrefetchOperand> scalar_prefetch;

  // Operand indices as events store them: inputs, then outputs, then scratch, then the scalar-prefetch
  // operands. The prefetch operands come last here, though first in the argument list, so that an input's
  // index is the same with or without them (see docs/tpu-model.md, "Scalar prefetch").
  int OperandCount() const {
    return static_cast<int>(inputs.size() + outputs.size() + scratch.size() + scalar_prefetch.size());
  }
  int PrefetchOperand(int p) const {  // the operand index of scalar-prefetch operand p
    return static_cast<int>(inputs.size() + outputs.size() + scratch.size()) + p;
  }
  const std::string& OperandName(int operand) const;
};

// Called with the value of each statement and load as it executes: how a timeline captures s, p, alpha...
using StatementObserver = std::function<void(std::size_t event_index, SiteId site, const Value& value)>;

// Tests only: may replace a statement's value as it executes, to break the kernel on purpose and show
// that `check` then fails (a check that cannot fail would prove nothing).
using StatementOverride = std::function<void(SiteId site, Value& value)>;

struct MachineState;
// Called after every event, recorded or not, with the machine as the event left it: how a timeline
// takes checkpoints and the state in the middle of a step.
using EventHook = std::function<void(uint64_t event_index, const Event& event, const MachineState& state)>;

struct LaunchOptions {
  Chip chip = DefaultChip();
  Precision precision = Precision::Default;
  bool record_events = true;   // off: statistics and outputs only, for speed
  PadFill pad = PadFill::NaN;  // what the padding of a partial block holds (dma.hpp)
  int threads = 0;             // for the parallel grid axes; 0: DefaultThreadCount() (threads.hpp), 1: serial
  StatementObserver observer{};  // optional
  EventHook event_hook{};        // optional
  // Optional; tests only.
  StatementOverride statement_override{};
};

}  // namespace tilewalk::tpu
