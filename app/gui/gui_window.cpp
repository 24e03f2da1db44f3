#include "app/gui/gui_window.hpp"

#include <GLFW/glfw3.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>

#include "app/gui/screenshot.hpp"
#include "app/screen/imgui_setup.hpp"

namespace tilewalk::app {
namespace {

bool EnvSet(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && value[0] != '\0';
}

std::string LastGlfwError() {
  const char* description = nullptr;
  glfwGetError(&description);
  return description != nullptr ? description : "";
}

}  // namespace

// GLFW calls these on the main thread, inside glfwPollEvents or glfwWaitEventsTimeout.
struct WindowCallbacks {
  static GuiWindow& Of(GLFWwindow* window) {
    return *static_cast<GuiWindow*>(glfwGetWindowUserPointer(window));
  }

  static void Key(GLFWwindow* glfw, int key, int scancode, int action, int mods) {
    GuiWindow& w = Of(glfw);
    ++w.m_wakes;
    w.m_input.Push({.kind = InputKind::Key, .code = key, .action = action, .mods = mods});
    if (action == GLFW_PRESS) w.m_pressed_this_frame.push_back(key);
    const bool same_frame = action == GLFW_RELEASE &&
                            std::find(w.m_pressed_this_frame.begin(), w.m_pressed_this_frame.end(), key) !=
                                w.m_pressed_this_frame.end();
    if (same_frame)
      w.m_deferred_releases.push_back({key, scancode, mods});
    else
      ImGui_ImplGlfw_KeyCallback(glfw, key, scancode, action, mods);
  }
  static void Char(GLFWwindow* glfw, unsigned int c) {
    GuiWindow& w = Of(glfw);
    ++w.m_wakes;
    w.m_input.Push({.kind = InputKind::Char, .code = static_cast<int>(c)});
    ImGui_ImplGlfw_CharCallback(glfw, c);
  }
  static void MouseButton(GLFWwindow* glfw, int button, int action, int mods) {
    GuiWindow& w = Of(glfw);
    ++w.m_wakes;
    w.m_input.Push({.kind = InputKind::MouseButton, .code = button, .action = action, .mods = mods});
    // ImGui's backend is left out: it would see the button at the next frame's poll, not where it went.
    if (!w.m_pointer_known && !w.m_scripted_pointer) {  // a click before any motion (a touch, a tablet)
      double x = 0, y = 0;
      glfwGetCursorPos(glfw, &x, &y);
      w.m_pointer = {static_cast<float>(x), static_cast<float>(y)};
    }
    if (action == GLFW_PRESS) w.m_mouse.Press(button, w.m_pointer);
    if (action == GLFW_RELEASE) w.m_mouse.Release(button, w.m_pointer);
  }
  static void Scroll(GLFWwindow* glfw, double x, double y) {
    ++Of(glfw).m_wakes;
    ImGui_ImplGlfw_ScrollCallback(glfw, x, y);
  }
  static void Focus(GLFWwindow* glfw, int focused) {
    ++Of(glfw).m_wakes;
    ImGui_ImplGlfw_WindowFocusCallback(glfw, focused);
  }
  static void CursorEnter(GLFWwindow* glfw, int entered) {
    ++Of(glfw).m_wakes;
    ImGui_ImplGlfw_CursorEnterCallback(glfw, entered);
  }
  // ImGui 1.86 polls the pointer and the size; these only say that a redraw is due.
  static void CursorPos(GLFWwindow* glfw, double x, double y) {
    GuiWindow& w = Of(glfw);
    ++w.m_wakes;
    if (w.m_scripted_pointer) return;
    w.m_pointer = {static_cast<float>(x), static_cast<float>(y)};
    w.m_pointer_known = true;
  }
  static void Size(GLFWwindow* glfw, int, int) {
    ++Of(glfw).m_wakes;
    Of(glfw).m_redraw.Forget();
  }
  // The window system asks for the window's pixels again: the next frame draws all of them.
  static void Refresh(GLFWwindow* glfw) {
    ++Of(glfw).m_wakes;
    Of(glfw).m_redraw.Forget();
  }
  static void Close(GLFWwindow* glfw) { ++Of(glfw).m_wakes; }
};

namespace {

// Why the window cannot open, with what to do instead; `reason` NotFound for a missing display or context.
base::Error WindowFailure(base::Reason reason, const std::string& what) {
  if (reason != base::Reason::NotFound) return base::Fail(reason, what);
  return base::Fail(reason, what +
                                "\nTo open the window without a screen, run it under a virtual X server:\n"
                                "    xvfb-run -a tilewalk gui ...\n"
                                "To render frames without any display, export them headless:\n"
                                "    tilewalk export --tour NAME --out DIR --html");
}

}  // namespace

bool GuiWindow::DisplayNamed() {
  return EnvSet("DISPLAY") || EnvSet("WAYLAND_DISPLAY");
}

base::Result<std::unique_ptr<GuiWindow>> GuiWindow::Open(const WindowOptions& options,
                                                         std::ostream& warnings) {
  // GLFW 3.3 cannot start without a display and would only say so in a callback; say it plainly first.
  if (!DisplayNamed())
    return WindowFailure(base::Reason::NotFound,
                         "no display found: neither DISPLAY nor WAYLAND_DISPLAY is set.");

  std::unique_ptr<GuiWindow> window(new GuiWindow());
  if (glfwInit() != GLFW_TRUE)
    return WindowFailure(base::Reason::NotFound,
                         "no display found: GLFW could not connect to one (" + LastGlfwError() + ").");
  window->m_glfw_initialised = true;

  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  // ImGui draws in 2D with neither depth nor stencil: a software rasteriser then keeps no buffers for them.
  glfwWindowHint(GLFW_DEPTH_BITS, 0);
  glfwWindowHint(GLFW_STENCIL_BITS, 0);
  window->m_window =
      glfwCreateWindow(options.size.width, options.size.height, options.title.c_str(), nullptr, nullptr);
  if (window->m_window == nullptr)
    return WindowFailure(base::Reason::NotFound,
                         "could not open an OpenGL 3.3 window on this display (" + LastGlfwError() + ").");
  glfwMakeContextCurrent(window->m_window);
  glfwSwapInterval(options.vsync ? 1 : 0);
  if (gladLoadGL(glfwGetProcAddress) == 0) {
    return WindowFailure(
        base::Reason::System,
        "could not load the OpenGL functions (gladLoadGL found no OpenGL 3.3 core functions)");
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  window->m_imgui_context = true;
  window->m_ignore_mouse = options.ignore_mouse;
  if (!options.partial_redraw) window->m_redraw.DrawWholeFrames();
  SetUpImGui({.font_path = options.font_path,
              .font_pixels = options.font_pixels,
              .ignore_mouse = options.ignore_mouse},
             warnings);

  // Our callbacks call the backend's, so it installs none of its own.
  window->m_platform_backend = ImGui_ImplGlfw_InitForOpenGL(window->m_window, false);
  if (!window->m_platform_backend)
    return WindowFailure(base::Reason::System, "could not load the OpenGL functions (ImGui's GLFW backend)");
  window->InstallCallbacks();
  window->m_renderer_backend = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!window->m_renderer_backend) {
    return WindowFailure(
        base::Reason::System,
        "could not load the OpenGL functions (ImGui's OpenGL3 backend could not load libGL.so.1)");
  }
  return window;
}

void GuiWindow::InstallCallbacks() {
  glfwSetWindowUserPointer(m_window, this);
  glfwSetKeyCallback(m_window, WindowCallbacks::Key);
  glfwSetCharCallback(m_window, WindowCallbacks::Char);
  glfwSetMouseButtonCallback(m_window, WindowCallbacks::MouseButton);
  glfwSetScrollCallback(m_window, WindowCallbacks::Scroll);
  glfwSetWindowFocusCallback(m_window, WindowCallbacks::Focus);
  glfwSetCursorEnterCallback(m_window, WindowCallbacks::CursorEnter);
  glfwSetCursorPosCallback(m_window, WindowCallbacks::CursorPos);
  glfwSetFramebufferSizeCallback(m_window, WindowCallbacks::Size);
  glfwSetWindowRefreshCallback(m_window, WindowCallbacks::Refresh);
  glfwSetWindowCloseCallback(m_window, WindowCallbacks::Close);
}

void GuiWindow::InjectKey(int key, int action, int mods) {
  WindowCallbacks::Key(m_window, key, glfwGetKeyScancode(key), action, mods);
}

void GuiWindow::InjectMouseButton(int button, int action, PointerPosition at) {
  ImGui::GetIO().ConfigFlags &= ~ImGuiConfigFlags_NoMouse;  // a script that drags wants the mouse seen
  m_scripted_pointer = at;
  m_pointer = at;
  WindowCallbacks::MouseButton(m_window, button, action, 0);
}

void GuiWindow::PutAwayScriptedPointer() {
  m_scripted_pointer = PointerPosition{-1e6f, -1e6f};  // off the window: nothing is hovered
  if (m_ignore_mouse) ImGui::GetIO().ConfigFlags |= ImGuiConfigFlags_NoMouse;
}

bool GuiWindow::WaitForInput(double timeout_seconds) {
  const std::uint64_t before = m_wakes;
  glfwWaitEventsTimeout(timeout_seconds);
  return m_wakes != before;
}

GuiWindow::~GuiWindow() {
  if (m_renderer_backend) ImGui_ImplOpenGL3_Shutdown();
  if (m_platform_backend) ImGui_ImplGlfw_Shutdown();
  if (m_imgui_context) ImGui::DestroyContext();
  if (m_window != nullptr) glfwDestroyWindow(m_window);
  if (m_glfw_initialised) glfwTerminate();
}

bool GuiWindow::ShouldClose() const {
  return glfwWindowShouldClose(m_window) != 0;
}

void GuiWindow::RequestClose() {
  glfwSetWindowShouldClose(m_window, GLFW_TRUE);
}

void GuiWindow::BeginFrame() {
  // Keys released in the frame they were pressed in were held for ImGui through that frame; release them.
  m_pressed_this_frame.clear();
  for (const HeldKey& k : m_deferred_releases)
    ImGui_ImplGlfw_KeyCallback(m_window, k.key, k.scancode, GLFW_RELEASE, k.mods);
  m_deferred_releases.clear();
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  m_began_frame = true;
  if (!m_font_nearest) {
    // The font is rasterised at the size it is drawn, so a texel maps to a pixel: nearest sampling shows the
    // same glyphs, and a software rasteriser reads one texel a pixel instead of four.
    GLint bound = 0;
    glGetIntegerv(GL_TEXTURE_BINDING_2D, &bound);
    glBindTexture(GL_TEXTURE_2D,
                  static_cast<GLuint>(reinterpret_cast<std::uintptr_t>(ImGui::GetIO().Fonts->TexID)));
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    glBindTexture(GL_TEXTURE_2D, static_cast<GLuint>(bound));
    m_font_nearest = true;
    m_redraw.Forget();
  }
  ImGui_ImplGlfw_NewFrame();
  // The buttons as the replay has them, and the pointer where its event happened (a script's, if any).
  ImGuiIO& io = ImGui::GetIO();
  const MouseReplay::Frame mouse = m_mouse.Next();
  if (mouse.pointer)
    io.MousePos = {mouse.pointer->x, mouse.pointer->y};
  else if (m_scripted_pointer)
    io.MousePos = {m_scripted_pointer->x, m_scripted_pointer->y};
  for (int b = 0; b < MouseReplay::kButtons; ++b) io.MouseDown[b] = mouse.down[static_cast<std::size_t>(b)];
  ImGui::NewFrame();
}

namespace {

// The window colour, opaque: the tour panes draw no background of their own over it.
ImVec4 Ground() {
  const ImVec4 ground = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  return {ground.x, ground.y, ground.z, 1.0f};
}

}  // namespace

void GuiWindow::Render(bool whole) {
  ImGui::Render();
  m_redraw.Render(*ImGui::GetDrawData(), FramebufferSize(), Ground(), whole);
}

RedrawCheck GuiWindow::CheckRedraw() {
  const PixelSize size = FramebufferSize();
  const std::vector<std::uint8_t> drawn = ReadBackBuffer(size);
  PartialRedraw::DrawWhole(*ImGui::GetDrawData(), size, Ground());
  const std::vector<std::uint8_t> whole = ReadBackBuffer(size);
  RedrawCheck check{.partial = m_redraw.last_partial(),
                    .frames = m_redraw.frames(),
                    .partial_frames = m_redraw.partial_frames(),
                    .back_buffer = m_redraw.probe().Verdict()};
  for (std::size_t i = 0; i + 3 < drawn.size(); i += 4)
    check.differing_pixels += std::memcmp(drawn.data() + i, whole.data() + i, 4) != 0 ? 1 : 0;
  return check;
}

void GuiWindow::Present() {
  glfwSwapBuffers(m_window);
}

void GuiWindow::ToggleFullscreen() {
  GLFWmonitor* monitor = glfwGetPrimaryMonitor();
  const GLFWvidmode* mode = monitor ? glfwGetVideoMode(monitor) : nullptr;
  if (!mode) return;  // a display without a monitor mode (some virtual ones): stay windowed
  if (!m_fullscreen) {
    glfwGetWindowPos(m_window, &m_windowed_x, &m_windowed_y);
    glfwGetWindowSize(m_window, &m_windowed_width, &m_windowed_height);
    glfwSetWindowMonitor(m_window, monitor, 0, 0, mode->width, mode->height, mode->refreshRate);
  } else {
    glfwSetWindowMonitor(m_window, nullptr, m_windowed_x, m_windowed_y, m_windowed_width, m_windowed_height,
                         0);
  }
  m_fullscreen = !m_fullscreen;
}

void GuiWindow::SetLook(const ImGuiLook& look, std::ostream& warnings) {
  RestyleImGui(look, warnings);
  if (!m_began_frame) return;  // the first frame uploads the atlas as it stands
  ImGui_ImplOpenGL3_DestroyFontsTexture();
  ImGui_ImplOpenGL3_CreateFontsTexture();
  m_font_nearest = false;  // and the next BeginFrame forgets the frame drawn with the old font
}

PixelSize GuiWindow::FramebufferSize() const {
  PixelSize size;
  glfwGetFramebufferSize(m_window, &size.width, &size.height);
  return size;
}

}  // namespace tilewalk::app
