// The gallery's canned pictures follow the kernel's rules: steps run in grid order with the innermost axis
// fastest, and a causal launch skips the arithmetic above the diagonal but still visits the step.
#include "app/views/canned_grids.hpp"

#include <doctest/doctest.h>

#include <algorithm>

namespace tilewalk::views {
namespace {

CellState At(const GridPicture& p, int slice, int row, int col) {
  return p.slices[static_cast<std::size_t>(slice)].cells[static_cast<std::size_t>(row * p.cols + col)];
}

}  // namespace

TEST_CASE("grid steps: the innermost axis varies fastest") {
  CHECK(StepInSlice(3, 5, false, 1, 2) == 7);  // kv innermost: row-major
  CHECK(StepInSlice(3, 5, true, 1, 2) == 7);   // q innermost: column 2 starts at 6, row 1 is next
  CHECK(StepInSlice(3, 5, true, 2, 0) == 2);
  CHECK(StepInSlice(3, 5, false, 2, 0) == 10);
  const GridPicture two = MakeGridPicture({.rows = 3, .cols = 5, .slices = {{0, 0}, {1, 0}}});
  CHECK(StepInLaunch(two, 1, 0, 0) == 15);  // batch and head are outer axes: slice 1 starts after slice 0
}

TEST_CASE("canned grids: a causal forward grid mid-launch") {
  const GridPicture p = MakeGridPicture({.causal = true, .current_step = 9});
  REQUIRE(p.slices.size() == 1);
  REQUIRE(p.slices[0].cells.size() == 16);
  CHECK(At(p, 0, 0, 0) == CellState::Ran);
  CHECK(At(p, 0, 0, 3) == CellState::Skipped);  // above the diagonal, already visited
  CHECK(At(p, 0, 1, 1) == CellState::Ran);      // on the diagonal runs
  CHECK(At(p, 0, 2, 0) == CellState::Ran);
  CHECK(At(p, 0, 2, 1) == CellState::Ran);  // step 9, the cursor's: it keeps its state
  CHECK(p.current == GridCell{0, 2, 1});
  CHECK(At(p, 0, 2, 3) == CellState::Pending);  // above the diagonal but not reached yet
}

TEST_CASE("canned grids: a causal dK/dV grid fills column by column") {
  const GridPicture p = MakeGridPicture({.walks_down_columns = true, .causal = true, .current_step = 6});
  CHECK(p.walks_down_columns);
  for (int r = 0; r < 4; ++r) CHECK(At(p, 0, r, 0) == CellState::Ran);  // column 0 is done
  CHECK(At(p, 0, 0, 1) == CellState::Skipped);
  CHECK(At(p, 0, 1, 1) == CellState::Ran);
  CHECK(At(p, 0, 2, 1) == CellState::Ran);
  CHECK(p.current == GridCell{0, 2, 1});
  CHECK(At(p, 0, 3, 1) == CellState::Pending);
  CHECK(At(p, 0, 0, 2) == CellState::Pending);  // row-major order would have reached it by now
}

TEST_CASE("canned grids: the gallery fixtures include both loop orders and a batch") {
  const std::vector<CannedGridSpec> specs = CannedGridSpecs();
  CHECK(std::any_of(specs.begin(), specs.end(), [](const auto& s) { return s.walks_down_columns; }));
  CHECK(std::any_of(specs.begin(), specs.end(), [](const auto& s) { return !s.walks_down_columns; }));
  CHECK(std::any_of(specs.begin(), specs.end(), [](const auto& s) { return s.slices.size() > 1; }));
  CHECK(std::any_of(specs.begin(), specs.end(), [](const auto& s) { return s.core1_first_step > 0; }));
  for (const CannedGridSpec& spec : specs) {
    const GridPicture p = MakeGridPicture(spec);
    for (const GridSlice& slice : p.slices)
      CHECK(slice.cells.size() == static_cast<std::size_t>(p.rows * p.cols));
  }
}

}  // namespace tilewalk::views
