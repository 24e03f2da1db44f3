#include "kernels/tpu/pending_stores.hpp"

#include <algorithm>

namespace tilewalk::tpu {

namespace {

bool Covers(const RefRegion& outer, const RefRegion& inner) {
  return outer.lead == inner.lead && outer.row0 <= inner.row0 &&
         inner.row0 + inner.rows <= outer.row0 + outer.rows && outer.col0 <= inner.col0 &&
         inner.col0 + inner.cols <= outer.col0 + outer.cols;
}

std::size_t Bytes(const LoggedStore& s) {
  return sizeof(LoggedStore) + static_cast<std::size_t>(s.value.rows()) * s.value.cols() * sizeof(float);
}

}  // namespace

void PendingStores::Add(Array& buffer, LoggedStore store) {
  auto it = std::find_if(m_buffers.begin(), m_buffers.end(),
                         [&](const BufferStores& b) { return b.buffer == &buffer; });
  if (it == m_buffers.end()) it = m_buffers.insert(m_buffers.end(), BufferStores{&buffer, {}});
  std::vector<LoggedStore>& stores = it->stores;
  if (store.mode == Ref::StoreMode::Assign) {
    // Nothing reads the buffer between the two, so the later store overwrites the earlier completely.
    const auto kept = std::remove_if(stores.begin(), stores.end(), [&](const LoggedStore& earlier) {
      if (!Covers(store.region, earlier.region)) return false;
      m_bytes -= Bytes(earlier);
      m_count -= 1;
      return true;
    });
    stores.erase(kept, stores.end());
  }
  m_bytes += Bytes(store);
  m_count += 1;
  stores.push_back(std::move(store));
  if (m_bytes > kBudgetBytes) ApplyAll();
}

void PendingStores::Apply(Array& buffer) {
  for (BufferStores& b : m_buffers)
    if (b.buffer == &buffer) Write(b);
}

void PendingStores::ApplyAll() {
  for (BufferStores& b : m_buffers) Write(b);
}

void PendingStores::Write(BufferStores& b) {
  for (const LoggedStore& s : b.stores) {
    WriteRegion(*b.buffer, s.region, s.value, s.mode);
    m_bytes -= Bytes(s);
  }
  m_count -= b.stores.size();
  b.stores.clear();
}

}  // namespace tilewalk::tpu
