// [SECTIONS] arrays · events
#include "kernels/flash/host_memory.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "kernels/flash/constants.hpp"
#include "kernels/flash/scenario.hpp"
#include "kernels/tpu/array.hpp"
#include "kernels/tpu/cost_model.hpp"
#include "kernels/tpu/events.hpp"
#include "kernels/tpu/threads.hpp"

namespace tilewalk::flash {

namespace {

// Events per grid step, besides its begin, end and one copy per input: kernel statements on every step
// (program ids, the pl.when tests), then on a step that runs, per iteration of its inner loop (per q
// iteration `outer` more, the dK/dV kernel's two nested loops); and per output block, its writeback and
// the first and last steps' statements. Counted from recordings (tests/kernels/flash/host_memory_test.cpp).
struct LaunchEventCounts {
  int per_step, outer, per_iteration, per_row;
  int residual_rows;                               // the forward's l and m: their writebacks and stores
  int bias, segments, scale, causal, narrow_head;  // what each adds to an iteration
};
// clang-format off
//                                           step outer iter row  l,m  bias seg scale causal d<128
constexpr LaunchEventCounts kForwardEvents = {11,  0,    32,  12,  8,   2,   6,  1,    5,     2};
constexpr LaunchEventCounts kDkvEvents =     {10,  3,    28,  12,  0,   2,   6,  2,    5,     0};
constexpr LaunchEventCounts kDqEvents =      {13,  0,    25,  8,   0,   5,   6,  2,    5,     0};
// clang-format on
constexpr double kPlanBytesPerOperand = sizeof(uint32_t) + 2 * sizeof(uint8_t);  // block, slot, transfer
// Per step: the cost model's StepCost; a recording adds the step's first event and whether it ran.
constexpr double kStepCostBytes = sizeof(tpu::StepCost), kRecordedStepBytes = sizeof(uint32_t) + 0.125;
// Each thread besides the launch's runner: its machine, its malloc arena and its stack, more when its steps
// are recorded; and, shared by all, the records of the steps the workers run ahead of the runner: a window
// of rounds of slices (tpu parallel_steps.cpp's kWindowRounds), within an 8 MiB budget. A launch starts a
// worker per thread, but no more than it has slices after the first; the launch that can use the most sets
// the share (the threads are kept between launches). Measured, as is the fixed part: the launches' machine
// state and the values pooled for one step, which grow with the head dimension. check hands the launches'
// freed pages back before its reference (tpu::ReturnFreedMemory), and so peaks about 1 MiB lower.
// A recording worker's share grows with the head dimension (its blocks and the values its steps keep).
constexpr double kWorkerBytesRecording = 0.75 * (1 << 20), kWorkerBytesRecordingPerHeadDim = 15 << 10;
constexpr double kWorkerBytesCheck = 1.1 * (1 << 20);
constexpr double kWorkerBytesPerStepAhead = 256 << 10, kPendingBudgetBytes = 8 << 20, kWindowRounds = 4;
// The budget counts the records' values; what stays resident is more (the pooled buffers released records
// leave behind, each worker's malloc arena) and grows with the workers. Measured where the steps run ahead
// can fill the budget: 1.7 budgets with one worker, 2.9 from seven on.
constexpr double kResidentBudgets = 1.7, kResidentBudgetsPerWorker = 0.2, kResidentWorkersCounted = 6;
constexpr double kFixedBytesRecording = 4 << 20, kFixedBytesCheck = 3 << 20, kFixedBytesPerHeadDim = 24 << 10;

// ---- arrays -------------------------------------------------------------------------------------

// tpu::Array::BytesFor in double: the flags' extremes overflow 64-bit products.
double Bytes(double elements, tpu::DType dtype) {
  return elements * static_cast<double>(tpu::ItemSize(dtype));
}

struct Sizes {
  double bh, q, kv, scores, rows;  // elements of [B, H]; q; k; ab; [B, H, Sq]
  double q_lanes, kv_sublanes;     // elements of the segment ids broadcast: [B, Sq, 128], [B, 8, Skv]
  tpu::DType dtype;
};

Sizes SizesOf(const Scenario& s) {
  Sizes z;
  z.bh = static_cast<double>(s.batch) * s.heads;
  z.q = z.bh * s.q_len * s.head_dim;
  z.kv = z.bh * s.kv_len * s.head_dim;
  z.scores = z.bh * s.q_len * s.kv_len;
  z.rows = z.bh * s.q_len;
  z.q_lanes = s.segments > 0 ? static_cast<double>(s.batch) * s.q_len * kNumLanes : 0;
  z.kv_sublanes = s.segments > 0 ? static_cast<double>(s.batch) * kNumSublanes * s.kv_len : 0;
  z.dtype = s.dtype;
  return z;
}

// As MakeInputs makes them: q, k, v, do in the scenario's dtype, ab too, segment ids in int32.
double InputBytes(const Scenario& s, const Sizes& z) {
  double bytes = Bytes(2 * z.q + 2 * z.kv, z.dtype);
  if (s.HasBias()) bytes += Bytes(z.scores, z.dtype);
  if (s.segments > 0) bytes += Bytes(static_cast<double>(s.batch) * (s.q_len + s.kv_len), tpu::DType::I32);
  return bytes;
}

// As the launches allocate them (forward_launch.cpp, backward_launch.cpp, training_step.cpp).
double LaunchBytes(const Scenario& s, const Sizes& z) {
  const double f32_rows = Bytes(z.rows, tpu::DType::F32);
  const double segment_ids = Bytes(z.q_lanes + z.kv_sublanes, tpu::DType::I32);
  double bytes = Bytes(z.q, z.dtype) + segment_ids;  // fwd: o
  if (s.forward_only) return bytes;
  const int dq_di_lanes = s.block_sizes.block_k_major_dq.value_or(kMinBlockSize);
  bytes += 2 * kMinBlockSize * f32_rows;  // fwd: l and m in 128 lanes
  bytes += 3 * f32_rows;                  // the step's l, m, di
  // The backward launches read the forward pass's l and m lanes, and di in lanes: one array per width,
  // which they share when dQ reads 128 lanes too.
  bytes += kMinBlockSize * f32_rows + Bytes(2 * z.kv, z.dtype) + segment_ids;  // dkv
  if (dq_di_lanes != kMinBlockSize) bytes += dq_di_lanes * f32_rows;           // dq's own di lanes
  bytes += Bytes(z.q, z.dtype) + segment_ids;                                  // dq
  if (s.HasBias()) bytes += Bytes(z.scores, z.dtype);                          // dq: ds
  return bytes;
}

// check: the outputs collected once the step is done (o, l, m, di, the gradients), the reference's float
// copies of the inputs, and what it computes (o, l, m, the gradients, one slice's dense matrices).
double ResultBytes(const Scenario& s, const Sizes& z) {
  double bytes = Bytes(z.q, z.dtype);
  if (s.forward_only) return bytes;
  bytes += 3 * Bytes(z.rows, tpu::DType::F32) + Bytes(z.q + 2 * z.kv, z.dtype);
  if (s.HasBias()) bytes += Bytes(z.scores, z.dtype);
  return bytes;
}

double ReferenceBytes(const Scenario& s, const Sizes& z) {
  double floats = 2 * z.q + 2 * z.kv + z.q + 2 * z.rows;  // q, k, v, do; o, l, m
  if (s.HasBias()) floats += z.scores;
  if (s.segments > 0) floats += static_cast<double>(s.batch) * (s.q_len + s.kv_len);
  if (!s.forward_only) floats += z.q + 2 * z.kv + (s.HasBias() ? z.scores : 0);  // dq, dk, dv, ds
  // One slice's dense matrices: weights and ds, and the terms behind the gradients in the backward, which
  // sum into a slice's [kv_len, head_dim] array as well (measured: at q 128 and kv 1M it is the 512 MiB the
  // estimate lacked).
  floats += (s.forward_only ? 2 : 3) * static_cast<double>(s.q_len) * s.kv_len;
  if (!s.forward_only) floats += static_cast<double>(s.kv_len) * s.head_dim;
  return Bytes(floats, tpu::DType::F32);
}

// ---- events -------------------------------------------------------------------------------------

// Grid steps of a (batch, head) slice whose block pair is on or below the diagonal, the steps a causal
// kernel runs: for each row of q blocks, the kv blocks below_or_on_diag admits, in closed form.
double RanSteps(const Scenario& s, int64_t q_block, int64_t q_blocks, int64_t kv_block, int64_t kv_blocks) {
  if (!s.causal) return static_cast<double>(q_blocks) * static_cast<double>(kv_blocks);
  const bool non_strict = s.what_if == WhatIf::NonStrictDiag;
  double ran = 0;
  for (int64_t r = 0; r < q_blocks; ++r) {
    const int64_t last_row = (r + 1) * q_block - 1;
    const int64_t admitted = non_strict ? last_row / kv_block + 1 : (last_row + kv_block - 1) / kv_block;
    ran += static_cast<double>(std::min(kv_blocks, admitted));
  }
  return ran;
}

}  // namespace

namespace {

struct LaunchGrid {
  double slices;              // (batch, head) blocks
  int64_t q_block, kv_block;  // the major blocks a grid step covers
  int inputs, outputs;        // operands
  int64_t outer_iterations, inner_iterations;
  bool rows_of_q;        // output blocks follow q (fwd, dq) or kv (dkv)
  int64_t scratch_rows;  // of head_dim float32s, as the launch's scratch: acc, dk and dv, or dq
};

void AddLaunch(const Scenario& s, const LaunchGrid& g, const LaunchEventCounts& c, int checkpoint_every,
               EventEstimate& out) {
  // A block of 0 fails in the kernel's argument checks; the estimate must not divide by it first.
  const int64_t q_block = std::max<int64_t>(1, g.q_block), kv_block = std::max<int64_t>(1, g.kv_block);
  const int64_t q_blocks = std::max<int64_t>(1, (s.q_len + q_block - 1) / q_block);
  const int64_t kv_blocks = std::max<int64_t>(1, s.kv_len / kv_block);
  const double steps = g.slices * static_cast<double>(q_blocks) * static_cast<double>(kv_blocks);
  const double ran = g.slices * RanSteps(s, q_block, q_blocks, kv_block, kv_blocks);
  const double rows = g.slices * static_cast<double>(g.rows_of_q ? q_blocks : kv_blocks);
  const int iteration = c.per_iteration + (s.HasBias() ? c.bias : 0) + (s.segments > 0 ? c.segments : 0) +
                        (s.sm_scale != 1.0f ? c.scale : 0) + (s.causal ? c.causal : 0) +
                        (s.head_dim < kMinBlockSize ? c.narrow_head : 0);
  const double per_ran = static_cast<double>(g.outer_iterations) *
                         (c.outer + static_cast<double>(g.inner_iterations) * iteration);
  out.steps += steps;
  out.ran_steps += ran;
  out.events += steps * (2 + g.inputs + c.per_step) + ran * per_ran +
                rows * (c.per_row + (s.forward_only ? 0 : c.residual_rows));
  out.plan_bytes += steps * kPlanBytesPerOperand * (g.inputs + g.outputs);
  const double scratch = Bytes(static_cast<double>(g.scratch_rows) * s.head_dim, tpu::DType::F32);
  // After the first (zeros, which run-length encode to nothing), one every `checkpoint_every` steps that
  // run; each holds the scratch and the output slots written since the one before: two at most.
  const double taken = ran / std::max(1, checkpoint_every);
  out.checkpoints += (taken + std::min(rows, 2 * taken)) * scratch;
}

int64_t Ratio(int64_t major, int64_t minor) {
  return std::max<int64_t>(1, major / std::max<int64_t>(1, minor));
}

}  // namespace

EventEstimate EstimateEvents(const Scenario& s, int checkpoint_every) {
  const BlockSizes& bs = s.block_sizes;
  const double bh = static_cast<double>(s.batch) * s.heads;
  const int extra_inputs = (s.HasBias() ? 1 : 0) + (s.segments > 0 ? 2 : 0);
  EventEstimate out;
  const double fwd_slices = std::ceil(static_cast<double>(s.batch) / std::max(1, bs.block_b)) * s.heads;
  AddLaunch(s,
            {fwd_slices, bs.block_q, bs.block_k_major, 3 + extra_inputs, s.forward_only ? 1 : 3, 1,
             Ratio(bs.block_k_major, bs.block_k), true, int64_t{bs.block_b} * bs.block_q},
            kForwardEvents, checkpoint_every, out);
  if (s.forward_only) return out;
  const int q_dkv = bs.block_q_major_dkv.value_or(kMinBlockSize);
  const int k_dkv = bs.block_k_major_dkv.value_or(kMinBlockSize);
  AddLaunch(s,
            {bh, q_dkv, k_dkv, 7 + extra_inputs, 2, Ratio(q_dkv, bs.block_q_dkv.value_or(kMinBlockSize)),
             Ratio(k_dkv, bs.block_k_dkv.value_or(kMinBlockSize)), false, 2 * int64_t{k_dkv}},
            kDkvEvents, checkpoint_every, out);
  const int q_dq = bs.block_q_dq.value_or(kMinBlockSize), k_dq = bs.block_k_major_dq.value_or(kMinBlockSize);
  AddLaunch(s,
            {bh, q_dq, k_dq, 7 + extra_inputs, s.HasBias() ? 2 : 1, 1,
             Ratio(k_dq, bs.block_k_dq.value_or(kMinBlockSize)), true, int64_t{q_dq}},
            kDqEvents, checkpoint_every, out);
  return out;
}

namespace {

// Blocks of `block` (its default when unset) along a length.
double Blocks(int length, std::optional<int> block) {
  return std::ceil(static_cast<double>(length) / std::max(1, block.value_or(kMinBlockSize)));
}

double WorkerBytes(const Scenario& s, const HostUse& use) {
  const BlockSizes& b = s.block_sizes;
  const double bh = static_cast<double>(s.batch) * s.heads;
  // Each launch's slices along its parallel axes, and the grid steps of one slice: the forward's rows of
  // (batch, head, q block), dK/dV's columns of (batch, head, kv block), dQ's rows again.
  struct Parallel {
    double slices, steps;
  };
  std::vector<Parallel> launches = {{bh * Blocks(s.q_len, b.block_q), Blocks(s.kv_len, b.block_k_major)}};
  if (!s.forward_only) {
    launches.push_back({bh * Blocks(s.kv_len, b.block_k_major_dkv), Blocks(s.q_len, b.block_q_major_dkv)});
    launches.push_back({bh * Blocks(s.q_len, b.block_q_dq), Blocks(s.kv_len, b.block_k_major_dq)});
  }
  const double threads = use.threads > 0 ? use.threads : tpu::DefaultThreadCount();
  const double per_worker =
      use.record ? kWorkerBytesRecording + kWorkerBytesRecordingPerHeadDim * s.head_dim : kWorkerBytesCheck;
  double most = 0;
  for (const Parallel& l : launches) {
    const double workers = std::min(threads, l.slices) - 1;
    if (workers <= 0) continue;
    const double steps_ahead = std::min(l.slices - 1, kWindowRounds * (workers + 1)) * l.steps;
    const double resident_budget =
        kPendingBudgetBytes *
        (kResidentBudgets + kResidentBudgetsPerWorker * std::min(workers - 1, kResidentWorkersCounted));
    most = std::max(most,
                    workers * per_worker + std::min(resident_budget, kWorkerBytesPerStepAhead * steps_ahead));
  }
  return most;
}

}  // namespace

HostMemory EstimateHostMemory(const Scenario& s, const HostUse& use) {
  const Sizes z = SizesOf(s);
  HostMemory m;
  m.inputs = InputBytes(s, z);
  m.launches = LaunchBytes(s, z);
  if (!use.record) {
    m.results = ResultBytes(s, z);
    m.reference = ReferenceBytes(s, z);
  }
  const EventEstimate events = EstimateEvents(s, use.checkpoint_every);
  m.events = events.events * sizeof(tpu::Event) + events.plan_bytes +
             events.steps * (kStepCostBytes + (use.record ? kRecordedStepBytes : 0));
  if (use.record) m.checkpoints = std::min(use.checkpoint_budget, events.checkpoints);
  m.workers = WorkerBytes(s, use);
  m.fixed = (use.record ? kFixedBytesRecording : kFixedBytesCheck) + kFixedBytesPerHeadDim * s.head_dim;
  return m;
}

}  // namespace tilewalk::flash
