// An immutable picture of the machine at one event of a recording: everything a view needs, and nothing
// a view can change. Buffers are shared, never copied, between snapshots of the same step.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "walkthrough/recording.hpp"

namespace tilewalk::walkthrough {

enum class CellState : uint8_t { Pending, Ran, Skipped };

struct SlotState {
  std::string name;                              // the operand: "k"
  std::array<std::optional<uint32_t>, 2> block;  // the linear HBM block each slot holds; none: never filled
  int active = 0;                                // the slot this step reads or writes
  int filling = -1;           // the slot an issued copy of this step landed in so far, or -1
  bool reused = false;        // inputs: this step's block was already there (copy skipped)
  bool written_back = false;  // outputs: written back at the end of this step, so far
};

// An output array in HBM at the cursor: which of its blocks have been written back so far.
struct HbmOutput {
  std::string name;
  const tpu::Array* contents =
      nullptr;  // final values, meaningful only in written blocks; owned by the recording
  tpu::Dims block_grid;
  std::vector<uint8_t> written;  // per linear block
};

struct NamedValue {
  std::string site;  // "fwd.run.alpha"
  std::shared_ptr<const tpu::Value> value;
};

struct NamedBuffer {
  std::string name;  // "acc_scratch", "k slot 1"
  std::shared_ptr<const tpu::Array> contents;
};

struct Snapshot {
  uint64_t event_index = 0;  // global
  int launch = 0;
  std::string launch_name;
  tpu::Event event;
  tpu::SiteInfo site;  // of the event; empty name for pipeline events
  tpu::Dims grid, grid_index;
  int64_t step = 0;
  std::vector<CellState> cells;   // per grid step of the launch, lexicographic; the cursor's (`step`) too
  int64_t core1_first_step = -1;  // megacore: the first step TensorCore 1 runs; -1: one core runs all
  std::vector<SlotState> inputs, outputs;
  std::optional<tpu::Event> copy_in_flight;  // the latest copy issued in this step up to the cursor
  std::vector<NamedBuffer> buffers;          // every VMEM buffer: input slots, output slots, scratch
  std::vector<HbmOutput> hbm_outputs;        // the launch's outputs in HBM, as written so far
  std::vector<NamedValue> values;            // the latest value of each site in this step, up to the cursor
  double clock_us = 0;                       // estimated time of the event

  const NamedBuffer* Buffer(const std::string& name) const;
  const NamedValue* Value(const std::string& site) const;
};

// Builds the snapshot at `event` from the replay of its step.
std::shared_ptr<const Snapshot> MakeSnapshot(const Recording& recording, const StepReplay& replay,
                                             uint64_t event);

}  // namespace tilewalk::walkthrough
