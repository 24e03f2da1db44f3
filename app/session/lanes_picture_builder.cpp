#include <algorithm>

#include "app/session/heatmap_builders.hpp"

namespace tilewalk::session {
namespace {

constexpr int kLanes = 128;

bool LanesEqual(const tpu::Matrix& m) {
  for (Eigen::Index r = 0; r < m.rows(); ++r)
    for (Eigen::Index c = 1; c < m.cols(); ++c)
      if (!(m(r, c) == m(r, 0)) && !(m(r, c) != m(r, c) && m(r, 0) != m(r, 0)))
        return false;  // NaN == NaN here
  return m.rows() > 0;
}

// The backward launches read m and l as inputs already broadcast to 128 lanes: the slot this step uses.
const tpu::Array* InputSlot(const walkthrough::Snapshot& snap, const std::string& name) {
  for (const walkthrough::SlotState& in : snap.inputs) {
    if (in.name != name) continue;
    const walkthrough::NamedBuffer* b = snap.Buffer(name + " slot " + std::to_string(in.active));
    return b != nullptr && b->contents ? b->contents.get() : nullptr;
  }
  return nullptr;
}

struct Lanes {
  tpu::Matrix data;
  std::string from;
};

Lanes Find(const walkthrough::Snapshot& snap, const std::string& next_site, const std::string& scratch,
           const std::string& input) {
  const std::string prefix = snap.launch_name + ".run.";
  if (const tpu::Value* v = CurrentValue(snap, prefix + next_site)) return {v->data(), next_site};
  if (const walkthrough::NamedBuffer* b = snap.Buffer(scratch); b != nullptr && b->contents)
    return {FirstTile(*b->contents), scratch};
  if (const tpu::Array* a = InputSlot(snap, input)) return {FirstTile(*a), input + " input"};
  return {};
}

}  // namespace

views::LanesPicture BuildLanesPicture(const walkthrough::Snapshot& snap) {
  views::LanesPicture p{.launch = snap.launch_name};
  Lanes m = Find(snap, "m_next", "m_scratch", "m");
  Lanes l = Find(snap, "l_next", "l_scratch", "l");
  if (m.data.size() == 0 || l.data.size() == 0) {
    p.empty_message = "The " + snap.launch_name + " launch keeps no running max or sum in lanes.";
    return p;
  }
  p.m = BuildHeatmap("m", m.data);
  p.l = BuildHeatmap("l", l.data);
  p.m_from = std::move(m.from);
  p.l_from = std::move(l.from);
  p.m_lanes_equal = p.m.cols == kLanes && LanesEqual(m.data);
  p.l_lanes_equal = p.l.cols == kLanes && LanesEqual(l.data);

  // The width m is tiled to: this step's score block, once one has been computed.
  const tpu::Value* s = nullptr;
  for (const char* site : {"s", "apply_mask", "p"})
    if (const auto* v = CurrentValue(snap, snap.launch_name + ".run." + site); v != nullptr && s == nullptr)
      s = v;
  if (s == nullptr)
    if (const auto* v = snap.Value(snap.launch_name + ".run.s");
        v != nullptr && v->value && !v->value->traced())
      s = v->value.get();
  if (s != nullptr && s->cols() % kLanes == 0 && p.m.cols == kLanes) {
    p.score_cols = s->cols();
    p.tile_repeats = s->cols() / kLanes;
  }

  if (const tpu::Value* alpha = CurrentValue(snap, snap.launch_name + ".run.alpha")) {
    p.has_alpha = true;
    p.alpha = BuildHeatmap("alpha", alpha->data());
    const tpu::Matrix& a = alpha->data();
    p.alpha_min = a.size() > 0 ? a.minCoeff() : 1.0f;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
      if (a.cols() > 0 && a(r, 0) < 1.0f) ++p.rows_rescaled;
  }
  return p;
}

}  // namespace tilewalk::session
