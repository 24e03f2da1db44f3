// The Pallas file splash mirrors, splash_attention_kernel.py: where tilewalk finds a copy of it, its parts
// (for the anchors verb's region table) and the scenarios whose recordings show which of its lines run.
#pragma once

#include "kernels/api/kernel.hpp"

namespace tilewalk::splash {

kernel::PythonFile SplashPythonFile();

}  // namespace tilewalk::splash
