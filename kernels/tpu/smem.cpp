#include "kernels/tpu/smem.hpp"

#include <cstdio>

#include "kernels/tpu/chip.hpp"
#include "kernels/tpu/kernel.hpp"
#include "kernels/tpu/launch_spec.hpp"

namespace tilewalk::tpu {

std::optional<int64_t> SmemRef::Flat(const Dims& index, std::string& why) const {
  if (index.rank() != m_shape.rank()) {
    why = "SMEM ref '" + m_name + "' of shape " + m_shape.ToString() + " takes " +
          std::to_string(m_shape.rank()) + " indices, got " + std::to_string(index.rank());
    return std::nullopt;
  }
  int64_t flat = 0;
  for (int d = 0; d < index.rank(); ++d) {
    if (index[d] < 0 || index[d] >= m_shape[d]) {
      why = "index " + index.ToString() + " is out of bounds for SMEM ref '" + m_name + "' with shape " +
            m_shape.ToString();
      return std::nullopt;
    }
    flat = flat * m_shape[d] + index[d];
  }
  return flat;
}

namespace {

// The element types a scalar-prefetch operand may have: int8, int16 and int32.
bool IsSmemIntType(DType t) {
  return t == DType::I8 || t == DType::I16 || t == DType::I32;
}

// Element `flat` of a table stored as int8, int16 or int32, widened to int32: how the kernel reads it.
int32_t ReadInt32(const Array& table, int64_t flat) {
  switch (table.dtype()) {
    case DType::I8:
      return table.Data<int8_t>()[flat];
    case DType::I16:
      return table.Data<int16_t>()[flat];
    default:
      return table.Data<int32_t>()[flat];
  }
}

}  // namespace

int32_t SmemRef::Get(const Dims& index) const {
  std::string why;
  const auto flat = Flat(index, why);
  if (!flat) throw KernelException(KernelError{ErrorType::IndexMapError, Phase::Execution, kNoSite, why});
  return m_buffer ? ReadInt32(*m_buffer, *flat) : 0;
}

int32_t SmemRef::load(const char* site, const Dims& index, base::SourceSite where) const {
  const SiteId id = InternSite(site, where);
  std::string why;
  const auto flat = Flat(index, why);
  if (!flat) m_kernel->RaiseAt(ErrorType::ValueError, id, why);
  m_kernel->OnSmemLoad(id, *this, *flat);
  return m_buffer ? ReadInt32(*m_buffer, *flat) : 0;
}

const SmemRef& PrefetchRefs::operator[](std::size_t i) const {
  if (i >= m_refs.size())
    throw KernelException(KernelError{ErrorType::TypeError, Phase::Tracing, kNoSite,
                                      "it reads scalar-prefetch ref " + std::to_string(i) +
                                          ", but the launch passes " + std::to_string(m_refs.size())});
  return m_refs[i];
}

PrefetchRefs HbmPrefetchRefs(const LaunchSpec& spec) {
  std::vector<SmemRef> refs;
  for (std::size_t p = 0; p < spec.scalar_prefetch.size(); ++p) {
    SmemRef& r = refs.emplace_back();
    r.m_buffer = spec.scalar_prefetch[p].array;
    r.m_name = spec.scalar_prefetch[p].name;
    r.m_shape = r.m_buffer->shape();
    r.m_operand = static_cast<uint8_t>(spec.PrefetchOperand(static_cast<int>(p)));
  }
  return PrefetchRefs(std::move(refs));
}

namespace {

KernelError Fail(ErrorType type, Phase phase, std::string message) {
  return KernelError{type, phase, kNoSite, std::move(message)};
}

std::string Plural(std::size_t n, const char* one, const char* many) {
  return std::to_string(n) + " " + (n == 1 ? one : many);
}

// The index map of one operand against the launch: a map in the other form than the launch calls is
// Python's TypeError for a call with the wrong number of positional arguments.
std::optional<KernelError> CheckArity(const std::string& name, const IndexMap& map, const LaunchSpec& spec) {
  const std::size_t grid = static_cast<std::size_t>(spec.grid.rank());
  const std::size_t refs = spec.scalar_prefetch.size();
  if (!refs && map.takes_prefetch())
    return Fail(ErrorType::TypeError, Phase::Tracing,
                "the index map of '" + name +
                    "' takes scalar-prefetch refs after the grid indices, but the " +
                    "launch has no scalar prefetch: it is called with the " +
                    Plural(grid, "grid index", "grid indices") + " alone");
  if (refs && !map.takes_prefetch())
    return Fail(ErrorType::TypeError, Phase::Tracing,
                "the index map of '" + name + "' takes the grid indices only, but the launch has " +
                    Plural(refs, "scalar-prefetch operand", "scalar-prefetch operands") +
                    ": it is called with " + Plural(grid, "grid index", "grid indices") + " followed by " +
                    Plural(refs, "SMEM ref", "SMEM refs"));
  return std::nullopt;
}

// Calls a map that takes refs once, at grid index zero, as tracing it would: a ref it asks for past the
// last one is its TypeError. Errors of the data (a read outside a table) wait for the step that meets them.
std::optional<KernelError> TraceMap(const std::string& name, const IndexMap& map, const LaunchSpec& spec,
                                    const PrefetchRefs& refs) {
  if (!map.takes_prefetch()) return std::nullopt;
  GridIndex zero;
  for (int d = 0; d < spec.grid.rank(); ++d) zero.push_back(0);
  try {
    map(zero, refs);
  } catch (const KernelException& e) {
    if (e.error.type == ErrorType::TypeError)
      return Fail(ErrorType::TypeError, Phase::Tracing,
                  "the index map of '" + name + "': " + e.error.message);
  }
  return std::nullopt;
}

}  // namespace

std::optional<KernelError> CheckScalarPrefetchArguments(const LaunchSpec& spec) {
  const std::size_t given = spec.scalar_prefetch.size();
  if (spec.num_scalar_prefetch < 0 || static_cast<std::size_t>(spec.num_scalar_prefetch) != given)
    return Fail(ErrorType::ValueError, Phase::Tracing,
                "launch '" + spec.name + "' declares num_scalar_prefetch=" +
                    std::to_string(spec.num_scalar_prefetch) + " but is given " +
                    Plural(given, "scalar-prefetch argument", "scalar-prefetch arguments") +
                    ": the arguments left for the inputs do not match in_specs");
  for (std::size_t p = 0; p < given; ++p)
    if (spec.scalar_prefetch[p].array == nullptr)
      return Fail(ErrorType::ValueError, Phase::Tracing,
                  "scalar-prefetch argument '" + spec.scalar_prefetch[p].name + "' has no array");
  for (const auto& in : spec.inputs)
    if (auto e = CheckArity(in.name, in.spec.index_map, spec)) return e;
  for (const auto& out : spec.outputs)
    if (auto e = CheckArity(out.name, out.spec.index_map, spec)) return e;
  const PrefetchRefs refs = HbmPrefetchRefs(spec);
  for (const auto& in : spec.inputs)
    if (auto e = TraceMap(in.name, in.spec.index_map, spec, refs)) return e;
  for (const auto& out : spec.outputs)
    if (auto e = TraceMap(out.name, out.spec.index_map, spec, refs)) return e;
  return std::nullopt;
}

SmemBudget PlanSmem(const LaunchSpec& spec, const Chip& chip) {
  SmemBudget budget;
  budget.capacity = chip.smem_bytes;
  for (const auto& p : spec.scalar_prefetch) {
    const auto bytes = static_cast<int64_t>(p.array->bytes());
    budget.operands.emplace_back(p.name, bytes);
    budget.total_bytes += bytes;
  }
  return budget;
}

std::optional<KernelError> CheckScalarPrefetchLowering(const LaunchSpec& spec, const Chip& chip) {
  for (const auto& p : spec.scalar_prefetch)
    if (!IsSmemIntType(p.array->dtype()))
      return Fail(ErrorType::NotImplementedError, Phase::Lowering,
                  "scalar-prefetch operand '" + p.name + "' is " + std::string(DTypeName(p.array->dtype())) +
                      "; the TPU model holds int8, int16 and int32 scalar-prefetch operands only");
  const SmemBudget budget = PlanSmem(spec, chip);
  if (budget.fits()) return std::nullopt;
  std::string text = "launch '" + spec.name + "' needs more SMEM than the " + std::string(chip.name) +
                     " has per TensorCore for its scalar-prefetch operands:\n";
  char line[160];
  for (const auto& [name, bytes] : budget.operands) {
    std::snprintf(line, sizeof line, "  %-28s %12lld bytes\n", name.c_str(), static_cast<long long>(bytes));
    text += line;
  }
  std::snprintf(line, sizeof line, "  total %lld bytes against %lld bytes (%.2f MiB) of SMEM per TensorCore",
                static_cast<long long>(budget.total_bytes), static_cast<long long>(budget.capacity),
                budget.capacity / 1048576.0);
  text += line;
  return Fail(ErrorType::OutOfSmem, Phase::Lowering, text + "\nShrink the tables, or split the launch.");
}

}  // namespace tilewalk::tpu
