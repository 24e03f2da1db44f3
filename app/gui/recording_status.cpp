#include "app/gui/recording_status.hpp"
#include "app/views/ui_text.hpp"

#include <imgui.h>

namespace tilewalk::app {

void DrawRecordingStatus(session::TourSession& tour) {
  if (!tour.recording_in_progress()) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y * 0.5f},
      ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque, as every popup is
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                                      ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                                      ImGuiWindowFlags_NoFocusOnAppearing;
  if (ImGui::Begin("Recording", nullptr, kFlags)) {
    views::ui::TextUnformatted(tour.recording_status().c_str());
    ImGui::ProgressBar(static_cast<float>(tour.recording_percent()) / 100.0f,
                       {ImGui::GetFontSize() * 16.0f, 0.0f}, "");
    views::ui::TextDisabled("The tour stays as it was until the new recording is ready.");
    if (views::ui::Button("Cancel (Esc)")) tour.CancelRecording();
  }
  ImGui::End();
}

}  // namespace tilewalk::app
