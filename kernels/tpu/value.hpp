// A Value is what a kernel statement computes: a 2-D tile (rows × cols) with a dtype, the way a jnp array
// lives in vector registers inside a Pallas body. While a launch is traced, values carry only their shape,
// so a body can be checked for shape errors without computing anything. A value never changes once built;
// copies share its storage, which comes from a pool (value_storage.hpp), so making one does not allocate.
#pragma once

#include <cstddef>
#include <string>
#include <utility>

#include "kernels/tpu/dtype.hpp"
#include "kernels/tpu/value_storage.hpp"

namespace tilewalk::tpu {

class Value {
 public:
  Value() = default;
  Value(const Value& other);
  Value(Value&& other) noexcept;
  Value& operator=(const Value& other);
  Value& operator=(Value&& other) noexcept;
  ~Value();

  static Value ShapeOnly(int rows, int cols, DType dtype);
  // Values are stored as float; bfloat16 values are rounded on entry, bool is exact. int32 values also
  // keep their exact integers (ints()), taken here from the floats.
  static Value Of(Matrix data, DType dtype);
  // A float32 value that reads rows × cols row-major elements in place (ValueStorage::View): they must stay
  // unchanged and alive as long as the value and its copies do.
  static Value View(const float* elements, int rows, int cols);
  // This value, or a copy that holds its own elements if it views someone else's: for a value that may
  // outlive the elements it views.
  Value Owning() const;
  // Builds a value in pooled storage: fill(Matrix&) writes all rows × cols elements, then bfloat16
  // values are rounded and int32 values take their integers, as Of does.
  template <typename Fill>
  static Value Build(int rows, int cols, DType dtype, Fill&& fill) {
    Value v(ValueStorage::Acquire(rows, cols, dtype == DType::I32), dtype);
    std::forward<Fill>(fill)(v.m_storage->matrix());
    v.FinishBuild();
    return v;
  }
  // Builds a lane-constant value (ValueStorage::DeferLanes) of rows × cols, which must be LaneSampled:
  // fill(Matrix&) writes a rows × kLaneSample sample, every lane of a row alike; bfloat16 values are
  // rounded. Not for int32 values.
  template <typename Fill>
  static Value BuildLaneConstant(int rows, int cols, DType dtype, Fill&& fill) {
    Value v(ValueStorage::Acquire(rows, cols), dtype);
    Matrix& sample = v.m_storage->lane_sample();
    sample.resize(rows, ValueStorage::kLaneSample);
    std::forward<Fill>(fill)(sample);
    v.FinishLaneSample();
    return v;
  }
  // Whether a value with rows of `cols` lanes, of this dtype, may be kept lane-constant: whole samples.
  static bool LaneSampled(int cols, DType dtype) {
    return dtype != DType::I32 && cols >= ValueStorage::kLaneSample && cols % ValueStorage::kLaneSample == 0;
  }
  // Whether each of `rows` rows of `cols` floats (row r at first + r * stride) repeats one number, bit for
  // bit. Checks a whole row at a time, vectorised; a row that differs ends the check.
  static bool RowsRepeatOneNumber(const float* first, int rows, int cols, std::ptrdiff_t stride);
  // Builds an int32 value from its exact integers: fill(IntMatrix&) writes all rows × cols of them; the
  // float matrix, which views and float arithmetic read, gets their nearest floats when first read.
  template <typename Fill>
  static Value BuildInts(int rows, int cols, Fill&& fill) {
    Value v(ValueStorage::Acquire(rows, cols, /*ints=*/true), DType::I32);
    IntMatrix& ints = v.m_storage->ints_to_write();
    ints.resize(rows, cols);
    std::forward<Fill>(fill)(ints);
    v.m_storage->DeferFloats();
    return v;
  }

  // An int32 value whose integers are its steps (ValueStorage::IntSteps), which must Fit rows × cols: written
  // only when someone reads them.
  static Value FromIntSteps(int rows, int cols, const ValueStorage::IntSteps& steps) {
    Value v(ValueStorage::Acquire(rows, cols), DType::I32);
    v.m_storage->DeferInts(steps);
    return v;
  }

  int rows() const { return m_rows; }
  int cols() const { return m_cols; }
  DType dtype() const { return m_dtype; }
  bool traced() const { return m_storage == nullptr; }                // shape only: produced while tracing
  bool viewing() const { return m_storage && m_storage->viewing(); }  // reads elements it does not hold
  MatrixView data() const;                                            // empty when traced
  const IntMatrix& ints() const;  // int32 values: exact; empty otherwise or traced
  bool lane_constant() const { return m_storage && m_storage->lane_constant(); }
  const Matrix& lane_sample() const { return m_storage->lane_sample(); }  // lane-constant values only
  bool int_steps() const { return m_storage && m_storage->int_steps(); }
  const ValueStorage::IntSteps& steps() const { return m_storage->steps(); }  // values with int_steps() only
  float operator()(int r, int c) const { return m_storage->elements()(r, c); }
  std::string ShapeString() const;  // "(128, 64)"

 private:
  Value(ValueStorage* storage, DType dtype);
  void FinishBuild();       // rounds bfloat16 values; gives int32 values their integers
  void FinishLaneSample();  // rounds a bfloat16 value's sample

  int m_rows = 0;
  int m_cols = 0;
  DType m_dtype = DType::F32;
  ValueStorage* m_storage = nullptr;  // one reference held; null while tracing
};

}  // namespace tilewalk::tpu
