// What the walkthrough knows of one kernel, parsed once from its KernelInfo::assets: the site table (its
// launches from KernelInfo::launches), the mirror of its C++, the fingerprint of the Pallas file it
// mirrors, and its shipped passages and tours. WalkOf(kernel) builds it on first use and keeps it for the
// process.
#pragma once

#include "kernels/api/kernel.hpp"
#include "walkthrough/diagnostic.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk {
  const kernel::Kernel* kernel = nullptr;
  SiteTable sites;
  MirrorIndex mirror;
  PinnedFile pinned;
  Library library;       // the shipped passages and tours (their problems in library.diagnostics)
  Diagnostics problems;  // of the site table and the fingerprint; the tests require none for shipped kernels
};

// Built once per kernel, then the same object (thread-safe).
const KernelWalk& WalkOf(const kernel::Kernel& kernel);

}  // namespace tilewalk::walkthrough
