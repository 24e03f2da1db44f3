// The whole-file tour walks the Pallas file from top to bottom and covers every region of DESIGN.md
// section 1: each region has a stop whose passages explain one of its functions, and the stops' first
// passages come in the file's order.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_regions.hpp"

using namespace tilewalk::walkthrough;

TEST_CASE("the whole-file tour covers every region, in file order") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  const Tour* tour = lib.FindTour("whole-file");
  REQUIRE(tour);
  for (const tilewalk::kernel::PallasRegion& region : tilewalk::flash::KernelEntry().info().python.regions) {
    bool covered = false;
    for (const TourStop& s : tour->stops)
      for (const std::string& id : s.passages)
        if (const Passage* p = lib.FindPassage(id))
          covered = covered || std::find(region.functions.begin(), region.functions.end(),
                                         p->pallas.function) != region.functions.end();
    CHECK_MESSAGE(covered, "no stop of the whole-file tour explains the region '" << region.name << "'");
  }
  int previous = 0;
  for (const TourStop& s : tour->stops) {
    const Passage* first = lib.FindPassage(s.passages.front());
    REQUIRE(first);
    CHECK_MESSAGE(
        first->pallas.hint_first >= previous,
        tour->file << ":" << s.line << ": '" << first->id << "' comes before the stop above it in the file");
    previous = first->pallas.hint_first;
  }
}
