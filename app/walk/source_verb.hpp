// The `source` verb: which Pallas file of a kernel (--kernel NAME, else the default; KernelInfo::python)
// tilewalk uses and why (the flag, the kernel's environment variable, the installed
// jax, or the cache), `source fetch`, which downloads the pinned file from the
// public jax repository with curl, checks its SHA-256 and keeps it in the cache (never fetching unless
// asked), and `source fingerprint FILE`, which writes the line fingerprint tilewalk ships for a file.
#pragma once

#include <string>
#include <string_view>

#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kSourceSynopsis =
    "[--kernel NAME] [--pallas-source PATH] | fetch [--url URL] [--sha256 HEX] | fingerprint FILE";

std::string SourceHelp();
VerbResult RunSourceVerb(const VerbCall& call);

}  // namespace tilewalk::app
