#include "kernels/tpu/kernel.hpp"

#include <algorithm>
#include <cassert>
#include <cstdint>
#include <optional>

namespace tilewalk::tpu {

void Kernel::raise(ErrorType type, const char* site, std::string message, base::SourceSite where) {
  RaiseAt(type, InternSite(site, where), std::move(message));
}

void Kernel::RaiseAt(ErrorType type, SiteId site, std::string message) const {
  throw KernelException(
      KernelError{type, tracing() ? Phase::Tracing : Phase::Execution, site, std::move(message)});
}

OpCounts Kernel::Delta(const OpCounts& before, const OpCounts& after) {
  return OpCounts{after.flops - before.flops, after.mxu_flops - before.mxu_flops,
                  after.vreg_ops - before.vreg_ops, after.transcendentals - before.transcendentals,
                  after.matmuls - before.matmuls};
}

namespace {
std::string SliceText(Slice s, int64_t dim) {
  const int64_t size = s.size < 0 ? dim : s.size;
  return std::to_string(s.start) + ":" + std::to_string(s.start + size);
}
}  // namespace

RefRegion Ref::Resolve(const RefIndex& index, SiteId site) const {
  const int rank = m_shape.rank();
  if (index.lead.rank() + 2 != rank)
    m_kernel->RaiseAt(ErrorType::ValueError, site,
                      "ref '" + m_name + "' of shape " + m_shape.ToString() + " takes " +
                          std::to_string(rank - 2) + " leading indices, got " +
                          std::to_string(index.lead.rank()));
  RefRegion r;
  r.lead = index.lead;
  for (int d = 0; d < index.lead.rank(); ++d)
    if (index.lead[d] < 0 || index.lead[d] >= m_shape[d])
      m_kernel->RaiseAt(ErrorType::ValueError, site,
                        "index " + std::to_string(index.lead[d]) + " is out of bounds for axis " +
                            std::to_string(d) + " of ref '" + m_name + "' with shape " + m_shape.ToString());
  const int64_t dim_r = m_shape[rank - 2], dim_c = m_shape[rank - 1];
  r.row0 = index.rows.start;
  r.rows = index.rows.size < 0 ? static_cast<int>(dim_r) : index.rows.size;
  r.col0 = index.cols.start;
  r.cols = index.cols.size < 0 ? static_cast<int>(dim_c) : index.cols.size;
  if (r.row0 < 0 || r.row0 + r.rows > dim_r || r.col0 < 0 || r.col0 + r.cols > dim_c)
    m_kernel->RaiseAt(ErrorType::ValueError, site,
                      "slice [" + SliceText(index.rows, dim_r) + ", " + SliceText(index.cols, dim_c) +
                          "] is out of bounds for ref '" + m_name + "' with shape " + m_shape.ToString());
  return r;
}

int64_t RegionRowOffset(const Array& buffer, const RefRegion& r, int row) {
  Dims full = r.lead;
  full.push_back(r.row0 + row);
  full.push_back(r.col0);
  return buffer.Offset(full);
}

namespace {

using Row = Eigen::Map<Eigen::Array<float, 1, Eigen::Dynamic>>;

// out = in, += in or *= in, where `in` is an Eigen row expression of out's length.
template <typename In>
void CombineRow(Row out, const In& in, Ref::StoreMode mode) {
  switch (mode) {
    case Ref::StoreMode::Assign:
      out = in;
      break;
    case Ref::StoreMode::Add:
      out = out + in;
      break;
    case Ref::StoreMode::Multiply:
      out = out * in;
      break;
  }
}

// buffer[flat : flat + n] = in, += in or *= in. float32 buffers are updated in place; others go through
// floats, rounding to their dtype on the way back.
void WriteRow(Array& buffer, int64_t flat, int n, const float* in, Ref::StoreMode mode) {
  using ConstRow = Eigen::Map<const Eigen::Array<float, 1, Eigen::Dynamic>>;
  float row_buffer[256];
  std::vector<float> long_row;
  float* slot = nullptr;
  if (buffer.dtype() == DType::F32) {
    slot = buffer.Data<float>() + flat;
  } else {
    if (n > 256) long_row.resize(static_cast<std::size_t>(n));
    slot = n > 256 ? long_row.data() : row_buffer;
    if (mode != Ref::StoreMode::Assign) buffer.ReadFloats(flat, n, slot);
  }
  CombineRow(Row(slot, n), ConstRow(in, n), mode);
  if (buffer.dtype() != DType::F32) buffer.WriteFloats(flat, n, slot);
}

}  // namespace

namespace {

// Where a region's rows lie in its buffer: row i starts at first + i * stride, and when `whole` the rows
// follow one another, so the region is one run of rows × cols elements.
struct RegionRows {
  int64_t first = 0;
  int64_t stride = 0;
  bool whole = false;
};

RegionRows RowsOf(const Array& buffer, const RefRegion& r) {
  const int64_t stride = buffer.shape()[buffer.shape().rank() - 1];
  return RegionRows{RegionRowOffset(buffer, r, 0), stride, r.cols == stride};
}

// An int32 region read through its exact integers (segment ids may exceed float's 2^24).
Value LoadInts(const Array& buffer, const RefRegion& r) {
  const RegionRows rows = RowsOf(buffer, r);
  return Value::BuildInts(r.rows, r.cols, [&](IntMatrix& m) {
    for (int row = 0; row < r.rows; ++row) {
      const int32_t* src = buffer.Data<int32_t>() + rows.first + row * rows.stride;
      for (int c = 0; c < r.cols; ++c) m(row, c) = src[c];
    }
  });
}

}  // namespace

void WriteRegion(Array& buffer, const RefRegion& r, const Value& value, Ref::StoreMode mode) {
  const RegionRows rows = RowsOf(buffer, r);
  if (value.lane_constant() && buffer.dtype() == DType::F32) {
    float* first = buffer.Data<float>() + rows.first;
    // Each row combined with its one number, without writing the value's lanes out first.
    for (int row = 0; row < r.rows; ++row)
      CombineRow(Row(first + row * rows.stride, r.cols),
                 Eigen::Array<float, 1, Eigen::Dynamic>::Constant(r.cols, value.lane_sample()(row, 0)), mode);
    return;
  }
  const float* in = value.data().data();
  if (rows.whole) {
    WriteRow(buffer, rows.first, r.rows * r.cols, in, mode);
    return;
  }
  for (int row = 0; row < r.rows; ++row)
    WriteRow(buffer, rows.first + row * rows.stride, r.cols, in + static_cast<std::ptrdiff_t>(row) * r.cols,
             mode);
}

namespace {

// A float32 region of whole rows in a buffer that reads an HBM input in place: the value views the input
// too, which does not change during the launch. nullopt when the region must be copied.
std::optional<Value> LoadInPlace(const Array& buffer, const RefRegion& r, const RegionRows& rows) {
  if (buffer.dtype() != DType::F32 || !buffer.borrowing() || !rows.whole) return std::nullopt;
  return Value::View(buffer.Data<float>() + rows.first, r.rows, r.cols);
}

// A float32 region whose every row repeats one number (bit for bit) along its lanes, as attention kernels
// keep l and m in scratch, loaded as a lane-constant value; nullopt otherwise. Other regions differ within
// their first row, so the check costs them one row's reads. (A block read in place is not checked: the
// backward launches' l, m and di blocks come cold from HBM, and reading them twice cost more than it saved.)
std::optional<Value> LoadLaneConstant(const Array& buffer, const RefRegion& r, const RegionRows& rows,
                                      DType dtype) {
  if (buffer.dtype() != DType::F32 || dtype != DType::F32 || !Value::LaneSampled(r.cols, dtype))
    return std::nullopt;
  const float* floats = buffer.Data<float>() + rows.first;
  if (!Value::RowsRepeatOneNumber(floats, r.rows, r.cols, rows.stride)) return std::nullopt;
  return Value::BuildLaneConstant(r.rows, r.cols, DType::F32, [&](Matrix& sample) {
    for (int row = 0; row < r.rows; ++row) sample.row(row).setConstant(floats[row * rows.stride]);
  });
}

Value LoadFloats(const Array& buffer, const RefRegion& r, DType dtype) {
  const RegionRows rows = RowsOf(buffer, r);
  if (auto in_place = LoadInPlace(buffer, r, rows)) return *std::move(in_place);
  if (auto lanes = LoadLaneConstant(buffer, r, rows, dtype)) return *std::move(lanes);
  return Value::Build(r.rows, r.cols, dtype, [&](Matrix& m) {
    if (rows.whole) {
      buffer.ReadFloats(rows.first, static_cast<int64_t>(r.rows) * r.cols, m.data());
      return;
    }
    for (int row = 0; row < r.rows; ++row)
      buffer.ReadFloats(rows.first + row * rows.stride, r.cols,
                        m.data() + static_cast<std::ptrdiff_t>(row) * r.cols);
  });
}

}  // namespace

Value Ref::load(const char* site, const RefIndex& index, base::SourceSite where) const {
  const SiteId id = InternSite(site, where);
  const RefRegion r = Resolve(index, id);
  if (!m_buffer) return Value::ShapeOnly(r.rows, r.cols, m_dtype);
  Value v = m_dtype == DType::I32 ? LoadInts(*m_buffer, r) : LoadFloats(*m_buffer, r, m_dtype);
  if (m_kernel->m_host) m_kernel->m_host->OnLoad(id, *this, r, v);
  return v;
}

void Ref::store(const char* site, const RefIndex& index, const Value& value, base::SourceSite where) {
  Write(site, index, value, StoreMode::Assign, where);
}
void Ref::store_add(const char* site, const RefIndex& index, const Value& value, base::SourceSite where) {
  Write(site, index, value, StoreMode::Add, where);
}
void Ref::store_mul(const char* site, const RefIndex& index, const Value& value, base::SourceSite where) {
  Write(site, index, value, StoreMode::Multiply, where);
}

void Ref::Write(const char* site, const RefIndex& index, const Value& value, StoreMode mode,
                base::SourceSite where) {
  const SiteId id = InternSite(site, where);
  const RefRegion r = Resolve(index, id);
  if (value.rows() != r.rows || value.cols() != r.cols)
    m_kernel->RaiseAt(ErrorType::ValueError, id,
                      "Invalid shape for a store into ref '" + m_name + "': the indexed region is (" +
                          std::to_string(r.rows) + ", " + std::to_string(r.cols) + ") but the value is " +
                          value.ShapeString());
  if (!m_buffer || value.traced()) return;
  WriteRegion(*m_buffer, r, value, mode);
  if (m_kernel->m_host) m_kernel->m_host->OnStore(id, *this, r, value, mode);
}

}  // namespace tilewalk::tpu
