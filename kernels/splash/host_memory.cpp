// [SECTIONS] steps and events · arrays · the estimate
#include "kernels/splash/host_memory.hpp"

#include <algorithm>
#include <cstdint>

#include "kernels/tpu/events.hpp"
#include "kernels/tpu/threads.hpp"

namespace tilewalk::splash {

namespace {

constexpr double kLanes = 128, kSublanes = 8;

// Events per launch: per grid step (begin, end, a copy per input, the index maps' SMEM reads, the pl.when
// tests) and per step that runs (the kernel's statements at blocks of 128). Fitted to recordings at blocks
// of 128 (tests/bench/splash_step_bench.cpp: causal at 8192, a window of 512 at 4096): two recordings for
// two unknowns, so exact at both; other block sizes and soft caps are not fitted.
// The fused dkv launch keeps its whole grid (no shrinking), so its skipped steps count as much.
struct SplashEventCounts {
  double per_step, per_ran;
};
// clang-format off
//                                            step  ran
constexpr SplashEventCounts kForwardEvents =  {14.3, 48.9};
constexpr SplashEventCounts kDkvEvents =      {27.5, 44.4};
constexpr SplashEventCounts kDkvFusedEvents = {34.6, 40.3};
constexpr SplashEventCounts kDqEvents =       {20.4, 33.5};
// clang-format on

// Flash's measures (kernels/flash/host_memory.cpp), the same TPU model running both: the launches' machine
// state and one step's pooled values, which grow with the head dimension, and each worker thread's
// machine, arena and stack, with the records of the steps the workers run ahead of the runner (a window of
// rounds of slices, within an 8 MiB budget, about 1.7 of it resident with one worker).
constexpr double kFixedBytes = 4 << 20, kFixedBytesPerHeadDim = 24 << 10;
constexpr double kWorkerBytes = 0.75 * (1 << 20), kWorkerBytesPerHeadDim = 15 << 10;
constexpr double kWorkerBytesPerStepAhead = 256 << 10, kWindowRounds = 4;
constexpr double kResidentPendingBytes = 1.7 * (8 << 20);
// The event logs grow by doubling as the launches record, and the host heap keeps what they free for the
// next launch (kernels/tpu/host_heap.hpp): measured, the resident bytes are 1.4 times the events' own, at
// S = 4096 and 8192, fused or not.
constexpr double kEventLogResidentFactor = 1.4;

double Bytes(double elements, tpu::DType dtype) {
  return elements * static_cast<double>(tpu::ItemSize(dtype));
}

// ---- steps and events ---------------------------------------------------------------------------

double CountEvents(const SplashLaunchSteps& s, const SplashEventCounts& c) {
  return s.steps * c.per_step + s.ran * c.per_ran;
}

// ---- arrays -------------------------------------------------------------------------------------

// A MaskInfo as the made kernel holds it, and again as its launch hands it over as operands: the tables in
// their SMEM type (int32 in the launch's arrays), the partial mask blocks, the q sequence.
double MaskInfoBytes(const MaskInfo& info) {
  double bytes = 0;
  const auto table = [&](const BlockTable& t) {
    bytes += static_cast<double>(t.values.size()) * (sizeof(int32_t) + sizeof(int32_t));
  };
  table(info.data_next);
  table(info.block_mask);
  if (info.mask_next) table(*info.mask_next);
  if (info.partial_mask_blocks)
    bytes += 2 * Bytes(static_cast<double>(info.partial_mask_blocks->size()), tpu::DType::Bool);
  if (info.q_sequence) bytes += static_cast<double>(info.q_sequence->size()) * sizeof(int32_t);
  return bytes;
}

struct Elements {
  double q, k, v, o, rows;  // [Hq, Sq, D], [Hkv, Skv, D], [Hkv, Skv, Dv], [Hq, Sq, Dv], [Hq, Sq]
};

Elements ElementsOf(const SplashStepShape& s) {
  const double hq = static_cast<double>(s.num_q_heads), hkv = static_cast<double>(s.num_kv_heads);
  return {.q = hq * s.q_len * s.head_dim,
          .k = hkv * s.kv_len * s.head_dim,
          .v = hkv * s.kv_len * s.head_dim_v,
          .o = hq * s.q_len * s.head_dim_v,
          .rows = hq * s.q_len};
}

// q, k, v, do, and the segment ids.
double InputBytes(const SplashStepShape& s, const Elements& e) {
  double bytes = Bytes(e.q + e.k + e.v + e.o, s.dtype);
  if (s.segment_ids) bytes += Bytes(static_cast<double>(s.q_len + s.kv_len), tpu::DType::I32);
  return bytes;
}

// As forward_launch.cpp, backward.cpp, dkv_launch.cpp and dq_launch.cpp allocate them. The launches are
// kept with their results, so every launch's arrays count at once.
double LaunchBytes(const SplashStepShape& s, const SplashMaskInfos& made, const Elements& e) {
  const double q_lanes = static_cast<double>(s.q_len) * kLanes, q_sublanes = kSublanes * s.q_len;
  const double kv_sublanes = kSublanes * static_cast<double>(s.kv_len), kv_lanes = kLanes * s.kv_len;
  const bool computed = made.fwd.q_sequence.has_value();
  // The forward: o, logsumexp in 128 lanes and at lane 0, the segment ids and q sequence in lanes.
  double bytes = Bytes(e.o, s.dtype) + MaskInfoBytes(made.fwd);
  bytes += Bytes(e.rows * (kLanes + 1), tpu::DType::F32);
  if (s.segment_ids) bytes += Bytes(q_lanes + kv_sublanes, tpu::DType::I32);
  if (computed) bytes += Bytes(q_lanes, tpu::DType::I32);
  if (s.forward_only) return bytes;
  // di; then dkv: logsumexp and di in 8 sublanes, dk, dv, the segment ids and q sequence.
  bytes += Bytes(e.rows, tpu::DType::F32);
  bytes += Bytes(2 * kSublanes * e.rows, tpu::DType::F32) + Bytes(e.k + e.v, s.dtype);
  if (made.dkv) bytes += MaskInfoBytes(*made.dkv);
  if (s.segment_ids) bytes += Bytes(q_sublanes + kv_lanes, tpu::DType::I32);
  if (computed) bytes += Bytes(q_sublanes + s.q_len, tpu::DType::I32);
  if (made.block_sizes.use_fused_bwd_kernel) {
    // The dq partials, one per kv block of the dkv launch, in q's dtype; then their sum.
    const double kv_blocks =
        static_cast<double>(s.kv_len / std::max<int64_t>(1, made.block_sizes.block_kv_dkv.value_or(128)));
    bytes += Bytes(kv_blocks * e.q + e.q, s.dtype);
    return bytes;
  }
  // dq: logsumexp and di at one sublane, dq, the segment ids and q sequence.
  bytes += Bytes(2 * e.rows, tpu::DType::F32) + Bytes(e.q, s.dtype);
  if (made.dq) bytes += MaskInfoBytes(*made.dq);
  if (s.segment_ids) bytes += Bytes(q_lanes + kv_sublanes, tpu::DType::I32);
  if (computed) bytes += Bytes(q_lanes + s.q_len, tpu::DType::I32);
  return bytes;
}

// The float64 reference (reference.hpp): its copies of the inputs, o, logsumexp and the gradients, and one
// head's dense logits, probabilities and their gradient at a time.
double ReferenceBytes(const SplashStepShape& s, const Elements& e) {
  double doubles = e.q + e.k + e.v + e.o + e.o + e.rows;  // q, k, v, do; o, logsumexp
  if (!s.forward_only) doubles += e.q + e.k + e.v;        // dq, dk, dv
  doubles += (s.forward_only ? 2 : 3) * static_cast<double>(s.q_len) * s.kv_len;
  return doubles * sizeof(double);
}

}  // namespace

namespace {

// The worker threads run slices of a launch's parallel axes. Only the forward launch has one, its heads
// (the dkv and dq launches' axes are all arbitrary), so the workers' share is the forward's: a worker per
// thread up to a head each, and the steps they run ahead, a head's grid a slice, as flash counts them.
double WorkerBytes(const SplashStepShape& shape, const SplashMaskInfos& made, const HostUse& use) {
  const double threads = use.threads > 0 ? use.threads : tpu::DefaultThreadCount();
  const double slices = static_cast<double>(shape.num_q_heads);
  const double workers = std::min(threads, slices) - 1;
  if (workers <= 0) return 0;
  const BlockTable& t = made.fwd.block_mask;
  const double steps_ahead = std::min(slices - 1, kWindowRounds * (workers + 1)) *
                             static_cast<double>(t.rows) * static_cast<double>(t.cols);
  return workers * (kWorkerBytes + kWorkerBytesPerHeadDim * shape.head_dim) +
         std::min(kResidentPendingBytes, kWorkerBytesPerStepAhead * steps_ahead);
}

}  // namespace

// ---- the estimate -------------------------------------------------------------------------------

SplashLaunchSteps CountLaunchSteps(const MaskInfo& info, int64_t num_q_heads) {
  const BlockTable& t = info.block_mask;
  // A table shared by every head (or head shard) stands for each of them.
  const double per_table_head =
      static_cast<double>(num_q_heads) / static_cast<double>(std::max<int64_t>(1, t.heads));
  SplashLaunchSteps s;
  s.steps = static_cast<double>(t.size()) * per_table_head;
  s.ran =
      static_cast<double>(std::count_if(t.values.begin(), t.values.end(), [](int32_t v) { return v != 0; })) *
      per_table_head;
  return s;
}

double EstimateSplashEvents(const SplashStepShape& shape, const SplashMaskInfos& made) {
  const bool fused = made.block_sizes.use_fused_bwd_kernel;
  double events = CountEvents(CountLaunchSteps(made.fwd, shape.num_q_heads), kForwardEvents);
  if (shape.forward_only) return events;
  if (made.dkv)
    events +=
        CountEvents(CountLaunchSteps(*made.dkv, shape.num_q_heads), fused ? kDkvFusedEvents : kDkvEvents);
  if (made.dq && !fused) events += CountEvents(CountLaunchSteps(*made.dq, shape.num_q_heads), kDqEvents);
  return events;
}

namespace {

// A launch's share of a recording's checkpoints (walkthrough/checkpoint.hpp), counted as flash counts
// them: after the first (zeros, which run-length encode to nothing), one every `every` steps that ran, each
// holding the launch's float32 scratch and the output slots written since the one before, two at most,
// taken at the scratch's size.
double LaunchCheckpointBytes(double ran, double rows, double scratch_elements, int every) {
  const double taken = ran / std::max(1, every);
  return (taken + std::min(rows, 2 * taken)) * Bytes(scratch_elements, tpu::DType::F32);
}

// Rows of output blocks over every q head: `length` in blocks of `block`.
double OutputRows(const SplashStepShape& s, int64_t length, int64_t block) {
  return static_cast<double>(s.num_q_heads) *
         std::ceil(static_cast<double>(length) / std::max<int64_t>(1, block));
}

// The scratch of forward_launch.cpp (the o accumulator: m and l repeat one value across their 128 lanes,
// which a checkpoint's run-length encoding keeps once), dkv_launch.cpp (dk and dv, and fused dq) and
// dq_launch.cpp (dq), a block each.
double CheckpointBytes(const SplashStepShape& s, const SplashMaskInfos& made, int every) {
  const BlockSizes& b = made.block_sizes;
  const double hd = static_cast<double>(s.head_dim);
  double bytes =
      LaunchCheckpointBytes(CountLaunchSteps(made.fwd, s.num_q_heads).ran, OutputRows(s, s.q_len, b.block_q),
                            static_cast<double>(b.block_q) * hd, every);
  if (s.forward_only) return bytes;
  const bool fused = b.use_fused_bwd_kernel;
  if (made.dkv) {
    const int64_t bq = b.block_q_dkv.value_or(128), bkv = b.block_kv_dkv.value_or(128);
    const double scratch = (2.0 * static_cast<double>(bkv) + (fused ? static_cast<double>(bq) : 0)) * hd;
    bytes += LaunchCheckpointBytes(CountLaunchSteps(*made.dkv, s.num_q_heads).ran,
                                   OutputRows(s, s.kv_len, bkv), scratch, every);
  }
  if (made.dq && !fused) {
    const int64_t bq = b.block_q_dq.value_or(128);
    bytes += LaunchCheckpointBytes(CountLaunchSteps(*made.dq, s.num_q_heads).ran, OutputRows(s, s.q_len, bq),
                                   static_cast<double>(bq) * hd, every);
  }
  return bytes;
}

}  // namespace

HostMemory EstimateHostMemory(const SplashStepShape& shape, const SplashMaskInfos& made, const HostUse& use) {
  const Elements e = ElementsOf(shape);
  HostMemory m;
  m.inputs = InputBytes(shape, e);
  m.launches = LaunchBytes(shape, made, e);
  if (shape.reference) m.reference = ReferenceBytes(shape, e);
  // Every step's cost record is kept, recorded or not; the events only when recorded.
  double steps = CountLaunchSteps(made.fwd, shape.num_q_heads).steps;
  if (!shape.forward_only && made.dkv) steps += CountLaunchSteps(*made.dkv, shape.num_q_heads).steps;
  if (!shape.forward_only && made.dq && !made.block_sizes.use_fused_bwd_kernel)
    steps += CountLaunchSteps(*made.dq, shape.num_q_heads).steps;
  m.events = steps * sizeof(tpu::StepCost);
  if (use.record)
    m.events += EstimateSplashEvents(shape, made) * sizeof(tpu::Event) * kEventLogResidentFactor;
  if (use.record)
    m.checkpoints = std::min(use.checkpoint_budget, CheckpointBytes(shape, made, use.checkpoint_every));
  m.workers = WorkerBytes(shape, made, use);
  m.fixed = kFixedBytes + kFixedBytesPerHeadDim * shape.head_dim;
  return m;
}

}  // namespace tilewalk::splash
