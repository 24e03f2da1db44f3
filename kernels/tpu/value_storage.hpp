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

namespace tilewalk::tpu {

using Matrix = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// The exact integers of an int32 value, which a float holds only up to 2^24.
using IntMatrix = Eigen::Array<int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// How every value's elements are read, whether its storage holds them or views them.
using MatrixView = Eigen::Map<const Matrix>;

class ValueStorage {
 public:
  // A storage of rows × cols with one reference, contents unspecified (a recycled buffer). `ints`: for an
  // int32 value, which also writes ints().
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
  // int32 values only: their exact elements (sized by whoever builds the value; kept across reuse).
  IntMatrix& ints() { return m_ints; }
  const IntMatrix& ints() const { return m_ints; }
  // An int32 value built from its integers leaves its floats until someone reads them: the kernels compare
  // ids as integers, and only a view or float arithmetic needs the floats, so most never get written.
  void DeferFloats() { m_deferred.store(Deferred::kFloatsFromInts, std::memory_order_release); }

  // A lane-constant value: every row is one number repeated along the lanes, as the flash kernels keep l, m
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

  // Storages made so far rather than taken from the pool: constant once a launch reaches steady state.
  static int64_t CreatedCount();

 private:
  friend class ValueStoragePool;
  ValueStorage() = default;

  enum class Deferred : uint8_t { kNothing, kFloatsFromInts, kLanesFromSample };
  // The elements a builder deferred, once, by whichever thread reads them first.
  void WriteDeferred() const;

  std::atomic<int> m_references{1};
  mutable std::atomic<Deferred> m_deferred{Deferred::kNothing};
  mutable Matrix m_matrix;  // empty while viewing; written by a reader when its elements were deferred
  Matrix m_lane_sample;     // lane-constant values only
  bool m_lane_constant = false;
  IntMatrix m_ints;
  const float* m_view = nullptr;
  int m_view_rows = 0, m_view_cols = 0;
};

}  // namespace tilewalk::tpu
