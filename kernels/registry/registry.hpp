// Every kernel the build registers (the line `set(TILEWALK_KERNELS …)` in kernels/CMakeLists.txt), for the
// app to choose from. The walkthrough never asks: it gets a kernel from its caller.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "kernels/api/kernel.hpp"

namespace tilewalk::kernel {

std::span<const Kernel* const> Kernels();         // registration order; the first is the default
const Kernel* FindKernel(std::string_view name);  // by KernelInfo::name, or null
const Kernel& DefaultKernel();
std::string KernelNames();  // "flash, splash": for messages and --help

}  // namespace tilewalk::kernel
