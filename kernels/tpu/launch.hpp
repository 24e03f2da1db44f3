// Runs a launch on the TPU model, in the phases Pallas goes through:
//   1. tracing: the body runs once on shape-only values; its errors carry Phase::Tracing, nothing executes;
//   2. lowering: the block-shape rule, the VMEM and SMEM budgets, and the pipeline schedule from the index
//      maps (on the data of the scalar-prefetch operands, smem.hpp);
//   3. execution: each TensorCore first copies the scalar-prefetch operands into its SMEM; then the grid
//      runs sequentially in lexicographic order, each step prefetching the next
//      step's input blocks into the other VMEM slot (or skipping the copy when the block is unchanged),
//      running the body, and writing back outputs whose block is about to change.
// The machine state is one explicit struct (MachineState) that RunStep advances one grid step at a time,
// so a timeline can checkpoint it and re-run any step. When the options allow several threads and nothing
// watches the run event by event (no observer, no hook), the slices of the grid's parallel axes are dealt
// out between the runner and worker threads (parallel_steps.hpp): RunStep runs the runner's own slices and
// adopts the workers' records for the rest. Same events, clock, statistics, scratch, output slots and
// outputs as a serial run, bit for bit.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "kernels/tpu/cost_model.hpp"
#include "kernels/tpu/events.hpp"
#include "kernels/tpu/kernel_error.hpp"
#include "kernels/tpu/launch_spec.hpp"
#include "kernels/tpu/pending_stores.hpp"
#include "kernels/tpu/pipeline_plan.hpp"
#include "kernels/tpu/step_record.hpp"
#include "kernels/tpu/vmem.hpp"
#include "kernels/tpu/written_mask.hpp"

namespace tilewalk::tpu {

struct OperandTraffic {
  std::string name;
  uint32_t issued = 0;   // copies issued (inputs) or writebacks (outputs)
  uint32_t skipped = 0;  // copies skipped because the block index did not change (inputs only)
  uint64_t bytes = 0;
};

struct LaunchStats {
  int64_t steps = 0, steps_run = 0, steps_skipped = 0;  // executed steps: skipped ones did no arithmetic
  std::vector<OperandTraffic> copies;                   // per input
  std::vector<OperandTraffic> writebacks;               // per output
  std::vector<OperandTraffic> smem_copies;  // per scalar-prefetch operand: one copy per TensorCore that runs
  OpCounts ops;
  std::vector<StepCost> step_costs;  // per executed step
  CostSummary cost;                  // an estimate
};

// Everything a launch changes while it runs, apart from its HBM outputs (which the caller owns). While a
// runner adopts the steps of worker threads, its input slots are refilled only when it next runs a step
// itself or the run ends; the plan says what they hold at any step (LaunchRunner::RewindInputsTo). Its
// scratch and output slots lag behind too, until it runs a step itself or LaunchRunner::state() writes
// the adopted stores out.
struct MachineState {
  int64_t next_step = 0;
  uint64_t events_emitted = 0;  // counts events even when recording is off, so indices stay stable
  std::vector<std::array<Array, 2>> input_slots;
  std::vector<std::array<Array, 2>> output_slots;
  std::vector<Array> scratch;
  std::vector<Array> smem;  // the scalar-prefetch operands, once copied in (zeros before)
  CoreClocks clocks;        // per TensorCore; core 1's stays at zero on a one-core chip

  std::size_t Bytes() const;  // the slots', the scratch's and SMEM's arrays
};

struct LaunchResult {
  std::string name;  // the launch's name
  Dims grid;
  std::optional<KernelError> error;
  EventLog events;
  LaunchStats stats;
  PipelinePlan plan;
  VmemBudget vmem;
};

class ParallelSteps;

class LaunchRunner final : private KernelHost {
 public:
  LaunchRunner(const LaunchSpec& spec, LaunchOptions options);
  ~LaunchRunner() override;
  LaunchRunner(const LaunchRunner&) = delete;
  LaunchRunner& operator=(const LaunchRunner&) = delete;

  // Tracing and lowering. Returns the first error; on error nothing has executed.
  std::optional<KernelError> Prepare();
  bool Finished() const;
  void RunStep();  // executes grid step next_step()

  const LaunchSpec& spec() const { return m_spec; }
  const PipelinePlan& plan() const { return m_plan; }
  const VmemBudget& vmem() const { return m_vmem; }
  const std::optional<KernelError>& error() const { return m_error; }
  int64_t next_step() const { return m_state.next_step; }
  // The machine as a serial run leaves it between steps. While the runner adopts the steps of worker
  // threads, their stores wait in m_pending; these write them out first, so ask at checkpoints, not at
  // every step (next_step() is the cheap question).
  const MachineState& state() {
    m_pending.ApplyAll();
    return m_state;
  }
  MachineState& mutable_state() {  // for restoring a checkpoint
    m_pending.ApplyAll();
    return m_state;
  }
  // Prepares a replay from a checkpoint of the start of `step`: refills every input slot with the block
  // the pipeline had put there by then (HBM inputs never change) and forgets errors and step costs.
  // The caller restores scratch, output slots, the clock and the counters.
  void RewindInputsTo(int64_t step);
  const LaunchStats& stats() const { return m_stats; }
  const EventLog& events() const { return m_events; }
  // What the runner holds in memory: its machine state, and the plan, events and step costs it has not
  // handed over (TakeResult). The arrays of its operands belong to the caller.
  std::size_t HeldBytes() const;
  LaunchResult TakeResult();

 private:
  void Trace();
  void Lower();
  void AllocateState();
  void BindRefs(int64_t step);
  void CopyIn(int input, int64_t step, bool prologue);
  void CopyToSmem(int prefetch);  // a whole scalar-prefetch operand, HBM → SMEM
  void Writeback(int output, int64_t step);
  void Fail(KernelError error, int64_t step);
  Event MakeEvent(EventKind kind, SiteId site) const;
  // Stamps the event's times (pipeline_timer.hpp), records it and calls the hook. duration_us: of the
  // copy or of the core's work, for the kinds that take time.
  void Emit(Event event, double duration_us = 0);
  void Observe(SiteId site, const Value& value);

  void OnWhen(SiteId site, bool taken) override;
  void OnLoopIteration(SiteId site, int iteration) override;
  void OnStatement(SiteId site, const OpCounts& work, Value& result) override;
  void OnScalar(SiteId site) override;
  void OnLoad(SiteId site, const Ref& ref, const RefRegion& region, const Value& value) override;
  void OnStore(SiteId site, const Ref& ref, const RefRegion& region, const Value& value,
               Ref::StoreMode mode) override;
  void OnSmemLoad(SiteId site, const SmemRef& ref, int64_t flat) override;
  void EmitRefAccess(EventKind kind, SiteId site, const Ref& ref, const RefRegion& region,
                     const Value& value);
  void RefillInputSlots(int64_t step);  // as the pipeline had them at the start of `step`, SMEM too
  uint64_t WriteBlockBack(int output, uint8_t slot, uint32_t block);

  // ---- parallel grid axes (launch_parallel.cpp) ----
  friend class ParallelSteps;
  void StartParallel();  // at the first step, when the options and the launch allow it
  // false: the step is in a slice this thread runs itself, or depends on earlier slices, and runs here.
  bool AdoptStep();
  bool RunsOwnSlice(int64_t step);  // whether `step` is in a slice this thread runs itself
  void EndParallel();               // writes the adopted stores out and stops the workers
  // A worker: a copy of this prepared machine that records its steps instead of stamping them.
  std::unique_ptr<LaunchRunner> MakeWorker() const;
  void BeginSlice(int64_t first_step);
  StepRecord RunCapturedStep();
  Array& WritableBuffer(const Event& store);  // the output slot or scratch a Store event wrote
  // Worker checks: a read of what this slice has not written makes the step depend on earlier slices.
  void CheckWritten(const Ref& ref, const RefRegion& region);
  void MarkWritten(const Ref& ref, const RefRegion& region);

  LaunchSpec m_spec;
  LaunchOptions m_options;
  CostModel m_cost;
  PipelinePlan m_plan;
  VmemBudget m_vmem;
  std::optional<KernelError> m_error;
  MachineState m_state;
  Kernel m_kernel;
  LaunchStats m_stats;
  EventLog m_events;
  int64_t m_step = 0;
  uint32_t m_step_matmuls = 0;

  bool m_parallel_decided = false;            // StartParallel ran (or must never run: workers, rewinds)
  std::unique_ptr<ParallelSteps> m_parallel;  // the workers whose steps RunStep adopts
  int64_t m_slice_steps = 1;                  // grid steps per slice
  int64_t m_own_slice = -1;                   // the slice this thread runs itself
  bool m_inputs_current = true;     // the input slots are as the pipeline has them now (adopting clears it)
  PendingStores m_pending;          // adopted stores not yet written: only while m_parallel runs
  StepRecord* m_capture = nullptr;  // a worker's step being recorded
  std::vector<WrittenMask> m_written;  // a worker's masks: 2 output slots per output, then scratch
};

// Prepare, then every step. The convenient form when no stepping is needed.
LaunchResult RunLaunch(const LaunchSpec& spec, const LaunchOptions& options);

}  // namespace tilewalk::tpu
