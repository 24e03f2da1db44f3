#include "kernels/registry/registry.hpp"

#include <algorithm>

#include "kernels/registry/kernel_entries.inc"

namespace tilewalk::kernel {

std::span<const Kernel* const> Kernels() {
#define TILEWALK_KERNEL(name) &::tilewalk::name::KernelEntry(),
  static const Kernel* const kernels[] = {
#include "kernels/registry/kernel_list.inc"
  };
#undef TILEWALK_KERNEL
  return kernels;
}

const Kernel* FindKernel(std::string_view name) {
  const auto kernels = Kernels();
  const auto it =
      std::find_if(kernels.begin(), kernels.end(), [&](const Kernel* k) { return k->info().name == name; });
  return it == kernels.end() ? nullptr : *it;
}

const Kernel& DefaultKernel() {
  return *Kernels().front();
}

std::string KernelNames() {
  std::string names;
  for (const Kernel* k : Kernels()) names += (names.empty() ? "" : ", ") + std::string(k->info().name);
  return names;
}

}  // namespace tilewalk::kernel
