// The window the app draws in: GLFW, an OpenGL 3.3 core context loaded with glad, and an ImGui context with
// the GLFW and OpenGL3 backends and the app's font. All of it is owned by one GuiWindow and torn down in
// reverse order by its destructor, so there is no global GL or GLFW state. Opening it fails with a reason,
// never a crash, when there is no display: the caller prints the advice.
#pragma once

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <variant>

#include "app/gui/imgui_setup.hpp"
#include "app/pixel_size.hpp"

struct GLFWwindow;

namespace tilewalk::app {

struct WindowOptions {
  std::string title = "tilewalk";
  PixelSize size{.width = 1600, .height = 900};
  bool vsync = true;                         // off when rendering a fixed number of frames
  std::string font_path = kDefaultFontPath;  // monospace: the views measure text by character count
  float font_pixels = 20.0f;                 // readable from the back of a room at 1600x900
  bool ignore_mouse = false;                 // a screenshot must not show hover effects of a stray pointer
};

enum class WindowError : std::uint8_t {
  NoDisplay,           // neither DISPLAY nor WAYLAND_DISPLAY is set
  GlfwInitFailed,      // GLFW could not reach the display that is set
  CreateWindowFailed,  // the display has no OpenGL 3.3 core context to give
  LoadGlFailed,        // glad or ImGui's renderer could not load the GL functions
};

struct WindowFailure {
  WindowError reason = WindowError::NoDisplay;
  std::string detail{};  // GLFW's own description, when it gave one
};

// Prints what went wrong and what to do instead (xvfb-run, or headless export).
void PrintWindowFailure(const WindowFailure& failure, std::ostream& err);

class GuiWindow {
 public:
  // Warnings that do not stop the app, such as a missing font, go to `warnings`.
  static std::variant<std::unique_ptr<GuiWindow>, WindowFailure> Open(const WindowOptions& options,
                                                                      std::ostream& warnings);
  GuiWindow(const GuiWindow&) = delete;
  GuiWindow& operator=(const GuiWindow&) = delete;
  ~GuiWindow();

  bool ShouldClose() const;
  void RequestClose();

  // Polls input and starts an ImGui frame.
  void BeginFrame();
  // Ends the ImGui frame and draws it into the back buffer; the caller may read it back before Present().
  void Render();
  void Present();

  PixelSize FramebufferSize() const;

  // Fills the primary monitor, or goes back to the window it was (F11).
  void ToggleFullscreen();

  // Between frames: restyles ImGui for `look` and uploads the font atlas rasterised at its size.
  void SetLook(const ImGuiLook& look, std::ostream& warnings);

 private:
  GuiWindow() = default;

  int m_windowed_x = 0, m_windowed_y = 0, m_windowed_width = 0, m_windowed_height = 0;  // to restore
  bool m_fullscreen = false;
  bool m_began_frame = false;   // the renderer has made its device objects (lazily, in its first frame)
  bool m_font_nearest = false;  // the font texture samples its nearest texel

  GLFWwindow* m_window = nullptr;
  bool m_glfw_initialised = false;
  bool m_imgui_context = false;
  bool m_platform_backend = false;
  bool m_renderer_backend = false;
};

}  // namespace tilewalk::app
