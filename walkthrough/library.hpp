// A kernel's passages and tours (its KernelInfo::assets: assets/KERNEL/passages and tours), compiled into the
// binary, parsed and cross-checked on load: ids unique, every stop's passages exist, every passage's C++
// anchors resolve in the mirror, exactly one default tour. Problems come back as file:line diagnostics.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/tour.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

struct Library {
  const KernelWalk* walk = nullptr;  // the kernel whose mirror and sites the passages and tours name
  std::vector<Passage> passages;     // in file order
  std::vector<Tour> tours;
  Diagnostics diagnostics;

  const Passage* FindPassage(std::string_view id) const;
  const Tour* FindTour(std::string_view id) const;
  const Tour* DefaultTour() const;
  // The passage that explains the statement with this site name: one that names the site among its C++
  // anchors, else the one whose anchor sits nearest above the site's line in the same mirror file; null
  // when none does (a copy, or a file no passage anchors in).
  const Passage* PassageAtSite(std::string_view site_name) const;
};

// Parses and cross-checks the given files against the walk's kernel. Diagnostics name each file as
// ROOT/passages/NAME or ROOT/tours/NAME, so that files read from a folder are named where they are; an
// empty ROOT is the kernel's own (KernelAssets::root).
Library LoadLibrary(const KernelWalk& walk, std::span<const EmbeddedFile> passages,
                    std::span<const EmbeddedFile> tours, std::string_view root = {});
// The kernel's shipped passages and tours (KernelInfo::assets), parsed afresh.
Library LoadLibrary(const KernelWalk& walk);

}  // namespace tilewalk::walkthrough
