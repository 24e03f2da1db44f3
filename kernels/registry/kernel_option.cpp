#include "kernels/registry/kernel_option.hpp"

#include <string>

#include "kernels/registry/registry.hpp"

namespace tilewalk::kernel {

base::OptionSpec KernelOptionSpec(const Kernel** chosen) {
  return {.name = "--kernel",
          .value_name = "NAME",
          .needs = "a kernel's name",
          .help = "the kernel: " + KernelNames() + " (default " + std::string(DefaultKernel().info().name) +
                  "; `tilewalk kernels` lists them)",
          .set = [chosen](std::string_view value) -> base::Status {
            if (const Kernel* found = FindKernel(value)) {
              *chosen = found;
              return {};
            }
            return base::Fail(base::Reason::Usage,
                              "expected one of " + KernelNames() + " (`tilewalk kernels` lists them)");
          }};
}

}  // namespace tilewalk::kernel
