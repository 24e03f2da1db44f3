// The memory guard, one for every kernel: whether a scenario can be run at all, checked before any
// allocation. First the kernel's own checks that need no memory (Kernel::CheckScenario: sizes below 1,
// an unknown chip), then its estimate for `use` against MaxHostBytes(), refused with what to change.
#pragma once

#include "base/result.hpp"
#include "kernels/api/host_memory.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::kernel {

// Failure: Reason::Usage from the kernel's checks, Reason::TooLarge when the estimate is over the cap.
base::Status CheckRunnable(const Scenario& s, const HostUse& use = {});

}  // namespace tilewalk::kernel
