// The Pallas file of a kernel (KernelInfo::python) a verb works with: the file --pallas-source names (an
// error when it cannot be used, reported exactly as `anchors` reports it), else the one found in the
// kernel's environment variable, the installed jax or the cache. Nothing found is no error for a batch verb
// (it works on the C++ mirror alone); a problem while looking (a python3 that hangs, a bad
// TILEWALK_PALLAS_SOURCE) is a warning. Another registered kernel's pinned file is named as such.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/pallas_index.hpp"
#include "walkthrough/pallas_source.hpp"

namespace tilewalk::app {

// The KernelInfo of every registered kernel: what recognises another kernel's pinned file.
std::vector<const kernel::KernelInfo*> RegisteredKernelInfos();

// The kernel's file, found as FindPallasSource finds it, recognising every registered kernel's pinned file.
base::Result<walkthrough::PallasSource> FindKernelPallasSource(
    const kernel::Kernel& kernel, const std::optional<std::filesystem::path>& flag);

// Null when there is no file to use; `warnings` gets "tilewalk VERB: ..." for a problem while looking.
base::Result<std::shared_ptr<const walkthrough::PallasIndex>> LoadPallasForVerb(
    const std::optional<std::filesystem::path>& flag, std::string_view verb, std::ostream& warnings,
    const kernel::Kernel& kernel = kernel::DefaultKernel());

// For the window and export, which load the file themselves: a file --pallas-source names must be usable,
// and when it is not the verb fails with the error `anchors` gives for it, before anything is drawn.
base::Status CheckPallasFlag(const std::optional<std::filesystem::path>& flag,
                             const kernel::Kernel& kernel = kernel::DefaultKernel());

}  // namespace tilewalk::app
