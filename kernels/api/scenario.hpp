// A kernel's scenario as a value the code above the kernels can hold without knowing its type: immutable,
// copied by sharing, read through the kernel's field table (ScenarioSchema). The kernel gets its typed
// struct back with As<T>(); generic code writes a scenario only by parsing words (scenario_words.hpp).
#pragma once

#include <cassert>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <typeinfo>
#include <vector>

#include "base/embedded_file.hpp"
#include "kernels/api/scenario_field.hpp"

namespace tilewalk::kernel {

class Kernel;

// How a kernel's concrete scenario type is made and copied: all the erasure needs.
struct ScenarioOps {
  const std::type_info* type = nullptr;  // typeid(the kernel's scenario struct)
  std::shared_ptr<void> (*make_default)() = nullptr;
  std::shared_ptr<void> (*clone)(const void* scenario) = nullptr;
};

struct ScenarioSchema {
  std::span<const ScenarioField> fields;          // in the order of --help, the pane and ToFlags
  std::span<const std::string_view> group_names;  // ScenarioField::group indexes it: "shapes", ...
  std::span<const EmbeddedFile> presets;          // "NAME.flags": --scenario NAME
  ScenarioOps ops;
  const ScenarioField* Find(std::string_view key) const;  // by key, or null
  std::string_view GroupName(const ScenarioField& field) const;
};

// One kernel's scenario. Copies share the value; nothing mutates it once made.
class Scenario {
 public:
  explicit Scenario(const Kernel& kernel);  // the kernel's defaults
  // The kernel's typed scenario, wrapped (kernel code, and tests that build a scenario member by member).
  template <typename T>
  static Scenario Of(const Kernel& kernel, T typed) {
    return Scenario(kernel, std::make_shared<const T>(std::move(typed)));
  }
  Scenario(const Kernel& kernel, std::shared_ptr<const void> value);  // a value of the kernel's type

  const Kernel& kernel() const { return *m_kernel; }
  const ScenarioSchema& schema() const;
  template <typename T>
  const T& As() const {
    assert(*schema().ops.type == typeid(T) && "Scenario::As: this scenario belongs to another kernel");
    return *static_cast<const T*>(m_value.get());
  }
  const void* get() const { return m_value.get(); }  // for a field's get
  std::string Get(const ScenarioField& field) const { return field.get(m_value.get()); }

  // Every field as flags (a bare flag for a switch that is on; nothing for an unset optional block), in the
  // table's order: what configs and manifests store, and what reads back as the same scenario.
  std::vector<std::string> ToFlags() const;
  // The flags joined by spaces: equal scenarios give equal text, whatever order their flags came in.
  std::string Canonical() const;

 private:
  const Kernel* m_kernel;
  std::shared_ptr<const void> m_value;
};

// What a field's value must be, as the failures say it: "expected one of float32, bfloat16".
std::string FieldExpectation(const ScenarioSchema& schema, const ScenarioField& field);

// Flags as a learner reads them, by the table's keys: {"--block-k-major", "128", "--causal"} →
// "block_k_major = 128, causal". A word that names no field (a scenario's name) stays as written.
std::string FlagsInWords(const ScenarioSchema& schema, std::span<const std::string> words);

}  // namespace tilewalk::kernel
