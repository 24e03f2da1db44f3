#include "walkthrough/checkpoint.hpp"

#include <algorithm>
#include <cassert>
#include <cstring>

namespace tilewalk::walkthrough {

namespace {

constexpr std::size_t kPageBytes = 4096;

std::vector<const tpu::Array*> Buffers(const tpu::MachineState& s) {
  std::vector<const tpu::Array*> out;
  for (const tpu::Array& a : s.scratch) out.push_back(&a);
  for (const auto& slots : s.output_slots)
    for (const tpu::Array& a : slots) out.push_back(&a);
  return out;
}

std::vector<tpu::Array*> Buffers(tpu::MachineState& s) {
  std::vector<tpu::Array*> out;
  for (tpu::Array& a : s.scratch) out.push_back(&a);
  for (auto& slots : s.output_slots)
    for (tpu::Array& a : slots) out.push_back(&a);
  return out;
}

bool SameBytes(const std::vector<uint32_t>& words, const std::byte* data, std::size_t bytes) {
  return words.size() * 4 >= bytes && std::memcmp(words.data(), data, bytes) == 0;
}

}  // namespace

Checkpoint::Buffer Checkpoint::Encode(const tpu::Array& array, const Buffer* previous,
                                      std::size_t& own_bytes) {
  Buffer out;
  const std::size_t total = array.bytes();
  for (std::size_t offset = 0, index = 0; offset < total; offset += kPageBytes, ++index) {
    const std::size_t bytes = std::min(kPageBytes, total - offset);
    const std::byte* data = array.RawData() + offset;
    std::vector<uint32_t> raw((bytes + 3) / 4, 0);
    std::memcpy(raw.data(), data, bytes);
    if (previous && index < previous->size()) {
      const Page& old = *(*previous)[index];
      if (old.bytes == bytes) {
        const bool equal = old.rle ? [&] {
          std::size_t w = 0;
          for (std::size_t i = 0; i + 1 < old.words.size(); i += 2)
            for (uint32_t n = 0; n < old.words[i + 1]; ++n, ++w)
              if (raw[w] != old.words[i]) return false;
          return true;
        }()
                                   : SameBytes(old.words, data, bytes);
        if (equal) {
          out.push_back((*previous)[index]);
          continue;
        }
      }
    }
    std::vector<uint32_t> runs;
    for (std::size_t i = 0; i < raw.size(); ++i) {
      if (!runs.empty() && runs[runs.size() - 2] == raw[i]) {
        ++runs.back();
      } else {
        runs.push_back(raw[i]);
        runs.push_back(1);
      }
    }
    auto page = std::make_shared<Page>();
    page->bytes = bytes;
    page->rle = runs.size() < raw.size();
    page->words = page->rle ? std::move(runs) : std::move(raw);
    own_bytes += page->words.size() * 4 + sizeof(Page);
    out.push_back(std::move(page));
  }
  return out;
}

void Checkpoint::Decode(const Buffer& buffer, tpu::Array& array) {
  std::size_t offset = 0;
  for (const auto& page : buffer) {
    if (page->rle) {
      std::vector<uint32_t> raw;
      raw.reserve((page->bytes + 3) / 4);
      for (std::size_t i = 0; i + 1 < page->words.size(); i += 2)
        raw.insert(raw.end(), page->words[i + 1], page->words[i]);
      std::memcpy(array.RawData() + offset, raw.data(), page->bytes);
    } else {
      std::memcpy(array.RawData() + offset, page->words.data(), page->bytes);
    }
    offset += page->bytes;
  }
  assert(offset == array.bytes() && "a checkpoint restores into buffers of the shapes it captured");
}

Checkpoint Checkpoint::Capture(const tpu::MachineState& state, const Checkpoint* previous) {
  Checkpoint c;
  c.m_step = state.next_step;
  c.m_events_emitted = state.events_emitted;
  c.m_clock = state.clock;
  const auto buffers = Buffers(state);
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const Buffer* prev = previous && i < previous->m_buffers.size() ? &previous->m_buffers[i] : nullptr;
    c.m_buffers.push_back(Encode(*buffers[i], prev, c.m_own_bytes));
  }
  return c;
}

void Checkpoint::Restore(tpu::MachineState& state) const {
  state.next_step = m_step;
  state.events_emitted = m_events_emitted;
  state.clock = m_clock;
  const auto buffers = Buffers(state);
  assert(buffers.size() == m_buffers.size() && "a checkpoint restores into the launch it came from");
  for (std::size_t i = 0; i < buffers.size(); ++i) Decode(m_buffers[i], *buffers[i]);
}

}  // namespace tilewalk::walkthrough
