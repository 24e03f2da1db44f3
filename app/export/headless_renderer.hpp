// Drawing ImGui frames with no display at all: an EGL display on Mesa's surfaceless platform (no X server,
// no environment variables), an OpenGL 3.3 core context without a surface, and a framebuffer object the
// frames are drawn into and read back from. It sets up the ImGui context exactly as the window does
// (imgui_setup), so the views draw the same pixels in both. Everything is owned by one object and torn
// down in reverse order; opening fails with a sentence, never a crash: a frame larger than this OpenGL can
// draw is Reason::TooLarge, naming the size and what to lower, and the rest says what to install.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "app/pixel_size.hpp"
#include "app/screen/imgui_setup.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

struct HeadlessOptions {
  PixelSize layout{.width = 1280, .height = 720};  // what the views lay out in
  float scale = 1.0f;                              // framebuffer pixels per layout pixel
  ImGuiLook look{};                                // font_pixels is in layout pixels
};

class HeadlessRenderer {
 public:
  static base::Result<std::unique_ptr<HeadlessRenderer>> Open(const HeadlessOptions& options,
                                                              std::ostream& warnings);
  HeadlessRenderer(const HeadlessRenderer&) = delete;
  HeadlessRenderer& operator=(const HeadlessRenderer&) = delete;
  ~HeadlessRenderer();

  // Starts an ImGui frame of the layout size; time advances by a fixed 1/30 s, so frames are reproducible.
  void BeginFrame();
  // Ends the frame and draws it into the framebuffer object.
  void Render();
  // The frame's pixels, RGBA, bottom row first (as GL returns them).
  void ReadPixels(std::vector<std::uint8_t>& rgba) const;
  // The size of the frames drawn now, in pixels.
  PixelSize FramebufferSize() const { return m_frame; }
  // Draws the next frames at `layout` (figures of different panes), no larger than the layout it was
  // opened with; they take the framebuffer's lower left corner.
  void SetLayout(PixelSize layout);

 private:
  HeadlessRenderer() = default;

  PixelSize m_layout{}, m_frame{};  // what is drawn now
  PixelSize m_framebuffer{};        // what was allocated
  float m_scale = 1.0f;
  void* m_display = nullptr;  // EGLDisplay
  void* m_context = nullptr;  // EGLContext
  std::uint32_t m_fbo = 0, m_color = 0;
  bool m_imgui_context = false;
  bool m_renderer_backend = false;
};

}  // namespace tilewalk::app
