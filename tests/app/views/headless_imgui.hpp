// One ImGui context for the duration of a test, with nothing but a font atlas: the null backend the view
// smoke tests draw with (no GL, no window). It declares vertex offsets, as the OpenGL3 backend does, so that
// a window may hold more than 65,536 vertices.
#pragma once

#include <imgui.h>

#include <functional>

namespace tilewalk::views {

inline const ImVec2 kDisplay{1280.0f, 720.0f};

class HeadlessImGui {
 public:
  HeadlessImGui() {
    ImGui::CreateContext();
    ImGuiIO& io = ImGui::GetIO();
    io.IniFilename = nullptr;
    io.DisplaySize = kDisplay;
    io.DeltaTime = 1.0f / 60.0f;
    io.BackendFlags |= ImGuiBackendFlags_RendererHasVtxOffset;
    unsigned char* pixels = nullptr;
    int width = 0, height = 0;
    io.Fonts->GetTexDataAsRGBA32(&pixels, &width, &height);
  }
  HeadlessImGui(const HeadlessImGui&) = delete;
  HeadlessImGui& operator=(const HeadlessImGui&) = delete;
  ~HeadlessImGui() { ImGui::DestroyContext(); }

  // Runs one frame with `body` inside a window that covers the display; returns the vertices drawn.
  int Frame(const std::function<void()>& body) {
    ImGui::NewFrame();
    ImGui::SetNextWindowPos({0.0f, 0.0f});
    ImGui::SetNextWindowSize(kDisplay);
    ImGui::Begin("test", nullptr, ImGuiWindowFlags_NoDecoration);
    body();
    ImGui::End();
    ImGui::Render();
    return ImGui::GetDrawData()->TotalVtxCount;
  }
};

}  // namespace tilewalk::views
