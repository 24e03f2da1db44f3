// SMEM, the scalar memory of a TensorCore, as scalar prefetch uses it. A launch declares N scalar-prefetch
// operands (PrefetchScalarGridSpec's num_scalar_prefetch), integer arrays (int8, int16 or int32) given as
// its first N arguments. Each takes its own bytes of SMEM; every read widens the element to int32.
// They are copied from HBM into SMEM once per TensorCore before its first grid step, stay there unchanged
// for the whole launch, and are read through SmemRefs: by every BlockSpec's index map (after the grid
// indices), so block indices can come from data, and by the body (before its VMEM refs).
// The capacity is the chip's SMEM per TensorCore; the compiler refuses a launch whose prefetch operands do
// not fit, as it refuses one that overflows VMEM.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>
#include "base/source_site.hpp"

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/events.hpp"
#include "kernels/tpu/kernel_error.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu {

class Kernel;
class PrefetchRefs;
struct LaunchSpec;
struct Chip;

// A scalar-prefetch operand as an index map or the body sees it: a read-only integer array in SMEM, whose
// elements read as int32 whatever their stored width.
// Reading outside its shape raises; the body's reads go through load(), which records them.
class SmemRef {
 public:
  const std::string& name() const { return m_name; }
  const Shape& shape() const { return m_shape; }
  int shape(int axis) const { return static_cast<int>(m_shape[axis]); }
  uint8_t operand() const { return m_operand; }

  // table(i, j): the element at (i, j). What an index map writes as `table_ref[i, j]`. Out of range it
  // throws a KernelException (an IndexMapError, which the pipeline reports at the step that asked).
  template <typename... I>
  int32_t operator()(I... index) const {
    return Get(Dims{static_cast<int64_t>(index)...});
  }
  int32_t Get(const Dims& index) const;

  // The body's read of one element, recorded as a Scalar event on this operand at `site`. Out of range it
  // raises a ValueError at the site, as a VMEM ref does. While tracing it reads 0: nothing is in SMEM yet.
  int32_t load(const char* site, const Dims& index,
               base::SourceSite where = base::SourceSite::current()) const;

 private:
  friend class Kernel;
  friend class LaunchRunner;
  friend class PrefetchRefs;
  friend PrefetchRefs HbmPrefetchRefs(const LaunchSpec& spec);
  // The flat offset of `index`, or nullopt with the reason in `why`.
  std::optional<int64_t> Flat(const Dims& index, std::string& why) const;

  Kernel* m_kernel = nullptr;       // null for an index map's refs
  const Array* m_buffer = nullptr;  // null while the body is traced
  std::string m_name;
  Shape m_shape;
  uint8_t m_operand = kNoOperand;
};

// The refs an index map receives after the grid indices, in argument order.
class PrefetchRefs {
 public:
  PrefetchRefs() = default;
  explicit PrefetchRefs(std::vector<SmemRef> refs) : m_refs(std::move(refs)) {}
  std::size_t size() const { return m_refs.size(); }
  // Ref i. Past the last one it throws a TypeError: in Python, a map with more parameters than the launch
  // passes fails when it is traced.
  const SmemRef& operator[](std::size_t i) const;

 private:
  std::vector<SmemRef> m_refs;
};

// Refs onto the HBM arrays of the launch's scalar-prefetch operands: what its index maps read. SMEM holds
// the same values for the whole launch, so the plan can evaluate every index map before anything runs.
PrefetchRefs HbmPrefetchRefs(const LaunchSpec& spec);

// Tracing-time checks, made before the body is traced as pallas_call makes them while it builds the grid
// mapping: the operand count against num_scalar_prefetch (ValueError) and each index map's arguments
// against the launch's (TypeError): its form, and the refs it asks for when called at grid index zero.
std::optional<KernelError> CheckScalarPrefetchArguments(const LaunchSpec& spec);

// Lowering: each operand's dtype (an integer type above) and the SMEM budget (OutOfSmem), which counts each
// operand's real bytes: an int8 table of n elements takes n bytes.
struct SmemBudget {
  std::vector<std::pair<std::string, int64_t>> operands;  // name, bytes
  int64_t total_bytes = 0;
  int64_t capacity = 0;  // the chip's SMEM per TensorCore
  bool fits() const { return total_bytes <= capacity; }
};
SmemBudget PlanSmem(const LaunchSpec& spec, const Chip& chip);
std::optional<KernelError> CheckScalarPrefetchLowering(const LaunchSpec& spec, const Chip& chip);

}  // namespace tilewalk::tpu
