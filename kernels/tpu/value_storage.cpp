#include "kernels/tpu/value_storage.hpp"

#include <algorithm>
#include <mutex>
#include <vector>

namespace tilewalk::tpu {

// Free storages by element count. One lock for every thread: a value costs two short critical sections
// against microseconds of arithmetic, and values do cross threads (a worker makes, the merge releases).
class ValueStoragePool {
 public:
  static ValueStoragePool& Instance() {
    static ValueStoragePool* pool = new ValueStoragePool;  // never destroyed: values may outlive statics
    return *pool;
  }

  ValueStorage* Take(int64_t size) {
    std::lock_guard lock(m_mutex);
    for (FreeList& list : m_lists)
      if (list.size == size && !list.storages.empty()) {
        ValueStorage* s = list.storages.back();
        list.storages.pop_back();
        m_bytes -= Bytes(size);
        return s;
      }
    return nullptr;
  }

  void Give(ValueStorage* storage) {
    const int64_t size = storage->m_matrix.size();
    {
      std::lock_guard lock(m_mutex);
      if (m_bytes + Bytes(size) <= kMaxPooledBytes) {
        auto it =
            std::find_if(m_lists.begin(), m_lists.end(), [&](const FreeList& l) { return l.size == size; });
        if (it == m_lists.end()) it = m_lists.insert(m_lists.end(), FreeList{size, {}});
        it->storages.push_back(storage);
        m_bytes += Bytes(size);
        return;
      }
    }
    delete storage;
  }

 private:
  // Enough for the values of a few grid steps in flight on every core; beyond it, buffers are freed.
  static constexpr int64_t kMaxPooledBytes = 64ll << 20;
  static int64_t Bytes(int64_t size) { return size * static_cast<int64_t>(sizeof(float)); }

  struct FreeList {
    int64_t size = 0;
    std::vector<ValueStorage*> storages;
  };
  std::mutex m_mutex;
  std::vector<FreeList> m_lists;
  int64_t m_bytes = 0;
};

namespace {
std::atomic<int64_t> g_created{0};
}  // namespace

ValueStorage* ValueStorage::Acquire(int rows, int cols) {
  ValueStorage* s = ValueStoragePool::Instance().Take(static_cast<int64_t>(rows) * cols);
  if (!s) {
    s = new ValueStorage;
    g_created.fetch_add(1, std::memory_order_relaxed);
  }
  s->m_references.store(1, std::memory_order_relaxed);
  s->m_view = nullptr;             // a pooled view has no elements of its own, like an empty value
  s->m_matrix.resize(rows, cols);  // keeps the buffer: the element count is the same
  return s;
}

ValueStorage* ValueStorage::View(const float* elements, int rows, int cols) {
  ValueStorage* s = Acquire(0, 0);
  s->m_view = elements;
  s->m_view_rows = rows;
  s->m_view_cols = cols;
  return s;
}

ValueStorage* ValueStorage::Adopt(Matrix&& matrix) {
  auto* s = new ValueStorage;
  g_created.fetch_add(1, std::memory_order_relaxed);
  s->m_matrix.swap(matrix);
  return s;
}

void ValueStorage::Release() {
  if (m_references.fetch_sub(1, std::memory_order_acq_rel) == 1) ValueStoragePool::Instance().Give(this);
}

int64_t ValueStorage::CreatedCount() {
  return g_created.load(std::memory_order_relaxed);
}

}  // namespace tilewalk::tpu
