// The kernel API in the shape of Pallas: what a body sees while it runs on the TPU model.
//   program_id(axis), when(cond, site, body), loop(site, start, stop, step, body) (always unrolled),
//   stmt(site, fn) for one statement of jnp work, scalar(site, value) for one on plain numbers, and Refs
//   with load/store over ds() slices.
// Every call takes a stable site name and captures its base::SourceSite, so each recorded event
// points at the C++ line that produced it. While tracing, when() enters every branch, values are
// shape-only, and nothing is recorded: errors raised then carry Phase::Tracing.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>
#include "base/source_site.hpp"

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/events.hpp"
#include "kernels/tpu/kernel_error.hpp"
#include "kernels/tpu/op_context.hpp"
#include "kernels/tpu/shape.hpp"
#include "kernels/tpu/sites.hpp"
#include "kernels/tpu/smem.hpp"
#include "kernels/tpu/value.hpp"

namespace tilewalk::tpu {

// A slice of one ref dimension: pl.ds(start, size); size -1 means the whole dimension.
struct Slice {
  int start = 0;
  int size = -1;
};
inline constexpr Slice all{};
inline Slice ds(int start, int size) {
  return Slice{start, size};
}

// An index into a ref: integer indices for the leading dimensions, then slices for the last two.
struct RefIndex {
  Dims lead;
  Slice rows = all;
  Slice cols = all;
};
inline RefIndex at(std::initializer_list<int64_t> lead, Slice rows = all, Slice cols = all) {
  return RefIndex{Dims(lead), rows, cols};
}

// A resolved ref region: absolute rows and columns inside the buffer.
struct RefRegion {
  Dims lead;
  int row0 = 0, rows = 0, col0 = 0, cols = 0;
};

class Kernel;

// A VMEM buffer as the body sees it: an input or output block in its current slot, or a scratch buffer.
class Ref {
 public:
  enum class StoreMode : uint8_t { Assign, Add, Multiply };  // ref[index] = value, += value, *= value

  const std::string& name() const { return m_name; }
  const Shape& shape() const { return m_shape; }
  int shape(int axis) const { return static_cast<int>(m_shape[axis]); }
  DType dtype() const { return m_dtype; }
  uint8_t operand() const { return m_operand; }
  uint8_t slot() const { return m_slot; }

  Value load(const char* site, const RefIndex& index,
             base::SourceSite where = base::SourceSite::current()) const;
  void store(const char* site, const RefIndex& index, const Value& value,
             base::SourceSite where = base::SourceSite::current());
  void store_add(const char* site, const RefIndex& index, const Value& value,  // ref[index] += value
                 base::SourceSite where = base::SourceSite::current());
  void store_mul(const char* site, const RefIndex& index, const Value& value,  // ref[index] *= value
                 base::SourceSite where = base::SourceSite::current());

 private:
  friend class Kernel;
  friend class LaunchRunner;
  RefRegion Resolve(const RefIndex& index, SiteId site) const;
  void Write(const char* site, const RefIndex& index, const Value& value, StoreMode mode,
             base::SourceSite where);

  Kernel* m_kernel = nullptr;
  Array* m_buffer = nullptr;  // null while tracing
  std::string m_name;
  Shape m_shape;
  DType m_dtype = DType::F32;
  uint8_t m_operand = kNoOperand;
  uint8_t m_slot = 0;
};

// The flat offset, in its buffer, of row `row` of a region.
int64_t RegionRowOffset(const Array& buffer, const RefRegion& region, int row);
// buffer[region] = value, += value or *= value: the one write path of refs, also the one that replays a
// store a worker thread logged (step_record.hpp).
void WriteRegion(Array& buffer, const RefRegion& region, const Value& value, Ref::StoreMode mode);

// What a kernel reports to the machine that runs it. Implemented by the launch runner.
class KernelHost {
 public:
  virtual ~KernelHost() = default;
  virtual void OnWhen(SiteId site, bool taken) = 0;
  virtual void OnLoopIteration(SiteId site, int iteration) = 0;
  // May replace `result`: a test that breaks the kernel on purpose (LaunchOptions::statement_override).
  virtual void OnStatement(SiteId site, const OpCounts& work, Value& result) = 0;
  virtual void OnScalar(SiteId site) = 0;
  virtual void OnLoad(SiteId site, const Ref& ref, const RefRegion& region, const Value& value) = 0;
  virtual void OnStore(SiteId site, const Ref& ref, const RefRegion& region, const Value& value,
                       Ref::StoreMode mode) = 0;
  // The body read element `flat` of a scalar-prefetch ref.
  virtual void OnSmemLoad(SiteId site, const SmemRef& ref, int64_t flat) = 0;
};

class Kernel {
 public:
  int program_id(int axis) const { return static_cast<int>(m_grid_index[axis]); }
  bool tracing() const { return m_host == nullptr; }

  // The body's arguments, in the original's order: scalar-prefetch refs, inputs, outputs, scratch.
  const SmemRef* prefetch(int i) const { return &m_prefetch[static_cast<std::size_t>(i)]; }
  Ref* input(int i) { return &m_inputs[static_cast<std::size_t>(i)]; }
  Ref* output(int i) { return &m_outputs[static_cast<std::size_t>(i)]; }
  Ref* scratch(int i) { return &m_scratch[static_cast<std::size_t>(i)]; }

  // pl.when: runs body when cond holds. Tracing enters every branch, as tracing a cond does.
  template <typename F>
  void when(bool cond, const char* site, F&& body, base::SourceSite where = base::SourceSite::current()) {
    const SiteId id = InternSite(site, where);
    if (m_host) m_host->OnWhen(id, cond);
    if (cond || tracing()) body();
  }

  // An unrolled loop (pl.loop / lax.fori_loop with unroll=True); body receives the loop variable.
  template <typename F>
  void loop(const char* site, int start, int stop, int step, F&& body,
            base::SourceSite where = base::SourceSite::current()) {
    const SiteId id = InternSite(site, where);
    int iteration = 0;
    for (int i = start; i < stop; i += step, ++iteration) {
      if (m_host) m_host->OnLoopIteration(id, iteration);
      body(i);
    }
  }

  // One statement of jnp work. Shape errors inside it surface at its site.
  template <typename F>
  Value stmt(const char* site, F&& fn, base::SourceSite where = base::SourceSite::current()) {
    const SiteId id = InternSite(site, where);
    const OpCounts before = CurrentOpContext().counts;
    Value result;
    try {
      result = fn();
    } catch (const ShapeError& e) {
      RaiseAt(e.type, id, e.what());
    }
    if (m_host) m_host->OnStatement(id, Delta(before, CurrentOpContext().counts), result);
    return result;
  }

  // One statement of scalar work, which the Python body does on plain numbers or refs: a program id, a
  // block's shape, a divmod, `mask = None`, or the test of an `if` on a static (`if causal:`). Returns
  // value, so the mirror reads as the original: `if (k.scalar("fwd.run.causal", c.causal))`. Unlike
  // when(), tracing does not enter a branch the test rejects.
  template <typename T>
  T scalar(const char* site, T value, base::SourceSite where = base::SourceSite::current()) {
    const SiteId id = InternSite(site, where);
    if (m_host) m_host->OnScalar(id);
    return value;
  }

  // Raises the error the original body raises at this point (e.g. NotImplementedError while tracing).
  [[noreturn]] void raise(ErrorType type, const char* site, std::string message,
                          base::SourceSite where = base::SourceSite::current());
  [[noreturn]] void RaiseAt(ErrorType type, SiteId site, std::string message) const;

 private:
  friend class Ref;
  friend class SmemRef;
  friend class LaunchRunner;
  void OnSmemLoad(SiteId site, const SmemRef& ref, int64_t flat) const {
    if (m_host) m_host->OnSmemLoad(site, ref, flat);
  }
  static OpCounts Delta(const OpCounts& before, const OpCounts& after);

  KernelHost* m_host = nullptr;  // null while tracing
  Dims m_grid_index;
  std::vector<SmemRef> m_prefetch;
  std::vector<Ref> m_inputs, m_outputs, m_scratch;
};

}  // namespace tilewalk::tpu
