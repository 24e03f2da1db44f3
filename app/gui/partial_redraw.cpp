#include "app/gui/partial_redraw.hpp"

#include <glad/gl.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cmath>

namespace tilewalk::app {
namespace {

// The ground as the 8-bit framebuffer stores it, k/255 a channel. llvmpipe stores other values differently
// when the clear is cut by a scissor (0.03 as 7/255) than when it is not (8/255, rounded); k/255 it stores
// as k either way, and as the whole clear stored the colour before it was made exact.
ImVec4 Exact(const ImVec4& colour) {
  const auto channel = [](float v) { return std::nearbyint(std::clamp(v, 0.0f, 1.0f) * 255.0f) / 255.0f; };
  return {channel(colour.x), channel(colour.y), channel(colour.z), 1.0f};
}

void ClearTo(const ImVec4& ground) {
  const ImVec4 exact = Exact(ground);
  glClearColor(exact.x, exact.y, exact.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
}

}  // namespace

void PartialRedraw::DrawWhole(ImDrawData& data, PixelSize framebuffer, const ImVec4& ground) {
  glViewport(0, 0, framebuffer.width, framebuffer.height);
  ClearTo(ground);
  ImGui_ImplOpenGL3_RenderDrawData(&data);
}

void PartialRedraw::Render(ImDrawData& data, PixelSize framebuffer, const ImVec4& ground, bool whole) {
  ++m_frames;
  m_last_partial = false;
  m_submitted = &data;
  if (m_allowed) m_probe.BeforeDrawing(framebuffer);
  if (!m_allowed || m_probe.Refused()) {  // no partial frame will ever be drawn: nothing to track
    DrawWhole(data, framebuffer, ground);
    return;
  }
  const Damage damage = m_damage.Update(data, framebuffer, ImGui::ColorConvertFloat4ToU32(Exact(ground)));
  const long long screen = static_cast<long long>(framebuffer.width) * framebuffer.height;
  m_last_partial = !whole && m_probe.Kept() && !damage.whole && damage.pixels * 2 <= screen;
  if (!m_last_partial) {
    DrawWhole(data, framebuffer, ground);
  } else {
    ++m_partial_frames;
    glViewport(0, 0, framebuffer.width, framebuffer.height);
    glEnable(GL_SCISSOR_TEST);
    for (const PixelRect& r : damage.rects) {
      glScissor(r.x0, framebuffer.height - r.y1, r.x1 - r.x0, r.y1 - r.y0);
      ClearTo(ground);
    }
    glDisable(GL_SCISSOR_TEST);
    ImDrawData& part = m_partial.Build(data, framebuffer, damage.rects);
    if (part.CmdListsCount > 0) ImGui_ImplOpenGL3_RenderDrawData(&part);
    m_submitted = &part;
  }
  m_probe.AfterDrawing(framebuffer);
}

}  // namespace tilewalk::app
