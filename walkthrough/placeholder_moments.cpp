// Placeholders about one moment of a recording: a value computed at the N-th event at a site
// ({fwd.run.alpha#2.min}), found by replaying that event's grid step, and one grid step's facts: what the
// pipeline plan did ({fwd.step.5.copy.k}, {dkv.step.3.ran}) and which queries and keys its blocks hold
// ({fwd.step.1.queries} reads "0–127").
#include <algorithm>
#include <cstdio>
#include <optional>
#include <string>

#include "kernels/tpu/block_spec.hpp"

#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::walkthrough {

namespace {

std::string ThreeDigits(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

// "first–last" positions of block `index` of `block` along a sequence of `length`.
std::string Range(int64_t index, int64_t block, int64_t length) {
  const int64_t first = index * block, last = std::min(first + block, length) - 1;
  return std::to_string(first) + "\u2013" + std::to_string(last);
}

// A whole-number field of the scenario, 0 when unset (an optional block left to the kernel).
int64_t WholeField(const kernel::Scenario& s, std::string_view key) {
  const kernel::ScenarioField* field = s.schema().Find(key);
  const std::string text = field ? s.Get(*field) : std::string();
  return text.empty() ? 0 : std::stoll(text);
}

// The block of the sequence that input `operand` holds at a step: of the last two dimensions of its block
// grid, the one split into several blocks (the head dimension is one block in every launch; q and k may
// keep the sequence last or second to last). Null: the launch has no such input.
std::optional<int64_t> SequenceBlockOf(const LaunchTrack& track, std::string_view operand, int64_t step) {
  const auto named = std::find(track.operand_names.begin(), track.operand_names.end(), operand);
  const auto input = static_cast<std::size_t>(named - track.operand_names.begin());
  if (named == track.operand_names.end() || input >= track.plan.inputs.size()) return std::nullopt;
  const tpu::OperandSchedule& schedule = track.plan.inputs[input];
  const tpu::Dims& blocks = schedule.block_grid;
  if (blocks.rank() < 2) return std::nullopt;
  const tpu::BlockIndex index = tpu::UnflattenBlock(blocks, schedule.block[static_cast<std::size_t>(step)]);
  const int last = std::clamp(blocks.rank() - 1, 1, tpu::Dims::kMaxRank - 1);  // rank ≥ 2, as checked
  return blocks[last] > 1 ? index[last] : index[last - 1];
}

// The queries or keys of a grid step's major blocks, read by the launch's StepAxes (which grid axis walks
// the query and the key blocks, which fields give their sizes, and on a shrunk axis which input names the
// block).
std::string StepPositions(const Recording& rec, const LaunchTrack& track, int64_t step, bool queries) {
  if (track.info == nullptr) return std::string();  // a launch its kernel does not describe
  const kernel::StepAxes& axes = track.info->axes;
  const tpu::GridIndex g = tpu::UnflattenStep(track.grid, step);
  const kernel::Scenario& s = rec.scenario();
  const std::string_view operand = queries ? axes.row_operand : axes.col_operand;
  std::optional<int64_t> block = g[queries ? axes.rows : axes.cols];
  if (!operand.empty()) block = SequenceBlockOf(track, operand, step);
  if (!block) return std::string();
  if (queries)
    return Range(*block, WholeField(s, axes.row_block_field), WholeField(s, axes.row_length_field));
  return Range(*block, WholeField(s, axes.col_block_field), WholeField(s, axes.col_length_field));
}

int LaunchIndex(const Recording& rec, std::string_view name) {
  for (std::size_t i = 0; i < rec.launches().size(); ++i)
    if (rec.launches()[i].name == name) return static_cast<int>(i);
  return -1;
}

}  // namespace

Figure EventValueFigure(const Recording& rec, std::string_view body) {
  const auto hash = body.find('#');
  const std::string_view rest = body.substr(hash + 1);
  const auto dot = rest.find('.');
  Landing land;
  land.kind = Landing::Kind::Site;
  land.site = std::string(body.substr(0, hash));
  land.occurrence = std::stoi(std::string(rest.substr(0, dot)));
  const std::string_view stat = rest.substr(dot + 1);
  const base::Result<std::optional<uint64_t>> found = FindLanding(rec, land);
  if (!found) return found.error();
  const std::optional<uint64_t> event = *found;  // a site landing always names an event
  const auto replay = rec.Replay(rec.LaunchOf(*event), rec.StepOf(*event));
  for (const CapturedValue& v : replay->values) {
    if (v.event != *event || !v.value || v.value->traced()) continue;
    const tpu::Matrix& m = v.value->data();
    if (stat == "rows") return std::to_string(m.rows());
    if (m.size() == 0) break;
    if (stat == "min") return ThreeDigits(m.minCoeff());
    if (stat == "max") return ThreeDigits(m.maxCoeff());
    int below = 0;  // rows_below_one: the first lane of each row, as the Lanes pane counts rescaled rows
    for (Eigen::Index r = 0; r < m.rows(); ++r) below += m(r, 0) < 1.0f;
    return std::to_string(below);
  }
  return base::Fail(base::Reason::NotFound, "the event at " + land.site + " #" +
                                                std::to_string(land.occurrence) + " computes no value");
}

Figure StepFigure(const Recording& rec, const std::vector<std::string_view>& p) {
  const int launch = LaunchIndex(rec, p[0]);
  if (launch < 0) {
    return base::Fail(base::Reason::NotFound,
                      "the launch '" + std::string(p[0]) + "' does not run in this scenario");
  }
  const LaunchTrack& track = rec.launches()[static_cast<std::size_t>(launch)];
  const int64_t step = std::stoll(std::string(p[2]));
  if (step >= static_cast<int64_t>(track.step_ran.size())) {
    return base::Fail(base::Reason::NotFound, "the " + track.name + " launch runs " +
                                                  std::to_string(track.step_ran.size()) +
                                                  " grid steps, not step " + std::string(p[2]));
  }
  const auto at = static_cast<std::size_t>(step);
  if (p[3] == "ran") return std::string(track.step_ran[at] ? "yes" : "no");
  if (p[3] == "queries" || p[3] == "keys") return StepPositions(rec, track, step, p[3] == "queries");
  for (std::size_t i = 0; i < track.plan.inputs.size() && i < track.operand_names.size(); ++i) {
    if (track.operand_names[i] != p[4]) continue;
    const tpu::OperandSchedule& schedule = track.plan.inputs[i];
    if (p[3] == "slot") return std::to_string(schedule.slot[at]);
    return std::string(schedule.transfer[at] ? "issued" : "skipped");
  }
  return base::Fail(base::Reason::NotFound,
                    "the " + track.name + " launch has no input '" + std::string(p[4]) + "'");
}

}  // namespace tilewalk::walkthrough
