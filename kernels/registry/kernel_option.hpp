// The --kernel NAME option of every verb that picks a kernel: the one spec, so its help and its message are
// the same everywhere. An unknown name is refused with the names there are.
#pragma once

#include "base/option_parser.hpp"
#include "kernels/api/kernel.hpp"

namespace tilewalk::kernel {

// Sets `*chosen` to the kernel named; `*chosen` keeps its value (the caller's default) when the option is
// not given. Keep `chosen` alive while the spec is in use.
base::OptionSpec KernelOptionSpec(const Kernel** chosen);

}  // namespace tilewalk::kernel
