// Canned grid pictures for the gallery and the tests: small launches in the middle of a run, built from a
// few numbers (shape, loop order, causal or not, the step the cursor is on) the way the app will build them
// from a real timeline, so that the gallery shows what the real thing looks like before the core exists.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "app/views/grid_picture.hpp"

namespace tilewalk::views {

struct CannedGridSpec {
  std::string title{};
  int rows = 4, cols = 4;                           // q blocks, kv blocks (block_q equal to block_k_major)
  bool walks_down_columns = false;                  // dK/dV: q innermost
  bool causal = false;                              // steps above the diagonal skip their arithmetic
  std::vector<std::pair<int, int>> slices{{0, 0}};  // (batch, head) of each slice, in grid order
  int current_step = 0;       // grid step of the cursor within the launch; earlier steps are done
  int core1_first_step = -1;  // a megacore chip's split (v4, v5p): TensorCore 1's first step; -1: one core
};

// Every cell up to current_step is Ran, or Skipped when causal and above the diagonal; the cell at
// current_step is the picture's current one; the rest are Pending.
GridPicture MakeGridPicture(const CannedGridSpec& spec);

// The gallery's fixtures: a causal forward grid mid-launch, the same for dK/dV (walking down columns), a
// batch of two slices, a grid too large to draw cell for cell (a summary in bands, the cursor's band
// magnified), and a causal forward grid split between two TensorCores.
std::vector<CannedGridSpec> CannedGridSpecs();

}  // namespace tilewalk::views
