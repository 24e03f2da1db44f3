// [SECTIONS] recording · buffer numbering · replaying one step · replaying to the end
#include "walkthrough/recording.hpp"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <limits>

#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::walkthrough {

// Where the replayer's hooks put what they see; only armed while the target step runs.
struct Recording::ReplaySink {
  const Recording* recording = nullptr;
  int launch = 0;
  StepReplay* target = nullptr;
};

Recording::Recording(const kernel::Scenario& scenario) : m_scenario(scenario) {}

Recording::~Recording() = default;

// ---- recording ----------------------------------------------------------------------------------

std::unique_ptr<Recording> Recording::Record(const kernel::Scenario& scenario, const RecordOptions& options) {
  std::unique_ptr<Recording> r(new Recording(scenario));
  r->m_sink = std::make_unique<ReplaySink>();
  r->m_sink->recording = r.get();
  r->m_run = scenario.kernel().Prepare(scenario, {.record_events = true, .threads = options.threads});
  if (r->m_run->error()) {
    r->m_error = r->m_run->error();
    r->m_error_launch = r->m_run->error_launch();
    return r;
  }
  if (options.cancelled && options.cancelled()) return nullptr;  // making the inputs may have taken a while
  int64_t steps_total = 0, steps_done = 0;
  for (int i = 0; i < r->m_run->LaunchCount(); ++i) steps_total += r->m_run->Runner(i).spec().grid.Product();
  for (int i = 0; i < r->m_run->LaunchCount() && !r->m_error; ++i)
    if (!r->RecordLaunch(i, options, steps_done, steps_total)) return nullptr;
  r->m_replayers.resize(r->m_tracks.size());
  return r;
}

std::size_t Recording::MemoryBytes() const {
  std::size_t bytes = m_checkpoint_bytes + (m_run ? m_run->HeldBytes() : 0);
  for (std::size_t i = 0; i < m_tracks.size(); ++i) {
    const LaunchTrack& t = m_tracks[i];
    bytes += t.events.capacity() * sizeof(tpu::Event) + t.step_first_event.capacity() * sizeof(uint32_t) +
             t.step_ran.capacity() + t.plan.Bytes() + t.stats.step_costs.capacity() * sizeof(tpu::StepCost);
    // The launch's replayer, which the first seek into it builds: a machine state and a plan like the
    // step's runner's (whose plan the track holds now).
    if (m_run) bytes += m_run->Runner(static_cast<int>(i)).HeldBytes() + t.plan.Bytes();
  }
  return bytes;
}

bool Recording::RecordLaunch(int index, const RecordOptions& options, int64_t& steps_done,
                             int64_t steps_total) {
  m_run->BeforeLaunch(index);
  tpu::LaunchRunner& runner = m_run->Runner(index);
  const tpu::LaunchSpec& spec = runner.spec();
  LaunchTrack track;
  track.name = spec.name;
  track.info = m_scenario.kernel().info().FindLaunch(spec.name);
  track.grid = spec.grid;
  track.global_first_event = m_event_count;
  for (int o = 0; o < spec.OperandCount(); ++o) track.operand_names.push_back(spec.OperandName(o));

  // Checkpoint every few steps that did arithmetic (skipped steps cost almost nothing to re-run), so a
  // seek re-runs little. When that would overrun this launch's share of the budget (an equal share of
  // what earlier launches left), the interval grows: after each checkpoint it is recomputed from the
  // bytes checkpoints have really taken, so the remaining ones just fit.
  const int64_t steps = spec.grid.Product();
  const int launches_left = m_run->LaunchCount() - index;
  const double share = std::max(0.0, static_cast<double>(options.checkpoint_budget_bytes) -
                                         static_cast<double>(m_checkpoint_bytes)) /
                       launches_left;
  int64_t interval = 1, ran_since_checkpoint = 1, ran_total = 0;
  const int64_t every = std::max<int64_t>(1, options.checkpoint_every);
  while (!runner.Finished()) {
    if (options.cancelled && options.cancelled()) return false;
    const int64_t s = runner.next_step();
    if (ran_since_checkpoint >= interval) {
      track.checkpoints.push_back(Checkpoint::Capture(
          runner.state(), track.checkpoints.empty() ? nullptr : &track.checkpoints.back()));
      track.checkpoint_bytes += track.checkpoints.back().own_bytes();
      ran_since_checkpoint = 0;
      const double average =
          static_cast<double>(track.checkpoint_bytes) / static_cast<double>(track.checkpoints.size());
      const double ran_fraction =
          s > 0 ? std::max(0.1, static_cast<double>(ran_total) / static_cast<double>(s)) : 1.0;
      const double remaining_ran = static_cast<double>(steps - s) * ran_fraction;
      const double room = std::max(1.0, share - static_cast<double>(track.checkpoint_bytes));
      interval = std::max<int64_t>(every, static_cast<int64_t>(std::ceil(remaining_ran * average / room)));
    }
    track.step_first_event.push_back(static_cast<uint32_t>(runner.events().size()));
    runner.RunStep();
    const bool ran = !runner.stats().step_costs.empty() && runner.stats().step_costs.back().ran;
    track.step_ran.push_back(ran);
    ran_since_checkpoint += ran;
    ran_total += ran;
    if (options.progress) options.progress(++steps_done, steps_total);
  }
  track.step_first_event.push_back(static_cast<uint32_t>(runner.events().size()));
  tpu::LaunchResult result = runner.TakeResult();
  track.events = std::move(result.events);
  track.plan = std::move(result.plan);
  track.stats = std::move(result.stats);
  track.vmem = std::move(result.vmem);
  track.error = result.error;
  m_event_count += track.events.size();
  m_checkpoint_bytes += track.checkpoint_bytes;
  if (track.error) {
    m_error = track.error;
    m_error_launch = track.name;
  }
  m_tracks.push_back(std::move(track));
  return true;
}

int Recording::LaunchOf(uint64_t event) const {
  assert(event < m_event_count && "event index out of range");
  int launch = 0;
  while (launch + 1 < static_cast<int>(m_tracks.size()) && m_tracks[launch + 1].global_first_event <= event)
    ++launch;
  return launch;
}

const tpu::Event& Recording::EventAt(uint64_t event) const {
  const LaunchTrack& t = m_tracks[static_cast<std::size_t>(LaunchOf(event))];
  return t.events[event - t.global_first_event];
}

kernel::Outputs Recording::Outputs() const {
  if (m_error) return {};
  return m_run->CollectOutputs();
}

// ---- buffer numbering ---------------------------------------------------------------------------

int Recording::BufferCount(int launch) const {
  const tpu::LaunchSpec& spec = m_run->Runner(launch).spec();
  return static_cast<int>(2 * spec.inputs.size() + 2 * spec.outputs.size() + spec.scratch.size());
}

int Recording::OutputSlotBuffer(int launch, int output, int slot) const {
  return static_cast<int>(2 * m_run->Runner(launch).spec().inputs.size()) + output * 2 + slot;
}

const tpu::Array& Recording::OutputArray(int launch, int output) const {
  return *m_run->Runner(launch).spec().outputs[static_cast<std::size_t>(output)].array;
}

int Recording::ScratchBuffer(int launch, int scratch) const {
  const tpu::LaunchSpec& spec = m_run->Runner(launch).spec();
  return static_cast<int>(2 * spec.inputs.size() + 2 * spec.outputs.size()) + scratch;
}

std::string Recording::BufferName(int launch, int buffer) const {
  const tpu::LaunchSpec& spec = m_run->Runner(launch).spec();
  const int n_in = static_cast<int>(spec.inputs.size()), n_out = static_cast<int>(spec.outputs.size());
  if (buffer < 2 * n_in) return spec.inputs[buffer / 2].name + " slot " + std::to_string(buffer % 2);
  buffer -= 2 * n_in;
  if (buffer < 2 * n_out) return spec.outputs[buffer / 2].name + " slot " + std::to_string(buffer % 2);
  return spec.scratch[buffer - 2 * n_out].name;
}

const KernelWalk& Recording::walk() const {
  return WalkOf(m_scenario.kernel());
}

namespace {

std::vector<const tpu::Array*> StateBuffers(const tpu::MachineState& s) {
  std::vector<const tpu::Array*> out;
  for (const auto& slots : s.input_slots)
    for (const tpu::Array& a : slots) out.push_back(&a);
  for (const auto& slots : s.output_slots)
    for (const tpu::Array& a : slots) out.push_back(&a);
  for (const tpu::Array& a : s.scratch) out.push_back(&a);
  return out;
}

// The buffer an event changed, in StateBuffers numbering, or -1.
int ChangedBuffer(const tpu::Event& e, const tpu::MachineState& s) {
  const int n_in = static_cast<int>(s.input_slots.size()), n_out = static_cast<int>(s.output_slots.size());
  const bool copy = e.kind == tpu::EventKind::CopyIn && (e.flags & tpu::event_flags::kIssued);
  if (!copy && e.kind != tpu::EventKind::Store) return -1;
  const int op = e.operand;
  if (op < n_in) return op * 2 + e.slot;
  if (op < n_in + n_out) return 2 * n_in + (op - n_in) * 2 + e.slot;
  return 2 * n_in + 2 * n_out + (op - n_in - n_out);
}

}  // namespace

// ---- replaying one step -------------------------------------------------------------------------

tpu::LaunchRunner& Recording::Replayer(int launch) const {
  auto& slot = m_replayers[static_cast<std::size_t>(launch)];
  if (!slot) {
    ReplaySink* sink = m_sink.get();
    const kernel::RunSettings settings = m_scenario.kernel().Settings(m_scenario);
    tpu::LaunchOptions options{
        .chip = settings.chip, .precision = settings.precision, .record_events = false, .pad = settings.pad};
    options.observer = [sink](std::size_t index, tpu::SiteId site, const tpu::Value& value) {
      if (!sink->target) return;
      const uint64_t global =
          sink->recording->m_tracks[static_cast<std::size_t>(sink->launch)].global_first_event + index;
      sink->target->values.push_back({global, site, std::make_shared<const tpu::Value>(value)});
    };
    options.event_hook = [sink](uint64_t index, const tpu::Event& e, const tpu::MachineState& state) {
      if (!sink->target) return;
      const int buffer = ChangedBuffer(e, state);
      if (buffer < 0) return;
      const uint64_t global =
          sink->recording->m_tracks[static_cast<std::size_t>(sink->launch)].global_first_event + index;
      sink->target->changes.push_back(
          {global, buffer,
           std::make_shared<const tpu::Array>(*StateBuffers(state)[static_cast<std::size_t>(buffer)])});
    };
    slot = std::make_unique<tpu::LaunchRunner>(m_run->Runner(launch).spec(), options);
    [[maybe_unused]] const auto error = slot->Prepare();
    assert(!error && "a launch that recorded must prepare again");
  }
  return *slot;
}

std::shared_ptr<const StepReplay> Recording::Replay(int launch, int64_t step) const {
  const LaunchTrack& track = m_tracks[static_cast<std::size_t>(launch)];
  assert(step >= 0 && step < static_cast<int64_t>(track.step_ran.size()) &&
         "replay of a step that did not run");
  tpu::LaunchRunner& runner = Replayer(launch);
  const auto it = std::upper_bound(track.checkpoints.begin(), track.checkpoints.end(), step,
                                   [](int64_t s, const Checkpoint& c) { return s < c.step(); });
  const Checkpoint& checkpoint = *std::prev(it);
  runner.RewindInputsTo(checkpoint.step());
  checkpoint.Restore(runner.mutable_state());
  m_sink->target = nullptr;
  while (runner.next_step() < step) runner.RunStep();

  auto replay = std::make_shared<StepReplay>();
  replay->launch = launch;
  replay->step = step;
  for (const tpu::Array* a : StateBuffers(runner.state()))
    replay->start.push_back(std::make_shared<const tpu::Array>(*a));
  m_sink->launch = launch;
  m_sink->target = replay.get();
  runner.RunStep();
  m_sink->target = nullptr;
  return replay;
}

// ---- replaying to the end -----------------------------------------------------------------------

kernel::Outputs Recording::ReplayToEnd() const {
  for (std::size_t launch = 0; launch < m_tracks.size(); ++launch) {
    tpu::LaunchRunner& runner = Replayer(static_cast<int>(launch));
    for (const tpu::OutputOperand& out : runner.spec().outputs)
      out.array->Fill(std::numeric_limits<float>::quiet_NaN());
    const Checkpoint& first = m_tracks[launch].checkpoints.front();
    runner.RewindInputsTo(first.step());
    first.Restore(runner.mutable_state());
    while (!runner.Finished()) runner.RunStep();
    if (launch + 1 < m_tracks.size()) m_run->BeforeLaunch(static_cast<int>(launch) + 1);
  }
  return Outputs();
}

}  // namespace tilewalk::walkthrough
