// di as the backward kernels read it: broadcast outside them to the lanes of their blocks, 128 for dK/dV
// and block_k_major_dq for dQ. One array per width, so when both launches read 128 lanes (the default
// block sizes) they share one array, broadcast once, instead of holding and filling two alike.
#pragma once

#include <map>

#include "kernels/tpu/array.hpp"
#include "kernels/tpu/shape.hpp"

namespace tilewalk::flash {

class DiLanes {
 public:
  explicit DiLanes(tpu::Shape rows) : m_rows(rows) {}  // di's shape, [B, H, Sq]

  // di in `width` lanes, [B, H, Sq, width]: zeros until Refresh. It stays where it is, for a launch's
  // input points at it.
  const tpu::Array& Of(int width);
  // Broadcasts di's values into every width asked for so far.
  void Refresh(const tpu::Array& di);

 private:
  tpu::Shape m_rows;
  std::map<int, tpu::Array> m_by_width;  // a map's elements never move
};

}  // namespace tilewalk::flash
