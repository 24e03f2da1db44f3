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

// Who stops a scenario and what to do: the original's checks and traces reject it; Mosaic refuses a
// launch that breaks the block-shape rule or overflows VMEM; an index map that leaves its array or an
// output revisited is a fault the real kernel would not report (it would read or write the wrong data),
// which the TPU model stops at.
std::string ErrorAdvice(const tpu::KernelError& error, const std::string& launch);

// "ValueError: ... (argument check)\n  at kernels/flash/x.cpp:123 (site fwd_impl.block_q)\n  in Pallas ..."
std::string DescribeError(const tpu::KernelError& error);

}  // namespace tilewalk::flash
