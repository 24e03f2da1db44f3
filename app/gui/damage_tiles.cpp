#include "app/gui/damage_tiles.hpp"

#include <algorithm>
#include <cstring>

namespace tilewalk::app {
namespace {

constexpr std::uint64_t kSeed = 0x9e3779b97f4a7c15ull;

// One step of a 64-bit multiply-xorshift hash (as in splitmix64): every input bit reaches every output bit.
std::uint64_t Mix(std::uint64_t h, std::uint64_t value) {
  h = (h ^ value) * 0xbf58476d1ce4e5b9ull;
  return h ^ (h >> 31);
}

std::uint64_t Bits(const ImVec2& v) {
  std::uint64_t bits = 0;
  static_assert(sizeof v == sizeof bits);
  std::memcpy(&bits, &v, sizeof bits);
  return bits;
}

// The triangle's nine words (a position, texture coordinates and a colour a corner), each times a constant of
// its own, summed and mixed: a word that changes changes the sum (the constants are odd), and the products
// do not wait for one another as a chain of mixes would.
std::uint64_t HashTriangle(std::uint64_t key, const ImDrawVert& a, const ImDrawVert& b, const ImDrawVert& c) {
  const std::uint64_t sum = Bits(a.pos) * 0x9e3779b97f4a7c15ull + Bits(a.uv) * 0xc2b2ae3d27d4eb4full +
                            a.col * 0x165667b19e3779f9ull + Bits(b.pos) * 0xd6e8feb86659fd93ull +
                            Bits(b.uv) * 0xff51afd7ed558ccdull + b.col * 0xc4ceb9fe1a85ec53ull +
                            Bits(c.pos) * 0x94d049bb133111ebull + Bits(c.uv) * 0xbf58476d1ce4e5b9ull +
                            c.col * 0x2545f4914f6cdd1dull;
  return Mix(key, sum);
}

std::uint64_t HashRect(std::uint64_t h, const PixelRect& r) {
  return Mix(Mix(Mix(Mix(h, static_cast<std::uint64_t>(r.x0)), static_cast<std::uint64_t>(r.y0)),
                 static_cast<std::uint64_t>(r.x1)),
             static_cast<std::uint64_t>(r.y1));
}

}  // namespace

void DamageTiles::TextureReplaced(ImTextureID texture) {
  ++m_replaced[texture];
}

void DamageTiles::Hash(const ImDrawData& data, PixelSize framebuffer, bool& understood) {
  std::fill(m_hashes.begin(), m_hashes.end(), kSeed);
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    for (const ImDrawCmd& cmd : list.CmdBuffer) {
      if (cmd.UserCallback != nullptr) {  // it could draw anything, anywhere
        understood = false;
        continue;
      }
      const PixelRect box = BackendScissor(cmd.ClipRect, framebuffer);
      if (box.Empty()) continue;
      const auto replaced = m_replaced.find(cmd.TextureId);
      const std::uint64_t key = Mix(Mix(kSeed, reinterpret_cast<std::uintptr_t>(cmd.TextureId)),
                                    replaced == m_replaced.end() ? 0 : replaced->second);
      const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
      const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
      for (unsigned int i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const ImDrawVert &a = vtx[idx[i]], &b = vtx[idx[i + 1]], &c = vtx[idx[i + 2]];
        const PixelRect touched = Intersect(TriangleBounds(a.pos, b.pos, c.pos), box);
        if (touched.Empty()) continue;
        const std::uint64_t triangle = HashTriangle(key, a, b, c);
        for (int row = touched.y0 / kTile; row <= (touched.y1 - 1) / kTile; ++row) {
          std::uint64_t* tile = m_hashes.data() + static_cast<std::size_t>(row) * m_columns;
          for (int column = touched.x0 / kTile; column <= (touched.x1 - 1) / kTile; ++column) {
            // The scissor matters in a tile only where its edge crosses the tile.
            const PixelRect whole{
                .x0 = column * kTile, .y0 = row * kTile, .x1 = (column + 1) * kTile, .y1 = (row + 1) * kTile};
            const PixelRect cut = Intersect(whole, box);
            tile[column] = Mix(tile[column], cut == whole ? triangle : HashRect(triangle, cut));
          }
        }
      }
    }
  }
}

// Runs of damaged tiles along each row; a run that spans the same columns as a rectangle ending on the row
// above extends it downwards.
std::vector<PixelRect> DamageTiles::DamagedRects(PixelSize framebuffer) const {
  std::vector<PixelRect> rects;  // in tiles until the end
  std::size_t open_from = 0;     // the rectangles from here on end on the row above
  for (int row = 0; row < m_rows; ++row) {
    const auto damaged = [&](int column) {
      const std::size_t i = static_cast<std::size_t>(row) * m_columns + column;
      return m_hashes[i] != m_previous[i];
    };
    const std::size_t row_from = rects.size();
    for (int column = 0; column < m_columns; ++column) {
      if (!damaged(column)) continue;
      int end = column + 1;
      while (end < m_columns && damaged(end)) ++end;
      const auto open_end = rects.begin() + static_cast<std::ptrdiff_t>(row_from);
      const auto above = std::find_if(rects.begin() + static_cast<std::ptrdiff_t>(open_from), open_end,
                                      [&](const PixelRect& r) { return r.x0 == column && r.x1 == end; });
      if (above != open_end) {
        above->y1 = row + 1;
      } else {
        rects.push_back({.x0 = column, .y0 = row, .x1 = end, .y1 = row + 1});
      }
      column = end;
    }
    // The rectangles that reach this row go to the back: only they can grow into the next.
    open_from = static_cast<std::size_t>(
        std::stable_partition(rects.begin() + static_cast<std::ptrdiff_t>(open_from), rects.end(),
                              [&](const PixelRect& r) { return r.y1 <= row; }) -
        rects.begin());
  }
  const PixelRect screen{.x0 = 0, .y0 = 0, .x1 = framebuffer.width, .y1 = framebuffer.height};
  for (PixelRect& r : rects)
    r = Intersect({.x0 = r.x0 * kTile, .y0 = r.y0 * kTile, .x1 = r.x1 * kTile, .y1 = r.y1 * kTile}, screen);
  return rects;
}

Damage DamageTiles::Update(const ImDrawData& data, PixelSize framebuffer, ImU32 ground) {
  Damage damage;
  const bool resized = framebuffer.width != m_size.width || framebuffer.height != m_size.height;
  if (resized) {
    m_size = framebuffer;
    m_columns = (framebuffer.width + kTile - 1) / kTile;
    m_rows = (framebuffer.height + kTile - 1) / kTile;
    m_hashes.assign(static_cast<std::size_t>(m_columns) * m_rows, 0);
    m_previous.assign(m_hashes.size(), 0);
  }
  bool understood = data.DisplayPos.x == 0 && data.DisplayPos.y == 0 && data.FramebufferScale.x == 1 &&
                    data.FramebufferScale.y == 1;
  Hash(data, framebuffer, understood);
  damage.whole = !understood || !m_have_previous || resized || ground != m_ground;
  if (damage.whole) {
    damage.rects = {{.x0 = 0, .y0 = 0, .x1 = framebuffer.width, .y1 = framebuffer.height}};
  } else {
    damage.rects = DamagedRects(framebuffer);
  }
  for (const PixelRect& r : damage.rects) damage.pixels += r.Area();
  std::swap(m_hashes, m_previous);
  m_ground = ground;
  m_have_previous = understood;
  return damage;
}

}  // namespace tilewalk::app
