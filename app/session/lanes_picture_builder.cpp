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
std::shared_ptr<const tpu::Array> InputSlot(const walkthrough::Snapshot& snap, const std::string& name) {
  for (const walkthrough::SlotState& in : snap.inputs) {
    if (in.name != name) continue;
    const walkthrough::NamedBuffer* b = snap.Buffer(name + " slot " + std::to_string(in.active));
    return b != nullptr ? b->contents : nullptr;
  }
  return nullptr;
}

struct Lanes {
  tpu::Matrix data;
  std::string from;
  std::shared_ptr<const void> source;  // the value or buffer read: the heatmap cache's key
};

Lanes Find(const walkthrough::Snapshot& snap, const std::string& next_site, const std::string& scratch,
           const std::string& input) {
  const std::string prefix = snap.launch_name + ".run.";
  if (const auto v = CurrentValueOwned(snap, prefix + next_site)) return {v->data(), next_site, v};
  if (const walkthrough::NamedBuffer* b = snap.Buffer(scratch); b != nullptr && b->contents)
    return {FirstTile(*b->contents), scratch, b->contents};
  if (const auto a = InputSlot(snap, input)) return {FirstTile(*a), input + " input", a};
  return {};
}

}  // namespace

views::LanesPicture BuildLanesPicture(const walkthrough::Snapshot& snap, HeatmapCache* cache, int q_len) {
  const auto heatmap = [&](const std::string& label, const tpu::Matrix& data,
                           const std::shared_ptr<const void>& source) {
    const int rows = static_cast<int>(data.rows());
    const auto build = [&] { return BuildHeatmap(label, data, {}, RealQueryRows(snap, q_len, rows)); };
    return cache != nullptr ? cache->Get(label, source, build) : build();
  };
  views::LanesPicture p{.launch = snap.launch_name};
  Lanes m = Find(snap, "m_next", "m_scratch", "m");
  Lanes l = Find(snap, "l_next", "l_scratch", "l");
  if (m.data.size() == 0 || l.data.size() == 0) {
    p.empty_message = "The " + snap.launch_name + " launch keeps no running max or sum in lanes.";
    return p;
  }
  p.m = heatmap("m", m.data, m.source);
  p.l = heatmap("l", l.data, l.source);
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

  if (const auto alpha = CurrentValueOwned(snap, snap.launch_name + ".run.alpha")) {
    p.has_alpha = true;
    p.alpha = heatmap("alpha", alpha->data(), alpha);
    const tpu::Matrix& a = alpha->data();
    p.alpha_min = a.size() > 0 ? a.minCoeff() : 1.0f;
    for (Eigen::Index r = 0; r < a.rows(); ++r)
      if (a.cols() > 0 && a(r, 0) < 1.0f) ++p.rows_rescaled;
  }
  return p;
}

}  // namespace tilewalk::session
