// A kernel's launches as the code above the kernels reads them: each launch's name (its sites' prefix,
// the {L.*} of placeholders) and how its grid index reads as query and key blocks. KernelInfo::launches
// lists them; a recording's LaunchTrack points at its row, looked up once when it records.
#pragma once

#include <cstdint>
#include <string_view>

namespace tilewalk::kernel {

// How a grid index reads as blocks of queries (rows) and of keys (cols): which grid axis walks each, and
// which scenario fields (keys of the kernel's field table) give their block size and sequence length.
struct StepAxes {
  int8_t rows = 2, cols = 3;                          // grid axes of the query and key blocks
  std::string_view row_block_field, col_block_field;  // "block_q", "block_k_major"; "" text: unset (0)
  std::string_view row_length_field = "q_len", col_length_field = "kv_len";
  // What the grid picture calls its rows and columns. An axis a kernel shrinks to the useful blocks of the
  // longest row counts steps, not block positions: its index is the n-th useful block of the row.
  std::string_view row_label = "q block", col_label = "kv block";
  // On such a shrunk axis, the input whose block says which block of the sequence a step holds ("q", "k"):
  // its index map reads the kernel's table of the useful blocks. "": the grid index is the block.
  std::string_view row_operand{}, col_operand{};
};

struct LaunchInfo {
  std::string_view name;  // the launch's name, as its LaunchSpec and its sites say it
  StepAxes axes;
};

}  // namespace tilewalk::kernel
