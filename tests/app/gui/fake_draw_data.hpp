// Draw data built by hand for the partial redraw's tests: quads of one colour, each its own command with its
// own clip rectangle and texture, in draw lists this object owns, as ImGui hands a renderer after Render().
#pragma once

#include <imgui.h>

#include <memory>
#include <vector>

#include "app/pixel_size.hpp"

namespace tilewalk::app::fake_draw {

struct Quad {
  float x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  ImU32 colour = IM_COL32_WHITE;
  ImTextureID texture = nullptr;
  ImVec4 clip{0.0f, 0.0f, 10000.0f, 10000.0f};
};

class Frame {
 public:
  // One draw list for each vector of quads, drawn in this order.
  Frame(PixelSize framebuffer, const std::vector<std::vector<Quad>>& lists) {
    for (const std::vector<Quad>& quads : lists) {
      m_lists.push_back(std::make_unique<ImDrawList>(nullptr));
      ImDrawList& list = *m_lists.back();
      for (const Quad& q : quads) {
        ImDrawCmd cmd;
        cmd.ClipRect = q.clip;
        cmd.TextureId = q.texture;
        cmd.VtxOffset = 0;
        cmd.IdxOffset = static_cast<unsigned int>(list.IdxBuffer.Size);
        cmd.ElemCount = 6;
        const auto first = static_cast<ImDrawIdx>(list.VtxBuffer.Size);
        for (const ImVec2 corner :
             {ImVec2(q.x0, q.y0), ImVec2(q.x1, q.y0), ImVec2(q.x1, q.y1), ImVec2(q.x0, q.y1)})
          list.VtxBuffer.push_back({corner, ImVec2(0.0f, 0.0f), q.colour});
        for (const int i : {0, 1, 2, 0, 2, 3}) list.IdxBuffer.push_back(static_cast<ImDrawIdx>(first + i));
        list.CmdBuffer.push_back(cmd);
      }
      m_pointers.push_back(&list);
    }
    m_data.Valid = true;
    m_data.CmdLists = m_pointers.data();
    m_data.CmdListsCount = static_cast<int>(m_pointers.size());
    m_data.DisplayPos = ImVec2(0.0f, 0.0f);
    m_data.DisplaySize =
        ImVec2(static_cast<float>(framebuffer.width), static_cast<float>(framebuffer.height));
    m_data.FramebufferScale = ImVec2(1.0f, 1.0f);
  }
  ImDrawData& data() { return m_data; }

 private:
  std::vector<std::unique_ptr<ImDrawList>> m_lists;
  std::vector<ImDrawList*> m_pointers;
  ImDrawData m_data;
};

}  // namespace tilewalk::app::fake_draw
