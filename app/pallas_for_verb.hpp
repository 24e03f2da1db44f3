// The Pallas file a batch verb (trace) works with, resolved once: the file --pallas-source names
// (an error when it cannot be used, reported exactly as `anchors` reports it), else the one found in the
// environment, the installed jax or the cache. Nothing found is no error (the verb works on the C++ mirror
// alone); a problem while looking (a python3 that hangs, a bad TILEWALK_PALLAS_SOURCE) is a warning.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string_view>

#include "base/result.hpp"
#include "walkthrough/pallas_index.hpp"

namespace tilewalk::app {

// Null when there is no file to use; `warnings` gets "tilewalk VERB: ..." for a problem while looking.
base::Result<std::shared_ptr<const walkthrough::PallasIndex>> LoadPallasForVerb(
    const std::optional<std::filesystem::path>& flag, std::string_view verb, std::ostream& warnings);

// For the window and export, which load the file themselves: a file --pallas-source names must be usable,
// and when it is not the verb fails with the error `anchors` gives for it, before anything is drawn.
base::Status CheckPallasFlag(const std::optional<std::filesystem::path>& flag);

}  // namespace tilewalk::app
