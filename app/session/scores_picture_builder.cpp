#include "app/session/heatmap_builders.hpp"

namespace tilewalk::session {
namespace {

// Adds `bit` wherever the boolean mask value is false (the entry is masked out).
int MarkMasked(const tpu::Value& mask, std::uint8_t bit, std::vector<std::uint8_t>& bits) {
  const tpu::MatrixView m = mask.data();
  if (static_cast<std::size_t>(m.size()) != bits.size()) return 0;
  int n = 0;
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 0; c < m.cols(); ++c)
      if (m(r, c) == 0.0f) {
        bits[static_cast<std::size_t>(r * m.cols() + c)] |= bit;
        ++n;
      }
  return n;
}

// Where this grid step's block values come from: the forward's single-step body (one kv block covers the
// sequence) or the launch's tiled body.
std::string BodyPrefix(const walkthrough::Snapshot& snap) {
  if (snap.launch_name == "fwd" && CurrentValue(snap, "fwd_single.s") != nullptr) return "fwd_single.";
  return snap.launch_name + ".run.";
}

}  // namespace

views::ScoresPicture BuildScoresPicture(const walkthrough::Snapshot& snap, int q_len) {
  views::ScoresPicture p{.launch = snap.launch_name};
  const std::string prefix = BodyPrefix(snap);
  // The latest form of s in this block: masked, scaled, biased, or as the matmul left it.
  const tpu::Value* s = nullptr;
  for (const char* site : {"apply_mask", "scale", "add_ab", "s"}) {
    if ((s = CurrentValue(snap, prefix + site)) != nullptr) {
      p.s_from = prefix + site;
      p.mask_added = std::string(site) == "apply_mask";
      break;
    }
  }
  if (s == nullptr) {
    p.empty_message = snap.launch_name == "fwd" || snap.launch_name == "dkv" || snap.launch_name == "dq"
                          ? "No score block yet in this grid step (a step above the diagonal computes none)."
                          : "The " + snap.launch_name + " launch computes no scores.";
    return p;
  }
  std::vector<std::uint8_t> bits(static_cast<std::size_t>(s->data().size()), 0);
  if (const tpu::Value* causal = CurrentValue(snap, prefix + "causal_mask")) {
    p.has_causal = true;
    p.causal_masked = MarkMasked(*causal, mask_bits::kCausal, bits);
  }
  if (const tpu::Value* segment = CurrentValue(snap, prefix + "segment_mask")) {
    p.has_segment = true;
    p.segment_masked = MarkMasked(*segment, mask_bits::kSegment, bits);
  }
  const int real_rows = RealQueryRows(snap, q_len, s->rows());
  p.s = BuildHeatmap("s", s->data(), bits, real_rows);
  for (const char* site : {"p_normalize", "normalize", "p"}) {  // "normalize": the single-step body's p / l
    if (const tpu::Value* v = CurrentValue(snap, prefix + site)) {
      p.has_p = true;
      p.p_from = prefix + site;
      p.p = BuildHeatmap("p", v->data(), bits, real_rows);
      if (snap.launch_name == "fwd" && s->cols() % 128 == 0) p.m_tiles = s->cols() / 128;
      break;
    }
  }
  return p;
}

}  // namespace tilewalk::session
