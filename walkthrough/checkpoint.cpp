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

namespace {

// The page's bytes as 32-bit words, the last one zero-padded; read in place.
class PageWords {
 public:
  PageWords(const std::byte* data, std::size_t bytes) : m_data(data), m_bytes(bytes) {}
  std::size_t size() const { return (m_bytes + 3) / 4; }
  uint32_t operator[](std::size_t w) const {
    uint32_t word = 0;
    std::memcpy(&word, m_data + w * 4, std::min<std::size_t>(4, m_bytes - w * 4));
    return word;
  }

 private:
  const std::byte* m_data;
  std::size_t m_bytes;
};

bool SameAsRuns(const std::vector<uint32_t>& runs, const PageWords& words) {
  std::size_t w = 0;
  for (std::size_t i = 0; i + 1 < runs.size(); i += 2)
    for (uint32_t n = 0; n < runs[i + 1]; ++n, ++w)
      if (words[w] != runs[i]) return false;
  return true;
}

}  // namespace

Checkpoint::Buffer Checkpoint::Encode(const tpu::Array& array, const Buffer* previous,
                                      std::size_t& own_bytes) {
  Buffer out;
  const std::size_t total = array.bytes();
  for (std::size_t offset = 0, index = 0; offset < total; offset += kPageBytes, ++index) {
    const std::size_t bytes = std::min(kPageBytes, total - offset);
    const std::byte* data = array.RawData() + offset;
    const PageWords words(data, bytes);
    if (previous && index < previous->size()) {
      const Page& old = *(*previous)[index];
      if (old.bytes == bytes &&
          (old.rle ? SameAsRuns(old.words, words) : SameBytes(old.words, data, bytes))) {
        out.push_back((*previous)[index]);
        continue;
      }
    }
    std::size_t run_count = words.size() > 0 ? 1 : 0;
    for (std::size_t i = 1; i < words.size(); ++i) run_count += words[i] != words[i - 1];
    auto page = std::make_shared<Page>();
    page->bytes = bytes;
    page->rle = 2 * run_count < words.size();
    if (page->rle) {
      page->words.reserve(2 * run_count);
      for (std::size_t i = 0; i < words.size(); ++i) {
        if (i > 0 && page->words[page->words.size() - 2] == words[i]) {
          ++page->words.back();
        } else {
          page->words.push_back(words[i]);
          page->words.push_back(1);
        }
      }
    } else {
      page->words.assign(words.size(), 0);
      std::memcpy(page->words.data(), data, bytes);
    }
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
