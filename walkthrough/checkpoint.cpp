#include "walkthrough/checkpoint.hpp"

#include <algorithm>
#include <array>
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

// One page's bytes as 32-bit words, the last one zero-padded: copied once into a buffer on the stack, so
// that the comparison and the run count below read plain words.
class PageWords {
 public:
  PageWords(const std::byte* data, std::size_t bytes) : m_size((bytes + 3) / 4) {
    m_words[m_size - 1] = 0;
    std::memcpy(m_words.data(), data, bytes);
  }
  std::size_t size() const { return m_size; }
  uint32_t operator[](std::size_t w) const { return m_words[w]; }
  const uint32_t* data() const { return m_words.data(); }

 private:
  std::array<uint32_t, kPageBytes / 4> m_words;
  std::size_t m_size;
};

bool SameAsRuns(const std::vector<uint32_t>& runs, const PageWords& words) {
  std::size_t w = 0;
  for (std::size_t i = 0; i + 1 < runs.size(); i += 2)
    for (uint32_t n = 0; n < runs[i + 1]; ++n, ++w)
      if (words[w] != runs[i]) return false;
  return true;
}

// Runs of equal words, counted until `limit` (a page is run-length encoded when that makes it smaller, so
// counting stops as soon as it would not: for float data, early).
std::size_t RunsUpTo(const PageWords& words, std::size_t limit) {
  std::size_t runs = 1;
  for (std::size_t i = 1; i < words.size() && runs < limit; ++i) runs += words[i] != words[i - 1];
  return runs;
}

std::vector<uint32_t> RunsOf(const PageWords& words, std::size_t count) {
  std::vector<uint32_t> runs;
  runs.reserve(2 * count);
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i > 0 && runs[runs.size() - 2] == words[i]) {
      ++runs.back();
    } else {
      runs.push_back(words[i]);
      runs.push_back(1);
    }
  }
  return runs;
}

}  // namespace

Checkpoint::Buffer Checkpoint::Encode(const tpu::Array& array, const Buffer* previous,
                                      std::size_t& own_bytes) {
  Buffer out;
  const std::size_t total = array.bytes();
  for (std::size_t offset = 0, index = 0; offset < total; offset += kPageBytes, ++index) {
    const std::size_t bytes = std::min(kPageBytes, total - offset);
    const std::byte* data = array.RawData() + offset;
    const bool comparable = previous && index < previous->size() && (*previous)[index]->bytes == bytes;
    const Page* old = comparable ? (*previous)[index].get() : nullptr;
    if (old && !old->rle && SameBytes(old->words, data, bytes)) {  // compared in place: most pages
      out.push_back((*previous)[index]);
      continue;
    }
    const PageWords words(data, bytes);
    if (old && old->rle && SameAsRuns(old->words, words)) {
      out.push_back((*previous)[index]);
      continue;
    }
    auto page = std::make_shared<Page>();
    page->bytes = bytes;
    const std::size_t limit = (words.size() + 1) / 2;  // 2 * runs < words  <=>  runs < limit
    const std::size_t runs = RunsUpTo(words, limit);
    page->rle = runs < limit;
    if (page->rle)
      page->words = RunsOf(words, runs);
    else
      page->words.assign(words.data(), words.data() + words.size());
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
  c.m_clocks = state.clocks;
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
  state.clocks = m_clocks;
  const auto buffers = Buffers(state);
  assert(buffers.size() == m_buffers.size() && "a checkpoint restores into the launch it came from");
  for (std::size_t i = 0; i < buffers.size(); ++i) Decode(m_buffers[i], *buffers[i]);
}

}  // namespace tilewalk::walkthrough
