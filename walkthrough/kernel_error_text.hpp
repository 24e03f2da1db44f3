// A kernel error in words, for the terminal: the original's type and message, the phase that raised it,
// the C++ line of the mirror, and where the Pallas original raises it (the site role table's function
// and its lines at the pinned commit).
#pragma once

#include <string>
#include <string_view>

#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

// The Pallas function a site mirrors ("BlockSizes.__post_init__"), from the site role table; empty for a
// site without a row.
std::string PallasFunctionOf(std::string_view site, const KernelWalk& walk);

// "ValueError: ...\n  phase: argument check\n  at kernels/flash/x.cpp:123 (site fwd_impl.verify_block_q)\n
//  raised in the Pallas original by _flash_attention_impl, line 606 at the pinned commit"
std::string DescribeKernelError(const tpu::KernelError& error, const KernelWalk& walk);

}  // namespace tilewalk::walkthrough
