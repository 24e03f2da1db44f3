// The storage behind Values: a float matrix (and an int32 one for int32 values) with a reference count,
// recycled through a process-wide pool, with a few recently released ones kept per thread in front of it
// (their buffers are still in that core's cache). A storage may instead view float32 elements held elsewhere:
// a load of a block that VMEM reads in place from an HBM input (Array::Borrow) copies nothing. A kernel body
// makes the same few fixed-shape values at every grid step (a score block, a row of 128 lanes...), so after
// the first step every value reuses a buffer an earlier one released, and the hot path does not allocate.
// Values are immutable once built, so copies share one storage; the count is atomic because a value may be
// released on another thread than the one that made it.
#pragma once

#include <Eigen/Core>
#include <atomic>
#include <cstdint>
#include <limits>

namespace tilewalk::tpu {

using Matrix = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// The exact integers of an int32 value, which a float holds only up to 2^24.
using IntMatrix = Eigen::Array<int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// How every value's elements are read, whether its storage holds them or views them.
using MatrixView = Eigen::Map<const Matrix>;

class ValueStorage {
 public:
  // A storage of rows × cols with one reference, contents unspecified (a recycled buffer). `ints`: for an
  // int32 value, which also writes ints_to_write().
  static ValueStorage* Acquire(int rows, int cols, bool ints = false);
  // A storage that takes over `matrix`'s buffer, with one reference.
  static ValueStorage* Adopt(Matrix&& matrix);
  // A storage that reads rows × cols row-major floats at `elements` in place, with one reference. They must
  // stay unchanged and alive while any value uses the storage (an HBM input's, during its launch).
  static ValueStorage* View(const float* elements, int rows, int cols);

  void AddReference() { m_references.fetch_add(1, std::memory_order_relaxed); }
  // Drops one reference; the last one returns the storage to the pool.
  void Release();

  // The elements as every reader sees them.
  MatrixView elements() const {
    if (m_deferred.load(std::memory_order_acquire) != Deferred::kNothing) WriteDeferred();
    return m_view ? MatrixView(m_view, m_view_rows, m_view_cols)
                  : MatrixView(m_matrix.data(), m_matrix.rows(), m_matrix.cols());
  }
  int rows() const { return m_view ? m_view_rows : static_cast<int>(m_matrix.rows()); }
  int cols() const { return m_view ? m_view_cols : static_cast<int>(m_matrix.cols()); }
  bool viewing() const { return m_view != nullptr; }
  // The elements a builder writes: storages that hold their own only.
  Matrix& matrix() { return m_matrix; }
  // int32 values only: their exact elements as a builder writes them (sized by it; kept across reuse), and
  // as every reader sees them.
  IntMatrix& ints_to_write() { return m_ints; }
  const IntMatrix& ints() const {
    if (m_deferred.load(std::memory_order_acquire) == Deferred::kIntsFromSteps) WriteDeferredInts();
    return m_ints;
  }
  // An int32 value built from its integers leaves its floats until someone reads them: the kernels compare
  // ids as integers, and only a view or float arithmetic needs the floats, so most never get written.
  void DeferFloats() { m_deferred.store(Deferred::kFloatsFromInts, std::memory_order_release); }

  // A lane-constant value: every row is one number repeated along the lanes, as attention kernels keep l, m
  // and the statistics made from them (128 lanes of one row's number). The storage holds kLaneSample lanes
  // of each row, whole vector registers, which the ops compute on (the same code as on the full rows, so
  // each number has the full result's bits); the full rows are written when someone first reads elements().
  static constexpr int kLaneSample = 16;
  bool lane_constant() const { return m_lane_constant; }
  Matrix& lane_sample() { return m_lane_sample; }  // rows × kLaneSample
  const Matrix& lane_sample() const { return m_lane_sample; }
  void DeferLanes() {
    m_lane_constant = true;
    m_deferred.store(Deferred::kLanesFromSample, std::memory_order_release);
  }

  // An int32 value whose element (r, c) is base + r * row_step + c * col_step, each within int32's range:
  // an iota, and an iota plus a block's offset, which is what the kernels make their causal ids from. The
  // storage keeps the three numbers; the integers (then the floats) are written when someone first reads
  // them, which the ops on such values avoid: they compute from the steps.
  struct IntSteps {
    int64_t base = 0;
    int64_t row_step = 0;
    int64_t col_step = 0;
    int32_t At(int64_t r, int64_t c) const {
      return static_cast<int32_t>(base + r * row_step + c * col_step);
    }
    // Whether every element of a rows × cols value lies within int32's range: the corners are its extremes.
    bool Fit(int rows, int cols) const {
      const int64_t down = (rows - 1) * row_step, across = (cols - 1) * col_step;
      for (const int64_t corner : {base, base + down, base + across, base + down + across})
        if (corner < std::numeric_limits<int32_t>::min() || corner > std::numeric_limits<int32_t>::max())
          return false;
      return true;
    }
  };
  bool int_steps() const { return m_int_steps_kept; }
  const IntSteps& steps() const { return m_steps; }
  void DeferInts(const IntSteps& steps) {
    m_steps = steps;
    m_int_steps_kept = true;
    m_deferred.store(Deferred::kIntsFromSteps, std::memory_order_release);
  }

  // Storages made so far rather than taken from the pool: constant once a launch reaches steady state.
  static int64_t CreatedCount();
  // Gives the storages this thread keeps in front of the shared pool back to it, as the thread's end
  // would (the pool frees what is over its cap): a kept thread between tasks holds none.
  static void GiveBackThreadStorages();

 private:
  friend class ValueStoragePool;
  ValueStorage() = default;

  enum class Deferred : uint8_t { kNothing, kFloatsFromInts, kLanesFromSample, kIntsFromSteps };
  // The elements a builder deferred, once, by whichever thread reads them first: all of them, or only the
  // integers of an int32 value kept as steps.
  void WriteDeferred() const;
  void WriteDeferredInts() const;
  void WriteIntsFromSteps() const;  // under the lock of the two above

  std::atomic<int> m_references{1};
  mutable std::atomic<Deferred> m_deferred{Deferred::kNothing};
  mutable Matrix m_matrix;  // empty while viewing; written by a reader when its elements were deferred
  Matrix m_lane_sample;     // lane-constant values only
  bool m_lane_constant = false;
  bool m_int_steps_kept = false;
  IntSteps m_steps;
  mutable IntMatrix m_ints;  // written by a reader when an int32 value's integers were deferred
  const float* m_view = nullptr;
  int m_view_rows = 0, m_view_cols = 0;
};

}  // namespace tilewalk::tpu
