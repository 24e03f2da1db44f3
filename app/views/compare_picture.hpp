// The comparison of kernels as a picture (the same scenario run on each, compare_run.hpp): per kernel, each
// launch's grid as a plane of query blocks by key blocks, cell by cell (a step there did arithmetic, the
// grid's steps there did nothing, the grid has no step there), its figures, and the ratios in large type.
// Built once per comparison; the SVG writer and the ImGui view draw it through one layout
// (compare_layout.hpp).
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace tilewalk::views {

enum class CompareCell : uint8_t {
  NotInGrid,  // the sequences have this pair of blocks, the grid no step for it
  Idle,       // the grid's steps here did no arithmetic
  Ran,        // a step here did arithmetic
};

struct ComparePlane {
  std::string caption{};  // "fwd: grid 1x1x32x32, 528 of 1024 steps ran"
  int rows = 0, cols = 0;
  std::vector<CompareCell> cells{};  // rows × cols, row-major
};

struct CompareColumn {
  std::string kernel{};                                        // "flash"
  std::string title{};                                         // "Pallas TPU flash attention"
  std::vector<ComparePlane> planes{};                          // its launches, in run order
  std::vector<std::pair<std::string, std::string>> figures{};  // {"grid steps", "3072"}, ...
  std::string verdict{};                                       // "reference check: pass"
  bool pass = false;
};

struct ComparePicture {
  std::string scenario{};                // the words, "--causal --q-len 4096 ..."
  std::string chip{};                    // "v5e"
  std::vector<std::string> headlines{};  // "splash/flash: estimated time 0.38x, steps run 0.19x"
  std::vector<CompareColumn> kernels{};
};

}  // namespace tilewalk::views
