// How the flash layer raises the Python-level errors of the original (ValueError, NotImplementedError)
// during the argument checks, each with its C++ site, and which Pallas function raises what.
#pragma once

#include <source_location>
#include <string>
#include <string_view>

#include "kernels/tpu/kernel_error.hpp"

namespace tilewalk::flash {

[[noreturn]] void RaiseArgumentError(tpu::ErrorType type, const char* site, std::string message,
                                     std::source_location where = std::source_location::current());

// The function of the Pallas file a site belongs to, from its name prefix: "fwd.run.p" →
// "_flash_attention_kernel_single_batch". Empty for a site outside the mirror.
std::string_view PallasFunctionOfSite(std::string_view site_name);

// "ValueError: ... (argument check)\n  at kernels/flash/x.cpp:123 (site fwd_impl.block_q)\n  in Pallas ..."
std::string DescribeError(const tpu::KernelError& error);

}  // namespace tilewalk::flash
