#include "kernels/splash/mask_kinds.hpp"

#include <cassert>
#include <string>
#include <utility>

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

struct MaskFactory {
  static Mask Make(Mask::Node node) { return Mask(std::make_shared<const Mask::Node>(std::move(node))); }
};

namespace {

using tpu::ErrorType;

Mask::Node Computable(MaskKind kind, SeqShape shape, int64_t shard_count) {
  // The q_sequence of a computable mask is sharded shard_count ways, each shard again shard_count ways.
  const int64_t squared = shard_count * shard_count;
  if (squared == 0 || FloorMod(shape.q, squared) != 0)
    RaiseSplashError(squared == 0 ? ErrorType::ZeroDivisionError : ErrorType::ValueError,
                     "splash.mask.shard_count",
                     squared == 0 ? std::string(kModuloByZero)
                                  : "Shard count squared (" + std::to_string(squared) +
                                        ") must divide Q seq_len (" + std::to_string(shape.q) + ") evenly.");
  Mask::Node node;
  node.kind = kind;
  node.shape = tpu::Shape{shape.q, shape.kv};
  return node;
}

Mask Combine(MaskKind kind, const Mask& left, const Mask& right) {
  if (!(left.shape() == right.shape()))
    RaiseSplashError(ErrorType::ValueError, "splash.mask.logical_shapes", "Masks must have the same shape");
  Mask::Node node;
  node.kind = kind;
  node.shape = left.shape();
  node.children = {left, right};
  return MaskFactory::Make(std::move(node));
}

void CheckOperands(const Mask& self, const Mask& other) {
  if (!(self.shape() == other.shape()))
    RaiseSplashError(
        ErrorType::ValueError, "splash.mask.operator_shapes",
        "Invalid shape for other: " + other.shape().ToString() + ", expected: " + self.shape().ToString());
}

}  // namespace

Mask FullMask(SeqShape shape) {
  Mask::Node node;
  node.kind = MaskKind::Full;
  node.shape = tpu::Shape{shape.q, shape.kv};
  return MaskFactory::Make(std::move(node));
}

Mask CausalMask(SeqShape shape, int64_t offset, int64_t shard_count) {
  Mask::Node node = Computable(MaskKind::Causal, shape, shard_count);
  node.offset = offset;
  return MaskFactory::Make(std::move(node));
}

Mask ChunkedCausalMask(SeqShape shape, int64_t chunk_size, int64_t shard_count) {
  if (chunk_size <= 0)
    RaiseSplashError(ErrorType::ValueError, "splash.mask.chunk_size", "chunk_size must be positive");
  Mask::Node node = Computable(MaskKind::ChunkedCausal, shape, shard_count);
  node.chunk_size = chunk_size;
  return MaskFactory::Make(std::move(node));
}

Mask LocalMask(SeqShape shape, LocalWindow window_size, int64_t offset, int64_t shard_count) {
  Mask::Node node = Computable(MaskKind::Local, shape, shard_count);
  node.window = window_size;
  node.offset = offset;
  return MaskFactory::Make(std::move(node));
}

Mask NumpyMask(const tpu::Array& array) {
  if (array.shape().rank() != 2)
    RaiseSplashError(ErrorType::ValueError, "splash.mask.numpy_rank", "Expected a 2-dim array");
  if (array.dtype() != tpu::DType::Bool)
    RaiseSplashError(ErrorType::ValueError, "splash.mask.numpy_dtype", "Mask must be a boolean array");
  Mask::Node node;
  node.kind = MaskKind::Numpy;
  node.shape = array.shape();
  node.array = array;
  return MaskFactory::Make(std::move(node));
}

Mask LogicalOr(const Mask& left, const Mask& right) {
  return Combine(MaskKind::LogicalOr, left, right);
}

Mask LogicalAnd(const Mask& left, const Mask& right) {
  return Combine(MaskKind::LogicalAnd, left, right);
}

Mask MaskOr(const Mask& self, const Mask& other) {
  CheckOperands(self, other);
  return LogicalOr(self, other);
}

Mask MaskAnd(const Mask& self, const Mask& other) {
  CheckOperands(self, other);
  return LogicalAnd(self, other);
}

Mask MultiHeadMask(std::vector<Mask> masks) {
  if (masks.empty())
    RaiseSplashError(ErrorType::ValueError, "splash.mask.multi_head_empty",
                     "Unsupported empty tuple of masks");
  const tpu::Shape& first = masks[0].shape();
  for (std::size_t i = 1; i < masks.size(); ++i)
    if (!(masks[i].shape() == first))
      RaiseSplashError(
          ErrorType::ValueError, "splash.mask.multi_head_shape",
          "Unexpected mask shape, got: " + masks[i].shape().ToString() + ", expected: " + first.ToString());
  for (const Mask& m : masks)
    if (m.kind() == MaskKind::MultiHead)
      RaiseSplashError(ErrorType::ValueError, "splash.mask.multi_head_nested",
                       "Nesting MultiHeadMasks is not supported");
  Mask::Node node;
  node.kind = MaskKind::MultiHead;
  node.shape = tpu::Shape{static_cast<int64_t>(masks.size())};
  for (int64_t d : first) node.shape.push_back(d);
  node.children = std::move(masks);
  return MaskFactory::Make(std::move(node));
}

tpu::Array BoolArray(const tpu::Shape& shape, const std::vector<uint8_t>& values) {
  tpu::Array array(shape, tpu::DType::Bool);
  assert(static_cast<int64_t>(values.size()) == array.size() && "BoolArray: one value per element");
  auto* data = array.Data<uint8_t>();
  for (std::size_t i = 0; i < values.size(); ++i) data[i] = values[i] != 0 ? 1 : 0;
  return array;
}

}  // namespace tilewalk::splash
