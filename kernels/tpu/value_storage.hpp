// The storage behind Values: a float matrix (and an int32 one for int32 values) with a reference count,
// recycled through a process-wide pool.
// A kernel body makes the same few fixed-shape values at every grid step (a score block, a row of 128
// lanes...), so after the first step every value reuses a buffer an earlier one released, and the hot
// path does not allocate. Values are immutable once built, so copies share one storage; the count is
// atomic because a value may be released on another thread than the one that made it.
#pragma once

#include <Eigen/Core>
#include <atomic>
#include <cstdint>

namespace tilewalk::tpu {

using Matrix = Eigen::Array<float, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
// The exact integers of an int32 value, which a float holds only up to 2^24.
using IntMatrix = Eigen::Array<int32_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

class ValueStorage {
 public:
  // A storage of rows × cols with one reference, contents unspecified (a recycled buffer).
  static ValueStorage* Acquire(int rows, int cols);
  // A storage that takes over `matrix`'s buffer, with one reference.
  static ValueStorage* Adopt(Matrix&& matrix);

  void AddReference() { m_references.fetch_add(1, std::memory_order_relaxed); }
  // Drops one reference; the last one returns the storage to the pool.
  void Release();

  Matrix& matrix() { return m_matrix; }
  const Matrix& matrix() const { return m_matrix; }
  // int32 values only: their exact elements (sized by whoever builds the value; kept across reuse).
  IntMatrix& ints() { return m_ints; }
  const IntMatrix& ints() const { return m_ints; }

  // Storages made so far rather than taken from the pool: constant once a launch reaches steady state.
  static int64_t CreatedCount();

 private:
  friend class ValueStoragePool;
  ValueStorage() = default;

  std::atomic<int> m_references{1};
  Matrix m_matrix;
  IntMatrix m_ints;
};

}  // namespace tilewalk::tpu
