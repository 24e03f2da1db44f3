// The shipped passages and tours (assets/passages, assets/tours), compiled into the binary, parsed and
// cross-checked on load: ids unique, every stop's passages exist, every passage's C++ anchors resolve in
// the mirror, exactly one default tour. Problems come back as file:line diagnostics.
#pragma once

#include <span>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/tour.hpp"

// The shipped kernel's passages and tours (ShippedWalk()'s KernelInfo::assets): thin wrappers while callers
// move to a KernelWalk.
std::span<const tilewalk::EmbeddedFile> PassageFiles();
std::span<const tilewalk::EmbeddedFile> TourFiles();

namespace tilewalk::walkthrough {

struct Library {
  std::vector<Passage> passages;  // in file order
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

// Parses and cross-checks the given files (the shipped ones by default). Diagnostics name each file as
// ROOT/passages/NAME or ROOT/tours/NAME, so that files read from a folder are named where they are.
Library LoadLibrary(std::span<const EmbeddedFile> passages = PassageFiles(),
                    std::span<const EmbeddedFile> tours = TourFiles(), std::string_view root = "assets");

}  // namespace tilewalk::walkthrough
