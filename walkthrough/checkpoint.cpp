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

// One page's bytes as 32-bit words, read where they are. The last page of an array whose size is not a
// whole number of words is copied once, zero-padded.
class PageWords {
 public:
  PageWords(const std::byte* data, std::size_t bytes) : m_bytes(data), m_size((bytes + 3) / 4) {
    if (bytes % 4 == 0) return;
    m_padded[m_size - 1] = 0;
    std::memcpy(m_padded.data(), data, bytes);
    m_bytes = reinterpret_cast<const std::byte*>(m_padded.data());
  }
  std::size_t size() const { return m_size; }
  uint32_t operator[](std::size_t w) const {
    uint32_t word;
    std::memcpy(&word, m_bytes + 4 * w, sizeof word);
    return word;
  }
  void CopyTo(std::vector<uint32_t>& out) const {
    out.resize(m_size);
    std::memcpy(out.data(), m_bytes, m_size * sizeof(uint32_t));
  }

 private:
  const std::byte* m_bytes;
  std::size_t m_size;
  std::array<uint32_t, kPageBytes / 4> m_padded;
};

// Whether the page holds what `runs` decode to. Each run is checked as a whole, without a branch per word,
// which the compiler vectorises: lane-constant rows make pages of a few long runs.
bool SameAsRuns(const std::vector<uint32_t>& runs, const PageWords& words) {
  std::size_t w = 0;
  for (std::size_t i = 0; i + 1 < runs.size(); i += 2) {
    const uint32_t value = runs[i], count = runs[i + 1];
    if (w + count > words.size()) return false;
    uint32_t differ = 0;
    for (uint32_t n = 0; n < count; ++n) differ |= words[w + n] ^ value;
    if (differ != 0) return false;
    w += count;
  }
  return w == words.size();
}

// Runs of equal words, or `limit` when there are at least that many (a page is run-length encoded when
// that makes it smaller). Float data changes at almost every word: when the page's first 64 words hold
// more than 32 runs it is stored raw without counting on (a page that would have run-length encoded past
// such a start is stored larger, and decodes the same). Otherwise the whole page is counted in one pass
// without a branch per word.
std::size_t RunsUpTo(const PageWords& words, std::size_t limit) {
  constexpr std::size_t kSample = 64;
  const std::size_t sample = std::min(kSample, words.size());
  std::size_t runs = 1;
  for (std::size_t i = 1; i < sample; ++i) runs += words[i] != words[i - 1];
  if (sample == kSample && runs > kSample / 2) return limit;
  for (std::size_t i = sample; i < words.size(); ++i) runs += words[i] != words[i - 1];
  return std::min(runs, limit);
}

// The page as (value, count) pairs. A run is followed 16 words at a time while they all equal its value,
// then word by word: lane-constant rows make runs of 128 words and more.
std::vector<uint32_t> RunsOf(const PageWords& words, std::size_t count) {
  constexpr std::size_t kBlock = 16;
  std::vector<uint32_t> runs;
  runs.reserve(2 * count);
  const std::size_t n = words.size();
  for (std::size_t start = 0; start < n;) {
    const uint32_t value = words[start];
    std::size_t end = start + 1;
    for (; end + kBlock <= n; end += kBlock) {
      uint32_t differ = 0;
      for (std::size_t k = 0; k < kBlock; ++k) differ |= words[end + k] ^ value;
      if (differ != 0) break;
    }
    while (end < n && words[end] == value) ++end;
    runs.push_back(value);
    runs.push_back(static_cast<uint32_t>(end - start));
    start = end;
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
      words.CopyTo(page->words);
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
