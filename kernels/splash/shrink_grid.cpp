#include "kernels/splash/shrink_grid.hpp"

#include <algorithm>
#include <string>
#include <vector>

#include "kernels/splash/splash_error.hpp"

namespace tilewalk::splash {

namespace {

using tpu::ErrorType;

BlockTable Rows(const BlockTable& t, int64_t first, int64_t count) {
  BlockTable out = BlockTable::Zeros(t.heads, count, t.cols);
  for (int64_t h = 0; h < t.heads; ++h)
    for (int64_t r = 0; r < count; ++r)
      for (int64_t c = 0; c < t.cols; ++c) out.at(h, r, c) = t.at(h, first + r, c);
  return out;
}

SmemTables Apply(const SmemTables& t,
                 BlockTable (*select)(const BlockTable&, const std::vector<std::vector<int64_t>>&),
                 const std::vector<std::vector<int64_t>>& kept) {
  SmemTables out{select(t.block_mask, kept), select(t.data_next, kept), std::nullopt};
  if (t.mask_next) out.mask_next = select(*t.mask_next, kept);
  return out;
}

std::size_t Longest(const std::vector<std::vector<int64_t>>& groups) {
  // Python's max() over no rows (or columns) at all.
  if (groups.empty())
    RaiseSplashError(ErrorType::ValueError, "splash.mask_info.shrink_empty",
                     "max() arg is an empty sequence");
  std::size_t longest = 0;
  for (const auto& g : groups) longest = std::max(longest, g.size());
  return longest;
}

// Forward and dq: each row keeps the columns that are not empty in head 0, left-aligned; the rest is 0.
BlockTable SelectCols(const BlockTable& t, const std::vector<std::vector<int64_t>>& kept) {
  const std::size_t width = Longest(kept);
  BlockTable out = BlockTable::Zeros(t.heads, t.rows, static_cast<int64_t>(width));
  for (int64_t h = 0; h < t.heads; ++h)
    for (int64_t r = 0; r < t.rows; ++r)
      for (std::size_t k = 0; k < kept[r].size(); ++k)
        out.at(h, r, static_cast<int64_t>(k)) = t.at(h, r, kept[r][k]);
  return out;
}

// dkv: each column keeps the rows that are not empty in head 0, aligned to the bottom; the top is 0.
BlockTable SelectRows(const BlockTable& t, const std::vector<std::vector<int64_t>>& kept) {
  const std::size_t height = Longest(kept);
  BlockTable out = BlockTable::Zeros(t.heads, static_cast<int64_t>(height), t.cols);
  for (int64_t h = 0; h < t.heads; ++h)
    for (int64_t c = 0; c < t.cols; ++c) {
      const std::size_t pad = height - kept[c].size();
      for (std::size_t k = 0; k < kept[c].size(); ++k)
        out.at(h, static_cast<int64_t>(pad + k), c) = t.at(h, kept[c][k], c);
    }
  return out;
}

SmemTables Shrink(const SmemTables& t, bool is_dkv) {
  const BlockTable& bm = t.block_mask;
  std::vector<std::vector<int64_t>> kept;
  if (is_dkv) {
    for (int64_t c = 0; c < bm.cols; ++c) {
      kept.emplace_back();
      for (int64_t r = 0; r < bm.rows; ++r)
        if (bm.at(0, r, c) != 0) kept.back().push_back(r);
    }
    return Apply(t, SelectRows, kept);
  }
  for (int64_t r = 0; r < bm.rows; ++r) {
    kept.emplace_back();
    for (int64_t c = 0; c < bm.cols; ++c)
      if (bm.at(0, r, c) != 0) kept.back().push_back(c);
  }
  return Apply(t, SelectCols, kept);
}

// Grows the shrunk axis (rows for dkv, columns otherwise) to `size`: with 0, or with the last value there.
BlockTable Pad(const BlockTable& t, int64_t size, bool is_dkv, bool edge) {
  BlockTable out =
      is_dkv ? BlockTable::Zeros(t.heads, size, t.cols) : BlockTable::Zeros(t.heads, t.rows, size);
  for (int64_t h = 0; h < out.heads; ++h)
    for (int64_t r = 0; r < out.rows; ++r)
      for (int64_t c = 0; c < out.cols; ++c) {
        const bool inside = is_dkv ? r < t.rows : c < t.cols;
        if (inside)
          out.at(h, r, c) = t.at(h, r, c);
        else if (edge)
          out.at(h, r, c) = is_dkv ? t.at(h, t.rows - 1, c) : t.at(h, r, t.cols - 1);
      }
  return out;
}

BlockTable StackRows(const std::vector<BlockTable>& parts) {
  int64_t rows = 0;
  for (const BlockTable& p : parts) rows += p.rows;
  BlockTable out = BlockTable::Zeros(parts[0].heads, rows, parts[0].cols);
  int64_t at = 0;
  for (const BlockTable& p : parts) {
    for (int64_t h = 0; h < p.heads; ++h)
      for (int64_t r = 0; r < p.rows; ++r)
        for (int64_t c = 0; c < p.cols; ++c) out.at(h, at + r, c) = p.at(h, r, c);
    at += p.rows;
  }
  return out;
}

}  // namespace

SmemTables ShrinkGrid(const SmemTables& tables, int64_t q_seq_shards, bool is_dkv) {
  const int64_t rows_per_shard = tables.block_mask.rows / q_seq_shards;
  std::vector<SmemTables> shards;
  for (int64_t s = 0; s < q_seq_shards; ++s) {
    const int64_t first = s * rows_per_shard;
    SmemTables slice{Rows(tables.block_mask, first, rows_per_shard),
                     Rows(tables.data_next, first, rows_per_shard), std::nullopt};
    if (tables.mask_next) slice.mask_next = Rows(*tables.mask_next, first, rows_per_shard);
    shards.push_back(Shrink(slice, is_dkv));
    if (shards.back().block_mask.size() == 0)
      RaiseSplashError(ErrorType::AssertionError, "splash.mask_info.shrink_to_nothing",
                       "q shard " + std::to_string(s) +
                           " has no block to compute, so its shrunk grid "
                           "would have no step");
  }
  if (q_seq_shards == 1) return shards[0];

  int64_t widest = 0;
  for (const SmemTables& s : shards)
    widest = std::max(widest, is_dkv ? s.block_mask.rows : s.block_mask.cols);
  std::vector<BlockTable> block_mask, data_next, mask_next;
  for (const SmemTables& s : shards) {
    block_mask.push_back(Pad(s.block_mask, widest, is_dkv, /*edge=*/false));
    data_next.push_back(Pad(s.data_next, widest, is_dkv, /*edge=*/true));
    if (s.mask_next) mask_next.push_back(Pad(*s.mask_next, widest, is_dkv, /*edge=*/true));
  }
  // The original concatenates the padded mask_next shards even when there are none.
  if (mask_next.empty())
    RaiseSplashError(ErrorType::ValueError, "splash.mask_info.no_mask_next_to_concatenate",
                     "need at least one array to concatenate");
  return {StackRows(block_mask), StackRows(data_next), StackRows(mask_next)};
}

}  // namespace tilewalk::splash
