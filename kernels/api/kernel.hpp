// A kernel as the code above the kernels sees it: a name, words for people, and the tables that describe
// it (KernelInfo), behind one abstract class a kernel implements in kernels/<name>/entry/. The registry
// (kernels/registry/) lists every kernel; nothing else names one.
#pragma once

#include <string_view>

#include "kernels/api/scenario.hpp"

namespace tilewalk::kernel {

struct KernelInfo {
  std::string_view name;     // "flash": cache keys, messages
  std::string_view title;    // "Pallas TPU flash attention"
  std::string_view summary;  // one line for a list of kernels
  ScenarioSchema scenario;
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  virtual const KernelInfo& info() const = 0;
};

}  // namespace tilewalk::kernel
