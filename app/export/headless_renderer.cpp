#include "app/export/headless_renderer.hpp"

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <glad/egl.h>
#include <glad/gl.h>
#include <imgui.h>
#include <imgui_impl_opengl3.h>
#include <cerrno>

#include <dlfcn.h>

#include <algorithm>
#include <cstdio>

namespace tilewalk::app {
namespace {

GLADapiproc EglProc(const char* name) {
  return reinterpret_cast<GLADapiproc>(eglGetProcAddress(name));
}

std::string EglErrorText() {
  char text[32];
  std::snprintf(text, sizeof text, "EGL error 0x%04x", static_cast<unsigned>(eglGetError()));
  return text;
}

constexpr const char* kInstallAdvice =
    " Install Mesa's EGL (scripts/install-deps.sh installs libegl1, libegl-mesa0 "
    "and libgl1-mesa-dri).";

// Mesa's surfaceless EGL display with an OpenGL 3.3 core context current on it. `display_out` and
// `context_out` are set as soon as each exists, so that the renderer's destructor releases them whatever
// fails after.
base::Status OpenSurfacelessContext(void*& display_out, void*& context_out) {
  const auto missing = [](std::string what) {
    // Mesa opens its libraries and the render node as files: with no descriptor left (ulimit -n), every
    // step fails as if EGL were not installed, so that is checked first.
    const int probe = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (probe < 0 && (errno == EMFILE || errno == ENFILE)) {
      rlimit files{};
      getrlimit(RLIMIT_NOFILE, &files);
      return base::Fail(base::Reason::System, "too many files are open (the limit is " +
                                                  std::to_string(files.rlim_cur) +
                                                  ", ulimit -n), so Mesa's EGL cannot load; raise the limit");
    }
    if (probe >= 0) close(probe);
    return base::Fail(base::Reason::NotFound, std::move(what));
  };
  // glad's first load finds only EGL 1.0 and the client extensions; the display's own come on the second.
  if (gladLoaderLoadEGL(EGL_NO_DISPLAY) == 0)
    return missing(std::string("could not load libEGL.so.1.") + kInstallAdvice);
  if (eglGetPlatformDisplayEXT == nullptr)
    return missing(std::string("this EGL has no eglGetPlatformDisplayEXT, so no surfaceless display.") +
                   kInstallAdvice);
  EGLDisplay display = eglGetPlatformDisplayEXT(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, nullptr);
  if (display == EGL_NO_DISPLAY || eglInitialize(display, nullptr, nullptr) != EGL_TRUE)
    return missing("could not open Mesa's surfaceless EGL display (" + EglErrorText() + ")." +
                   kInstallAdvice);
  display_out = display;
  if (gladLoaderLoadEGL(display) == 0)
    return missing(std::string("could not load the EGL 1.5 functions.") + kInstallAdvice);

  // EGL_SURFACE_TYPE defaults to windows, which a surfaceless display has none of; ask for pbuffers.
  const EGLint config_attributes[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT,
                                      EGL_NONE};
  EGLConfig config = nullptr;
  EGLint configs = 0;
  if (eglBindAPI(EGL_OPENGL_API) != EGL_TRUE ||
      eglChooseConfig(display, config_attributes, &config, 1, &configs) != EGL_TRUE || configs == 0)
    return missing("the EGL display offers no desktop OpenGL configuration (" + EglErrorText() + ")." +
                   kInstallAdvice);
  const EGLint context_attributes[] = {EGL_CONTEXT_MAJOR_VERSION,
                                       3,
                                       EGL_CONTEXT_MINOR_VERSION,
                                       3,
                                       EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                       EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                       EGL_NONE};
  EGLContext context = eglCreateContext(display, config, EGL_NO_CONTEXT, context_attributes);
  if (context == EGL_NO_CONTEXT)
    return missing("could not create an OpenGL 3.3 core context (" + EglErrorText() + ").");
  context_out = context;
  if (eglMakeCurrent(display, EGL_NO_SURFACE, EGL_NO_SURFACE, context) != EGL_TRUE)
    return missing("could not make the surfaceless context current (" + EglErrorText() + ").");
  if (gladLoadGL(EglProc) == 0) return missing("could not load the OpenGL 3.3 core functions through EGL.");
  return {};
}

// An RGBA framebuffer of `size`, bound. Asking first for the largest frame this OpenGL draws turns an
// oversized --size or --scale into a sentence about the size rather than a framebuffer that silently fails.
base::Status MakeFramebuffer(PixelSize size, std::uint32_t& fbo, std::uint32_t& color) {
  GLint renderbuffer_max = 0, viewport_max[2] = {0, 0};
  glGetIntegerv(GL_MAX_RENDERBUFFER_SIZE, &renderbuffer_max);
  glGetIntegerv(GL_MAX_VIEWPORT_DIMS, viewport_max);
  const int side_max = std::min({renderbuffer_max, viewport_max[0], viewport_max[1]});
  if (size.width > side_max || size.height > side_max)
    return base::Fail(base::Reason::TooLarge,
                      "frames of " + SizeText(size) + " pixels are larger than this OpenGL draws (at most " +
                          std::to_string(side_max) + " a side); lower --size or --scale");
  glGenFramebuffers(1, &fbo);
  glGenRenderbuffers(1, &color);
  glBindRenderbuffer(GL_RENDERBUFFER, color);
  glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, size.width, size.height);
  glBindFramebuffer(GL_FRAMEBUFFER, fbo);
  glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
  if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    return base::Fail(base::Reason::TooLarge,
                      "could not make a framebuffer of " + SizeText(size) +
                          " pixels (out of graphics memory?); lower --size or --scale");
  return {};
}

}  // namespace

base::Result<std::unique_ptr<HeadlessRenderer>> HeadlessRenderer::Open(const HeadlessOptions& options,
                                                                       std::ostream& warnings) {
  std::unique_ptr<HeadlessRenderer> r(new HeadlessRenderer());
  r->m_layout = options.layout;
  r->m_scale = options.scale;
  r->m_framebuffer = ScaledSize(options.layout, options.scale);
  r->m_frame = r->m_framebuffer;
  if (base::Status opened = OpenSurfacelessContext(r->m_display, r->m_context); !opened)
    return opened.error();
  if (base::Status made = MakeFramebuffer(r->m_framebuffer, r->m_fbo, r->m_color); !made) return made.error();

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  r->m_imgui_context = true;
  ImGuiLook look = options.look;
  look.pixel_density = options.scale;
  look.ignore_mouse = true;
  SetUpImGui(look, warnings);
  // ImGui's renderer opens libGL.so.1 itself and closes it at shutdown; pinning it here keeps libglvnd's
  // per-process state mapped, as with libEGL above, rather than unloaded with allocations still held.
  dlopen("libGL.so.1", RTLD_LAZY | RTLD_NODELETE);
  r->m_renderer_backend = ImGui_ImplOpenGL3_Init("#version 330 core");
  if (!r->m_renderer_backend)
    return base::Fail(base::Reason::NotFound,
                      "ImGui's OpenGL3 renderer could not load libGL.so.1 (install libgl1).");
  return r;
}

HeadlessRenderer::~HeadlessRenderer() {
  if (m_renderer_backend) ImGui_ImplOpenGL3_Shutdown();
  if (m_imgui_context) ImGui::DestroyContext();
  if (m_fbo != 0) glDeleteFramebuffers(1, &m_fbo);
  if (m_color != 0) glDeleteRenderbuffers(1, &m_color);
  if (m_context != nullptr) {
    eglMakeCurrent(m_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    eglDestroyContext(m_display, m_context);
  }
  if (m_display != nullptr) eglTerminate(m_display);
  // libEGL stays loaded for the life of the process: unloading it would unload Mesa's driver too, and
  // with it the memory Mesa keeps for the process, which LeakSanitizer would then report as leaked.
}

void HeadlessRenderer::BeginFrame() {
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = {static_cast<float>(m_layout.width), static_cast<float>(m_layout.height)};
  io.DisplayFramebufferScale = {m_scale, m_scale};
  io.DeltaTime = 1.0f / 30.0f;
  ImGui_ImplOpenGL3_NewFrame();
  ImGui::NewFrame();
}

void HeadlessRenderer::SetLayout(PixelSize layout) {
  const PixelSize frame = ScaledSize(layout, m_scale);
  m_layout = layout;
  m_frame = {.width = std::min(frame.width, m_framebuffer.width),
             .height = std::min(frame.height, m_framebuffer.height)};
}

void HeadlessRenderer::Render() {
  ImGui::Render();
  glBindFramebuffer(GL_FRAMEBUFFER, m_fbo);
  glViewport(0, 0, m_frame.width, m_frame.height);
  // The window colour, opaque, as the window clears: the tour panes then need no background of their own.
  const ImVec4 ground = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(ground.x, ground.y, ground.z, 1.0f);
  // Only the frame's corner: a software rasteriser pays for every pixel cleared.
  glEnable(GL_SCISSOR_TEST);
  glScissor(0, 0, m_frame.width, m_frame.height);
  glClear(GL_COLOR_BUFFER_BIT);
  glDisable(GL_SCISSOR_TEST);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void HeadlessRenderer::ReadPixels(std::vector<std::uint8_t>& rgba) const {
  rgba.resize(static_cast<std::size_t>(m_frame.width) * static_cast<std::size_t>(m_frame.height) * 4);
  glBindFramebuffer(GL_READ_FRAMEBUFFER, m_fbo);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, m_frame.width, m_frame.height, GL_RGBA, GL_UNSIGNED_BYTE, rgba.data());
}

}  // namespace tilewalk::app
