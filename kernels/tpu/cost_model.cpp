#include "kernels/tpu/cost_model.hpp"

#include <algorithm>

namespace tilewalk::tpu {

std::string_view BoundName(Bound b) {
  return b == Bound::Hbm ? "HBM-bound" : "compute-bound";
}

namespace {
uint64_t RoundUp(int x, int granule) {
  return static_cast<uint64_t>((x + granule - 1) / granule) * static_cast<uint64_t>(granule);
}
}  // namespace

uint64_t MxuOccupiedFlops(int m, int k, int n, int mxu_dim) {
  return 2 * RoundUp(m, kMxuRowGranule) * RoundUp(k, mxu_dim) * RoundUp(n, mxu_dim);
}

double MxuUtilisation(int m, int k, int n, int mxu_dim) {
  const uint64_t occupied = MxuOccupiedFlops(m, k, n, mxu_dim);
  if (occupied == 0) return 1.0;
  return 2.0 * m * k * n / static_cast<double>(occupied);
}

double CostModel::DmaUs(uint64_t bytes) const {
  return static_cast<double>(bytes) / m_chip.CoreHbmBytesPerSecond() * 1e6;
}

double CostModel::VregUs(uint64_t vreg_ops) const {
  return static_cast<double>(vreg_ops) / m_chip.VregOpsPerSecond() * 1e6;
}

double CostModel::ComputeUs(const OpCounts& w) const {
  return (static_cast<double>(w.mxu_flops) / m_chip.CoreFlopsPerSecond() +
          static_cast<double>(w.vreg_ops) / m_chip.VregOpsPerSecond() +
          static_cast<double>(w.transcendentals) / m_chip.TranscendentalsPerSecond()) *
         1e6;
}

double PipelineClock::Copy(double duration_us) {
  const double start = std::max(dma, compute);
  dma = start + duration_us;
  busy_dma += duration_us;
  return start;
}

double PipelineClock::WaitForInputs() {
  const double wait = std::max(0.0, inputs_ready - compute);
  compute += wait;
  return wait;
}

double PipelineClock::End() const {
  return std::max(compute, dma);
}

CostSummary Summarize(const CoreClocks& clocks, int cores) {
  CostSummary s;
  s.cores = cores;
  for (int c = 0; c < cores; ++c) {
    const PipelineClock& clock = clocks[static_cast<std::size_t>(c)];
    s.core_end_us[static_cast<std::size_t>(c)] = clock.End();
    s.total_us = std::max(s.total_us, clock.End());
    s.compute_us += clock.busy_compute;
    s.overhead_us += clock.busy_overhead;
    s.dma_us += clock.busy_dma;
  }
  s.bubble_us = std::max(0.0, cores * s.total_us - s.compute_us);
  s.bound = s.dma_us > s.compute_us ? Bound::Hbm : Bound::Compute;
  return s;
}

}  // namespace tilewalk::tpu
