// Draws ImGui's frame into the window's back buffer: the whole frame, or only what changed. A frame is
// drawn partially when the back buffer is proven to keep the last frame across the swap (a software
// rasteriser, back_buffer_probe.hpp), the draw data are understood (damage_tiles.hpp) and the damage is at
// most half the window: then each damage rectangle is cleared to the ground colour and the triangles that
// touch it are drawn again, cut to it (partial_draw_data.hpp), and every other pixel stays as the last frame
// left it. Otherwise, and whenever the caller asks for a whole frame (one that is read back as a
// screenshot), the back buffer is cleared and the whole frame drawn, as ImGui's backend draws it. Where no
// frame can be partial (--whole-frames, a GPU, a back buffer not kept), nothing is hashed or read back.
#pragma once

#include <imgui.h>

#include "app/gui/back_buffer_probe.hpp"
#include "app/gui/damage_tiles.hpp"
#include "app/gui/partial_draw_data.hpp"
#include "app/pixel_size.hpp"

namespace tilewalk::app {

class PartialRedraw {
 public:
  // No partial frames at all (gui --whole-frames).
  void DrawWholeFrames() { m_allowed = false; }
  // A texture's pixels were replaced under the same id since the last frame.
  void TextureReplaced(ImTextureID texture) { m_damage.TextureReplaced(texture); }
  // Something the draw data do not show changed the pixels (the font texture, a window system's redraw
  // request): the next frame is whole.
  void Forget() { m_damage.Forget(); }

  void Render(ImDrawData& data, PixelSize framebuffer, const ImVec4& ground, bool whole);
  // Clears the back buffer and draws `data` whole, leaving the damage tracking and the probe alone (a
  // script's `check redraw` compares the two).
  static void DrawWhole(ImDrawData& data, PixelSize framebuffer, const ImVec4& ground);

  // What the last Render handed the rasteriser: ImGui's draw data, or the part of it in the damage.
  const ImDrawData& Submitted() const { return m_submitted != nullptr ? *m_submitted : m_nothing; }
  bool last_partial() const { return m_last_partial; }
  long long frames() const { return m_frames; }
  long long partial_frames() const { return m_partial_frames; }
  const BackBufferProbe& probe() const { return m_probe; }

 private:
  BackBufferProbe m_probe;
  DamageTiles m_damage;
  PartialDrawData m_partial;
  ImDrawData m_nothing{};
  const ImDrawData* m_submitted = nullptr;
  bool m_allowed = true;
  bool m_last_partial = false;
  long long m_frames = 0, m_partial_frames = 0;
};

}  // namespace tilewalk::app
