// The Pallas file flash mirrors, as the walkthrough finds and measures it (KernelInfo::python): its name,
// module and variable, its regions (DESIGN.md section 1), and the bodies and scenarios of the anchors
// verb's coverage.
#pragma once

#include "kernels/api/kernel.hpp"

namespace tilewalk::flash {

kernel::PythonFile FlashPythonFile();

}  // namespace tilewalk::flash
