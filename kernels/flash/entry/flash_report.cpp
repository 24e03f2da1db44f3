#include "kernels/flash/entry/flash_report.hpp"

#include "kernels/flash/what_if.hpp"

namespace tilewalk::flash {
namespace {

std::string SegmentWords(const Scenario& s) {
  if (s.segments == 0) return "";
  const int count = s.SegmentCount();
  if (count == s.segments) return ", " + std::to_string(count) + " segments";
  return ", " + std::to_string(count) + " segments (asked " + std::to_string(s.segments) +
         ": at most one per token of the shorter sequence)";
}

// ", last q block padded with NaN (56 rows past q_len)" when block_q does not divide q_len; else empty.
std::string PaddingWords(const Scenario& s) {
  const int block_q = s.block_sizes.block_q;
  if (block_q <= 0 || s.q_len % block_q == 0) return {};
  return ", last q block padded with " + std::string(s.pad == tpu::PadFill::NaN ? "NaN" : "zeros") + " (" +
         std::to_string(block_q - s.q_len % block_q) + " rows past q_len)";
}

}  // namespace

std::string DescribeScenario(const Scenario& s) {
  return "batch " + std::to_string(s.batch) + ", heads " + std::to_string(s.heads) + ", q_len " +
         std::to_string(s.q_len) + ", kv_len " + std::to_string(s.kv_len) + ", head_dim " +
         std::to_string(s.head_dim) + (s.causal ? ", causal" : "") + (s.bias ? ", bias" : "") +
         SegmentWords(s) + ", " + std::string(tpu::DTypeName(s.dtype)) + ", precision " +
         std::string(tpu::PrecisionName(s.precision)) + ", chip " + s.chip + PaddingWords(s) +
         (s.naive_index_maps ? ", naive index maps" : "") +
         (s.what_if != WhatIf::None ? ", what-if " + std::string(WhatIfName(s.what_if)) : "") +
         (s.poison != Poison::None ? ", q[0,0,0,0] = " + std::string(PoisonName(s.poison)) : "");
}

std::vector<kernel::ReportFact> ReportFacts(const Scenario& s) {
  return {{.object = "segments", .key = "asked", .value = s.segments},
          {.object = "segments", .key = "count", .value = s.SegmentCount()}};
}

}  // namespace tilewalk::flash
