// The part of a frame's draw data that falls in its damage (damage_tiles.hpp): for each damage rectangle,
// the triangles that may touch it, each command cut to the rectangle. The commands keep their order, their
// vertices and their textures, so inside the damage the rasteriser draws the pixels a whole frame would;
// outside it, nothing. The draw lists built here are owned by this object and reused from frame to frame.
#pragma once

#include <imgui.h>

#include <memory>
#include <vector>

#include "app/gui/pixel_rect.hpp"
#include "app/pixel_size.hpp"

namespace tilewalk::app {

class PartialDrawData {
 public:
  // Rebuilt from `data` (DisplayPos (0, 0), FramebufferScale (1, 1), no user callbacks) for `rects`, which
  // must be disjoint: a triangle that touches two of them is drawn once in each, cut to each.
  ImDrawData& Build(const ImDrawData& data, PixelSize framebuffer, const std::vector<PixelRect>& rects);

 private:
  void MapTiles(PixelSize framebuffer, const std::vector<PixelRect>& rects);
  // The triangles of `cmd` that touch the damage, appended to `part` as one command a rectangle they touch.
  void CutCommand(const ImDrawList& list, const ImDrawCmd& cmd, PixelSize framebuffer,
                  const std::vector<PixelRect>& rects, ImDrawList& part);

  std::vector<std::unique_ptr<ImDrawList>>
      m_parts;  // one a source draw list that has triangles in the damage
  std::vector<ImDrawList*> m_pointers;
  ImDrawData m_data{};
  int m_columns = 0;
  std::vector<int> m_rect_of_tile;                // -1: no damage
  std::vector<std::vector<ImDrawIdx>> m_buckets;  // a rectangle's indices, within one command
  std::vector<unsigned> m_stamp;                  // the triangle that last touched a rectangle
  std::vector<int> m_touched;                     // the rectangles the current command touched
  unsigned m_triangle = 0;
};

}  // namespace tilewalk::app
