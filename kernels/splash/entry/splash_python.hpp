// The Pallas file splash mirrors, as the walkthrough finds and measures it (KernelInfo::python): its name,
// module and variable, its regions, and the bodies and scenarios of the anchors verb's coverage.
#pragma once

#include "kernels/api/kernel.hpp"

namespace tilewalk::splash {

kernel::PythonFile SplashPythonFile();

}  // namespace tilewalk::splash
