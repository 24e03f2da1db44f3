// Which pixels a frame changes, found from ImGui's draw data alone. The framebuffer is cut into square
// tiles, and each tile gets a hash of every triangle that may touch it, in drawing order: its three vertices
// (position, texture coordinates, colour), its command's texture and how many times that texture's pixels
// were replaced under the same id, and the part of the tile its command's scissor box leaves it. Over the
// same ground colour, a tile drawn with the same triangles in the same order gets the same pixels, so a tile
// whose hash equals the previous frame's needs no drawing; the damage is every other tile, as disjoint
// rectangles. A window moved, a popup opened, a pane whose picture changed: each is damage like any other,
// with nothing to track but the draw data.
#pragma once

#include <imgui.h>

#include <cstdint>
#include <unordered_map>
#include <vector>

#include "app/gui/pixel_rect.hpp"
#include "app/pixel_size.hpp"

namespace tilewalk::app {

struct Damage {
  std::vector<PixelRect> rects{};  // disjoint, inside the framebuffer, in rows from the top
  long long pixels = 0;            // their area
  bool whole = false;  // everything: no previous frame to compare with, or draw data this cannot reason about
};

class DamageTiles {
 public:
  static constexpr int kTile = 32;  // pixels a side: a glyph touches one to four

  // A texture's pixels were replaced under the same id: each triangle that samples it counts as changed.
  void TextureReplaced(ImTextureID texture);
  // This frame's hashes, and its damage against the frame before: `whole` for the first frame, after
  // Forget(), when the framebuffer or the ground colour changed, and for draw data with a user callback, a
  // display offset or a framebuffer scale other than 1.
  Damage Update(const ImDrawData& data, PixelSize framebuffer, ImU32 ground);
  // The back buffer no longer holds the frame last hashed: the next Update is whole.
  void Forget() { m_have_previous = false; }

 private:
  void Hash(const ImDrawData& data, PixelSize framebuffer, bool& understood);
  std::vector<PixelRect> DamagedRects(PixelSize framebuffer) const;

  int m_columns = 0, m_rows = 0;
  PixelSize m_size{};
  ImU32 m_ground = 0;
  bool m_have_previous = false;
  std::vector<std::uint64_t> m_hashes, m_previous;            // a tile's, row by row
  std::unordered_map<ImTextureID, std::uint64_t> m_replaced;  // times a texture's pixels were replaced
};

}  // namespace tilewalk::app
