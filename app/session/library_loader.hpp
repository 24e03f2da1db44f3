// Where the passages and tours come from: the ones compiled into the binary (every kernel's), or, with
// `gui --library DIR`, the files in DIR/passages/*.md and DIR/tours/*.tour, read from disk so that authors
// see their edits without a rebuild and tests can bring a tour of their own. A tour runs on the kernel its
// header names (`kernel: NAME`, default the default kernel); the folder's passages are read for each kernel
// that has a tour there. Either way LoadLibrary validates them, one library per kernel. Files
// on disk are read with the bounded reader: regular files only, each at most base::kLibraryFileCap (4 MiB)
// and the whole library at most base::kLibraryTotalCap (64 MiB); a file that cannot be read (a link loop, a
// FIFO, a 20 GB file) is one more of the library's diagnostics, never an exception or a hang.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/kernel.hpp"
#include "walkthrough/library.hpp"

namespace tilewalk::session {

struct LoadedLibrary {
  walkthrough::Library library;                       // the default kernel's
  std::vector<walkthrough::Library> other_kernels{};  // the others' that have tours, in registration order
  std::string origin;                                 // "built in" or the folder

  std::vector<const walkthrough::Library*> All() const;                // the default kernel's first
  const walkthrough::Library* Of(const kernel::Kernel& kernel) const;  // null: no tour of that kernel
  // The tour called `id` in the kernel's library, or with no kernel in any (the default kernel's first).
  const walkthrough::Tour* FindTour(std::string_view id, const kernel::Kernel* kernel = nullptr) const;
  // The kernel's default tour; with no kernel, the default kernel's.
  const walkthrough::Tour* DefaultTour(const kernel::Kernel* kernel = nullptr) const;
};

// The kernel a tour's text names in its header ("kernel: splash"), before its first stop; empty: none.
std::string_view TourKernelName(std::string_view text);

// The library, or why a folder of it cannot be read (NotFound, Unreadable): its files' own problems are
// the library's diagnostics instead.
base::Result<LoadedLibrary> LoadTourLibrary(const std::optional<std::filesystem::path>& folder);

}  // namespace tilewalk::session
