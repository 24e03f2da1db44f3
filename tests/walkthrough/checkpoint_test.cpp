// Checkpoints restore their buffers bit for bit, whatever their pages hold: float data (stored raw),
// lane-constant rows (run-length encoded), a page whose start varies and whose rest repeats one word, and
// an array whose size is not a whole number of words; and a later checkpoint shares the pages that did not
// change, so its own bytes are the changed pages' only.
#include <doctest/doctest.h>

#include <random>

#include "walkthrough/checkpoint.hpp"

using namespace tilewalk;

namespace {

constexpr int kLanes = 128;

tpu::MachineState MakeState() {
  tpu::MachineState s;
  std::mt19937 random(7);
  std::normal_distribution<float> normal;
  tpu::Array floats(tpu::Shape{64, kLanes}, tpu::DType::F32);  // 8 pages of float data
  for (int64_t i = 0; i < 64 * kLanes; ++i) floats.SetFloat(i, normal(random));
  tpu::Array lanes(tpu::Shape{64, kLanes}, tpu::DType::F32);  // each row one number in every lane
  for (int64_t i = 0; i < 64 * kLanes; ++i) lanes.SetFloat(i, static_cast<float>(i / kLanes) * 0.5f + 1);
  tpu::Array mixed(tpu::Shape{8, kLanes}, tpu::DType::F32);  // one page: 64 varied words, then one number
  for (int64_t i = 0; i < 8 * kLanes; ++i) mixed.SetFloat(i, i < 64 ? normal(random) : 3.0f);
  tpu::Array odd(tpu::Shape{3, 1371}, tpu::DType::Bool);  // 4113 bytes: a last page of 17
  for (int64_t i = 0; i < 3 * 1371; ++i) odd.RawData()[i] = static_cast<std::byte>(i % 251 < 120 ? 1 : 0);
  s.scratch = {floats, lanes, mixed, odd};
  s.output_slots.push_back({tpu::Array(tpu::Shape{8, kLanes}, tpu::DType::F32),
                            tpu::Array(tpu::Shape{8, kLanes}, tpu::DType::F32)});
  s.next_step = 12;
  return s;
}

tpu::MachineState ZeroedLike(const tpu::MachineState& s) {
  tpu::MachineState z;
  for (const tpu::Array& a : s.scratch) z.scratch.emplace_back(a.shape(), a.dtype());
  for (const auto& slots : s.output_slots)
    z.output_slots.push_back(
        {tpu::Array(slots[0].shape(), slots[0].dtype()), tpu::Array(slots[1].shape(), slots[1].dtype())});
  return z;
}

bool SameBuffers(const tpu::MachineState& a, const tpu::MachineState& b) {
  bool same = a.scratch.size() == b.scratch.size() && a.output_slots.size() == b.output_slots.size();
  for (std::size_t i = 0; same && i < a.scratch.size(); ++i) same = a.scratch[i].BitwiseEqual(b.scratch[i]);
  for (std::size_t i = 0; same && i < a.output_slots.size(); ++i)
    same = a.output_slots[i][0].BitwiseEqual(b.output_slots[i][0]) &&
           a.output_slots[i][1].BitwiseEqual(b.output_slots[i][1]);
  return same;
}

}  // namespace

TEST_CASE("a checkpoint restores every kind of page bit for bit") {
  const tpu::MachineState state = MakeState();
  const walkthrough::Checkpoint first = walkthrough::Checkpoint::Capture(state, nullptr);
  tpu::MachineState restored = ZeroedLike(state);
  first.Restore(restored);
  CHECK(restored.next_step == 12);
  CHECK(SameBuffers(restored, state));
  // The float pages are stored whole; the 64 lane-constant rows, 8 pages, run-length encode to a few
  // hundred bytes.
  CHECK(first.own_bytes() > 8 * 4096);
  CHECK(first.own_bytes() < 8 * 4096 + 4 * 4096);
}

TEST_CASE("a later checkpoint holds only the pages that changed, and restores the rest from the one before") {
  tpu::MachineState state = MakeState();
  const walkthrough::Checkpoint first = walkthrough::Checkpoint::Capture(state, nullptr);
  state.scratch[0].SetFloat(5 * 1024 + 3, 42.0f);                        // one float page
  state.scratch[1].SetFloat(9 * kLanes + 7, 99.0f);                      // breaks a lane-constant row
  state.scratch[3].RawData()[3 * 1371 - 1] = static_cast<std::byte>(7);  // the odd array's last byte
  state.next_step = 20;
  const walkthrough::Checkpoint second = walkthrough::Checkpoint::Capture(state, &first);
  CHECK(second.own_bytes() < 4 * 4096);  // three pages, one of them run-length encoded
  tpu::MachineState restored = ZeroedLike(state);
  second.Restore(restored);
  CHECK(restored.next_step == 20);
  CHECK(SameBuffers(restored, state));
  // The first still restores the state it captured.
  const tpu::MachineState before = MakeState();
  first.Restore(restored);
  CHECK(SameBuffers(restored, before));
}
