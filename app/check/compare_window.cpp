#include "app/check/compare_window.hpp"

#include <GLFW/glfw3.h>
#include <imgui.h>

#include "app/gui/gui_window.hpp"
#include "app/gui/screenshot.hpp"
#include "app/views/compare_view.hpp"
#include "base/interrupt_guard.hpp"

namespace tilewalk::app {
namespace {

constexpr int kScreenshotFrames = 3;  // the fonts and the layout settle in the first frames

void DrawFrame(const views::ComparePicture& picture) {
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(io.DisplaySize);
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(12, 12));
  ImGui::Begin("comparison", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  views::DrawCompareView(picture);
  ImGui::End();
  ImGui::PopStyleVar();
}

}  // namespace

base::Status ShowComparisonWindow(const views::ComparePicture& picture, const CompareWindowOptions& options,
                                  std::ostream& warnings) {
  std::string title = "tilewalk:";
  for (const views::CompareColumn& k : picture.kernels) title += " " + k.kernel;
  auto opened = GuiWindow::Open({.title = title + " side by side",
                                 .size = options.size,
                                 .vsync = !options.screenshot,
                                 .ignore_mouse = options.screenshot.has_value(),
                                 .partial_redraw = false},
                                warnings);
  if (!opened) return opened.error();
  GuiWindow& window = **opened;
  for (int frame = 1; !window.ShouldClose() && !base::InterruptRequested(); ++frame) {
    if (!options.screenshot) window.WaitForInput(0.25);
    window.BeginFrame();
    DrawFrame(picture);
    for (const InputEvent& e : window.input().Drain()) {
      if (e.kind != InputKind::Key || e.action != GLFW_PRESS) continue;
      if (e.code == GLFW_KEY_ESCAPE || e.code == GLFW_KEY_Q) window.RequestClose();
      if (e.code == GLFW_KEY_F11) window.ToggleFullscreen();
    }
    window.Render(true);
    if (options.screenshot && frame == kScreenshotFrames)
      return SaveBackBufferPng(window.FramebufferSize(), *options.screenshot);
    window.Present();
  }
  return {};
}

}  // namespace tilewalk::app
