#include "kernels/tpu/value_storage.hpp"

#include <algorithm>
#include <iterator>
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

// In front of the shared pool, each thread keeps the storages it released last and takes from them first:
// their buffers are still in this core's cache, and taking them needs no lock. Beyond a few steps' worth the
// released storages go to the shared pool, which is also where a thread's leftovers go when it ends.
class LocalStorages {
 public:
  LocalStorages() { alive = true; }
  ~LocalStorages() {
    alive = false;
    GiveAllBack();
  }
  void GiveAllBack() {
    for (ValueStorage* s : m_storages) ValueStoragePool::Instance().Give(s);
    m_storages.clear();
  }
  // Whether this thread's LocalStorages exists: values released after it ends (a static's, as the main
  // thread exits) go to the shared pool.
  static thread_local bool alive;

  // The storage of `size` elements released last. For an int32 value, preferably the last one whose int32
  // buffer has that size too: another would have to allocate one, and its buffer would be cold.
  ValueStorage* Take(int64_t size, bool ints) {
    if (ints)
      if (ValueStorage* s = TakeLast(
              [&](ValueStorage& s) { return s.matrix().size() == size && s.ints_to_write().size() == size; }))
        return s;
    if (ValueStorage* s = TakeLast([&](ValueStorage& s) { return s.matrix().size() == size; })) return s;
    return ValueStoragePool::Instance().Take(size);
  }
  void Give(ValueStorage* storage) {
    if (m_storages.size() == kKept) {
      ValueStoragePool::Instance().Give(m_storages.front());
      m_storages.erase(m_storages.begin());
    }
    m_storages.push_back(storage);
  }

 private:
  template <typename Fits>
  ValueStorage* TakeLast(Fits fits) {
    for (auto it = m_storages.rbegin(); it != m_storages.rend(); ++it)
      if (fits(**it)) {
        ValueStorage* s = *it;
        m_storages.erase(std::next(it).base());
        return s;
      }
    return nullptr;
  }

  static constexpr std::size_t kKept = 32;
  std::vector<ValueStorage*> m_storages;  // oldest first
};

thread_local bool LocalStorages::alive = false;

namespace {
std::atomic<int64_t> g_created{0};
thread_local LocalStorages t_local;
}  // namespace

ValueStorage* ValueStorage::Acquire(int rows, int cols, bool ints) {
  ValueStorage* s = t_local.Take(static_cast<int64_t>(rows) * cols, ints);
  if (!s) {
    s = new ValueStorage;
    g_created.fetch_add(1, std::memory_order_relaxed);
  }
  s->m_references.store(1, std::memory_order_relaxed);
  s->m_deferred.store(Deferred::kNothing, std::memory_order_relaxed);
  s->m_lane_constant = false;
  s->m_int_steps_kept = false;
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

namespace {
std::mutex g_writing_deferred;
}  // namespace

void ValueStorage::WriteIntsFromSteps() const {
  const auto rows = static_cast<int>(m_matrix.rows()), cols = static_cast<int>(m_matrix.cols());
  m_ints.resize(rows, cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) m_ints(r, c) = m_steps.At(r, c);
}

void ValueStorage::WriteDeferredInts() const {
  std::lock_guard lock(g_writing_deferred);
  if (m_deferred.load(std::memory_order_relaxed) != Deferred::kIntsFromSteps) return;  // written meanwhile
  WriteIntsFromSteps();
  m_deferred.store(Deferred::kFloatsFromInts, std::memory_order_release);
}

void ValueStorage::WriteDeferred() const {
  std::lock_guard lock(g_writing_deferred);
  switch (m_deferred.load(std::memory_order_relaxed)) {
    case Deferred::kNothing:  // another reader wrote them meanwhile
      return;
    case Deferred::kIntsFromSteps:
      WriteIntsFromSteps();
      m_matrix = m_ints.cast<float>();
      break;
    case Deferred::kFloatsFromInts:
      m_matrix = m_ints.cast<float>();
      break;
    case Deferred::kLanesFromSample:
      m_matrix = m_lane_sample.col(0).replicate(1, m_matrix.cols());
      break;
  }
  m_deferred.store(Deferred::kNothing, std::memory_order_release);
}

void ValueStorage::Release() {
  if (m_references.fetch_sub(1, std::memory_order_acq_rel) != 1) return;
  if (LocalStorages::alive)
    t_local.Give(this);
  else
    ValueStoragePool::Instance().Give(this);
}

void ValueStorage::GiveBackThreadStorages() {
  if (LocalStorages::alive) t_local.GiveAllBack();
}

int64_t ValueStorage::CreatedCount() {
  return g_created.load(std::memory_order_relaxed);
}

}  // namespace tilewalk::tpu
