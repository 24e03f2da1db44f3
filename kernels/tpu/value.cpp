#include "kernels/tpu/value.hpp"

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>

namespace tilewalk::tpu {

Value::Value(ValueStorage* storage, DType dtype)
    : m_rows(storage->rows()), m_cols(storage->cols()), m_dtype(dtype), m_storage(storage) {}

Value::Value(const Value& o)
    : m_rows(o.m_rows), m_cols(o.m_cols), m_dtype(o.m_dtype), m_storage(o.m_storage) {
  if (m_storage) m_storage->AddReference();
}

Value::Value(Value&& o) noexcept
    : m_rows(o.m_rows),
      m_cols(o.m_cols),
      m_dtype(o.m_dtype),
      m_storage(std::exchange(o.m_storage, nullptr)) {}

Value& Value::operator=(const Value& o) {
  if (this != &o) *this = Value(o);
  return *this;
}

Value& Value::operator=(Value&& o) noexcept {
  if (this != &o) {
    if (m_storage) m_storage->Release();
    m_rows = o.m_rows;
    m_cols = o.m_cols;
    m_dtype = o.m_dtype;
    m_storage = std::exchange(o.m_storage, nullptr);
  }
  return *this;
}

Value::~Value() {
  if (m_storage) m_storage->Release();
}

Value Value::ShapeOnly(int rows, int cols, DType dtype) {
  Value v;
  v.m_rows = rows;
  v.m_cols = cols;
  v.m_dtype = dtype;
  return v;
}

Value Value::Of(Matrix data, DType dtype) {
  Value v(ValueStorage::Adopt(std::move(data)), dtype);
  v.FinishBuild();
  return v;
}

Value Value::View(const float* elements, int rows, int cols) {
  return Value(ValueStorage::View(elements, rows, cols), DType::F32);
}

Value Value::Owning() const {
  if (!m_storage || !m_storage->viewing()) return *this;
  return Build(m_rows, m_cols, m_dtype, [&](Matrix& out) { out = data(); });
}

namespace {
// float to int32 as a conversion that cannot overflow: NaN becomes 0, the rest saturates.
int32_t SaturatingInt(float x) {
  if (std::isnan(x)) return 0;
  if (x >= 2147483648.0f) return std::numeric_limits<int32_t>::max();
  if (x < -2147483648.0f) return std::numeric_limits<int32_t>::min();
  return static_cast<int32_t>(x);
}
}  // namespace

void Value::FinishBuild() {
  Matrix& m = m_storage->matrix();
  if (m_dtype == DType::BF16) RoundToBf16(m.data(), static_cast<std::size_t>(m.size()));
  if (m_dtype == DType::I32)
    m_storage->ints_to_write() = m.unaryExpr([](float x) { return SaturatingInt(x); });
}

void Value::FinishLaneSample() {
  Matrix& sample = m_storage->lane_sample();
  if (m_dtype == DType::BF16) RoundToBf16(sample.data(), static_cast<std::size_t>(sample.size()));
  m_storage->DeferLanes();
}

namespace {

// std::bit_cast<uint32_t>, which libc++ 14 (emscripten's) lacks.
uint32_t FloatBitsOf(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, sizeof bits);
  return bits;
}

}  // namespace

bool Value::RowsRepeatOneNumber(const float* first, int rows, int cols, std::ptrdiff_t stride) {
  for (int row = 0; row < rows; ++row) {
    const float* lanes = first + row * stride;
    const auto lane0 = FloatBitsOf(lanes[0]);
    uint32_t differs = 0;
    for (int lane = 1; lane < cols; ++lane) differs |= FloatBitsOf(lanes[lane]) ^ lane0;
    if (differs != 0) return false;
  }
  return true;
}

MatrixView Value::data() const {
  return m_storage ? m_storage->elements() : MatrixView(nullptr, 0, 0);
}

const IntMatrix& Value::ints() const {
  static const IntMatrix kEmpty;
  return m_storage && m_dtype == DType::I32 ? m_storage->ints() : kEmpty;
}

std::string Value::ShapeString() const {
  return "(" + std::to_string(m_rows) + ", " + std::to_string(m_cols) + ")";
}

}  // namespace tilewalk::tpu
