// Splash as a kernel of the interface (kernels/api/kernel.hpp): what the registry lists. Outside the
// mirror's glob (kernels/splash/*.{hpp,cpp}) on purpose: the walkthrough shows the kernel, not its adapter.
#pragma once

#include "kernels/api/kernel.hpp"

namespace tilewalk::splash {

const kernel::Kernel& KernelEntry();

}  // namespace tilewalk::splash
