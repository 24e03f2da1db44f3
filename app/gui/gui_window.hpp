// The window the app draws in: GLFW, an OpenGL 3.3 core context loaded with glad, and an ImGui context with
// the GLFW and OpenGL3 backends and the app's font. All of it is owned by one GuiWindow and torn down in
// reverse order by its destructor, so there is no global GL or GLFW state. Opening it fails with an error
// that gives the advice, never a crash, when there is no display. Its GLFW callbacks hand every key and
// character to ImGui's backend and to the window's input queue; a key released in the frame it was pressed
// reaches ImGui released a frame later, so that text fields see the press too. Mouse buttons bypass the
// backend: they reach ImGui one event a frame at the place they happened (mouse_replay.hpp), so that a quick
// click or drag is seen whole.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/gui/input_queue.hpp"
#include "app/gui/mouse_replay.hpp"
#include "app/gui/partial_redraw.hpp"
#include "app/pixel_size.hpp"
#include "app/screen/imgui_setup.hpp"
#include "base/result.hpp"

struct GLFWwindow;

namespace tilewalk::app {

struct WindowOptions {
  std::string title = "tilewalk";
  PixelSize size{.width = 1600, .height = 900};
  bool vsync = true;                         // off when rendering a fixed number of frames
  std::string font_path = kDefaultFontPath;  // monospace: the views measure text by character count
  float font_pixels = 20.0f;                 // readable from the back of a room at 1600x900
  bool ignore_mouse = false;                 // a screenshot must not show hover effects of a stray pointer
  bool partial_redraw = true;                // redraw only what changed where the back buffer is kept
};

// A frame drawn partially against the same frame drawn whole (a script's `check redraw`).
struct RedrawCheck {
  bool partial = false;                      // the frame checked was drawn partially
  long long differing_pixels = 0;            // between it and the same frame drawn whole
  long long frames = 0, partial_frames = 0;  // drawn so far, and of them partially
  const char* back_buffer = "";              // BackBufferProbe::Verdict
};

class GuiWindow {
 public:
  // The window, or why not, with what to do instead (xvfb-run, or headless export): NotFound when there
  // is no display or it has no OpenGL 3.3 core context, System when the GL functions cannot be loaded.
  // Warnings that do not stop the app, such as a missing font, go to `warnings`.
  static base::Result<std::unique_ptr<GuiWindow>> Open(const WindowOptions& options, std::ostream& warnings);
  // Whether a display is named at all (DISPLAY or WAYLAND_DISPLAY): without one Open fails. For a verb
  // that would open the window only after minutes of work, to say so first.
  static bool DisplayNamed();
  GuiWindow(const GuiWindow&) = delete;
  GuiWindow& operator=(const GuiWindow&) = delete;
  ~GuiWindow();

  bool ShouldClose() const;
  void RequestClose();

  // Polls input and starts an ImGui frame.
  void BeginFrame();
  // Sleeps until input arrives (a key, the mouse, a resize, a redraw request) or `timeout_seconds` pass;
  // true when something arrived. Ctrl-C is noticed at the next timeout.
  bool WaitForInput(double timeout_seconds);
  // Presses, characters and mouse buttons since the last drain.
  InputQueue& input() { return m_input; }
  // A key as if GLFW had reported it (a script's key and tap): the same path a real key takes.
  void InjectKey(int key, int action, int mods);
  // A mouse button pressed or released at (x, y) in window coordinates, as if GLFW had reported it (a
  // script's drag). Until PutAwayScriptedPointer, the window's pointer is the one the script moves.
  void InjectMouseButton(int button, int action, PointerPosition at);
  // After a script's drag: the pointer leaves the window, and a window that ignores the mouse (an unattended
  // run) ignores it again, so that a later screenshot shows no hover.
  void PutAwayScriptedPointer();
  // Mouse events still to show ImGui, one a frame: the caller draws frames until none is left.
  bool MousePending() const { return m_mouse.Pending(); }
  // A texture's pixels were replaced under the same id since the last frame (the heatmap cache reuses ids).
  void TextureReplaced(ImTextureID texture) { m_redraw.TextureReplaced(texture); }
  // Ends the ImGui frame and draws it into the back buffer, only what changed where that is safe
  // (partial_redraw.hpp); `whole` for a frame that is read back as a screenshot. The caller may read the
  // back buffer before Present().
  void Render(bool whole);
  void Present();
  // After Render(): reads the frame back, draws it again whole and reads it again, and counts the pixels
  // that differ. The back buffer then holds the whole frame.
  RedrawCheck CheckRedraw();
  // What the last Render handed the rasteriser (for the draw cost of a benchmark's last frame).
  const ImDrawData& Submitted() const { return m_redraw.Submitted(); }
  long long partial_frames() const { return m_redraw.partial_frames(); }

  PixelSize FramebufferSize() const;

  // Fills the primary monitor, or goes back to the window it was (F11).
  void ToggleFullscreen();

  // Between frames: restyles ImGui for `look` and uploads the font atlas rasterised at its size.
  void SetLook(const ImGuiLook& look, std::ostream& warnings);

 private:
  GuiWindow() = default;
  void InstallCallbacks();

  struct HeldKey {
    int key = 0, scancode = 0, mods = 0;
  };
  InputQueue m_input;
  std::vector<int> m_pressed_this_frame;     // keys pressed since the frame began
  std::vector<HeldKey> m_deferred_releases;  // released in the frame they were pressed: ImGui's next frame
  std::uint64_t m_wakes = 0;                 // callbacks seen, so a wait knows that something arrived
  MouseReplay m_mouse;                       // button events, presented to ImGui one a frame
  PointerPosition m_pointer;                 // where GLFW last reported the pointer, in event order
  bool m_pointer_known = false;              // a CursorPos callback has reported the pointer
  bool m_ignore_mouse = false;               // WindowOptions::ignore_mouse, kept for PutAwayScriptedPointer
  std::optional<PointerPosition> m_scripted_pointer;  // a script's pointer, while it drags

  friend struct WindowCallbacks;

  int m_windowed_x = 0, m_windowed_y = 0, m_windowed_width = 0, m_windowed_height = 0;  // to restore
  bool m_fullscreen = false;
  bool m_began_frame = false;   // the renderer has made its device objects (lazily, in its first frame)
  bool m_font_nearest = false;  // the font texture samples its nearest texel
  PartialRedraw m_redraw;

  GLFWwindow* m_window = nullptr;
  bool m_glfw_initialised = false;
  bool m_imgui_context = false;
  bool m_platform_backend = false;
  bool m_renderer_backend = false;
};

}  // namespace tilewalk::app
