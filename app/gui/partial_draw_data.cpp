#include "app/gui/partial_draw_data.hpp"

#include <algorithm>
#include <cstring>

#include "app/gui/damage_tiles.hpp"

namespace tilewalk::app {

void PartialDrawData::MapTiles(PixelSize framebuffer, const std::vector<PixelRect>& rects) {
  constexpr int kTile = DamageTiles::kTile;
  m_columns = (framebuffer.width + kTile - 1) / kTile;
  const int rows = (framebuffer.height + kTile - 1) / kTile;
  m_rect_of_tile.assign(static_cast<std::size_t>(m_columns) * rows, -1);
  for (std::size_t r = 0; r < rects.size(); ++r) {
    const PixelRect& rect = rects[r];
    for (int row = rect.y0 / kTile; row <= (rect.y1 - 1) / kTile; ++row)
      for (int column = rect.x0 / kTile; column <= (rect.x1 - 1) / kTile; ++column)
        m_rect_of_tile[static_cast<std::size_t>(row) * m_columns + column] = static_cast<int>(r);
  }
  m_buckets.resize(rects.size());
  m_stamp.assign(rects.size(), 0);
  m_triangle = 0;
}

void PartialDrawData::CutCommand(const ImDrawList& list, const ImDrawCmd& cmd, PixelSize framebuffer,
                                 const std::vector<PixelRect>& rects, ImDrawList& part) {
  constexpr int kTile = DamageTiles::kTile;
  const PixelRect box = BackendScissor(cmd.ClipRect, framebuffer);
  if (box.Empty() || std::none_of(rects.begin(), rects.end(),
                                  [&](const PixelRect& r) { return !Intersect(r, box).Empty(); }))
    return;
  m_touched.clear();
  const ImDrawIdx* idx = list.IdxBuffer.Data + cmd.IdxOffset;
  const ImDrawVert* vtx = list.VtxBuffer.Data + cmd.VtxOffset;
  for (unsigned int i = 0; i + 2 < cmd.ElemCount; i += 3) {
    const PixelRect touched =
        Intersect(TriangleBounds(vtx[idx[i]].pos, vtx[idx[i + 1]].pos, vtx[idx[i + 2]].pos), box);
    if (touched.Empty()) continue;
    ++m_triangle;
    for (int row = touched.y0 / kTile; row <= (touched.y1 - 1) / kTile; ++row)
      for (int column = touched.x0 / kTile; column <= (touched.x1 - 1) / kTile; ++column) {
        const int r = m_rect_of_tile[static_cast<std::size_t>(row) * m_columns + column];
        if (r < 0 || m_stamp[static_cast<std::size_t>(r)] == m_triangle) continue;
        m_stamp[static_cast<std::size_t>(r)] = m_triangle;
        std::vector<ImDrawIdx>& bucket = m_buckets[static_cast<std::size_t>(r)];
        if (bucket.empty()) m_touched.push_back(r);
        bucket.insert(bucket.end(), idx + i, idx + i + 3);
      }
  }
  // The rectangles are disjoint, so the order between them does not matter; within one, the triangles keep
  // theirs.
  for (const int r : m_touched) {
    std::vector<ImDrawIdx>& bucket = m_buckets[static_cast<std::size_t>(r)];
    ImDrawCmd cut = cmd;
    cut.ClipRect = ClipRectOf(Intersect(box, rects[static_cast<std::size_t>(r)]));
    cut.IdxOffset = static_cast<unsigned int>(part.IdxBuffer.Size);
    cut.ElemCount = static_cast<unsigned int>(bucket.size());
    const int at = part.IdxBuffer.Size;
    part.IdxBuffer.resize(at + static_cast<int>(bucket.size()));
    std::memcpy(part.IdxBuffer.Data + at, bucket.data(), bucket.size() * sizeof(ImDrawIdx));
    part.CmdBuffer.push_back(cut);
    bucket.clear();
  }
}

ImDrawData& PartialDrawData::Build(const ImDrawData& data, PixelSize framebuffer,
                                   const std::vector<PixelRect>& rects) {
  MapTiles(framebuffer, rects);
  m_pointers.clear();
  std::size_t used = 0;
  int vertices = 0, indices = 0;
  for (int l = 0; l < data.CmdListsCount; ++l) {
    const ImDrawList& list = *data.CmdLists[l];
    if (used == m_parts.size()) m_parts.push_back(std::make_unique<ImDrawList>(list._Data));
    ImDrawList& part = *m_parts[used];
    part.CmdBuffer.resize(0);
    part.IdxBuffer.resize(0);
    for (const ImDrawCmd& cmd : list.CmdBuffer) CutCommand(list, cmd, framebuffer, rects, part);
    if (part.CmdBuffer.Size == 0) continue;
    part.VtxBuffer.resize(list.VtxBuffer.Size);
    std::memcpy(part.VtxBuffer.Data, list.VtxBuffer.Data,
                static_cast<std::size_t>(list.VtxBuffer.Size) * sizeof(ImDrawVert));
    part._OwnerName = list._OwnerName;
    vertices += part.VtxBuffer.Size;
    indices += part.IdxBuffer.Size;
    m_pointers.push_back(&part);
    ++used;
  }
  m_data = data;
  m_data.CmdLists = m_pointers.data();
  m_data.CmdListsCount = static_cast<int>(m_pointers.size());
  m_data.TotalVtxCount = vertices;
  m_data.TotalIdxCount = indices;
  return m_data;
}

}  // namespace tilewalk::app
