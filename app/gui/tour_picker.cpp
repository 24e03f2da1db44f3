#include "app/gui/tour_picker.hpp"

#include <imgui.h>

#include <algorithm>

#include "app/views/text_fonts.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {

std::vector<TourChoice> TourChoices(const session::TourSession& session) {
  std::vector<TourChoice> choices;
  // The first tour, then the tours that answer the numbered questions in their order, then the rest. Each
  // kernel has a default tour; the first tour is the default kernel's, another kernel's comes with the rest.
  std::vector<session::TourSummary> tours = session.TourSummaries();
  const auto first = [](const session::TourSummary& t) {
    return t.is_default && t.kernel == &kernel::DefaultKernel();
  };
  const auto rank = [&](const session::TourSummary& t) {
    return first(t) ? 0 : (t.question > 0 ? t.question : 1000);
  };
  std::stable_sort(tours.begin(), tours.end(),
                   [&](const auto& a, const auto& b) { return rank(a) < rank(b); });
  if (session.HasTour() && !session.is_scenario()) {
    choices.push_back({.id = session.tour_id(),
                       .label = "Continue: " + session.tour()->title + ", stop " +
                                std::to_string(session.stop_index() + 1) + " of " +
                                std::to_string(session.stop_count()),
                       .stop = session.stop_index(),
                       .kernel = &session.kernel()});
  }
  for (const session::TourSummary& t : tours) {
    std::string label = t.question > 0 ? "Q" + std::to_string(t.question) + "  " : std::string("    ");
    // A tour of another kernel than the default says which.
    const std::string kernel_words =
        t.kernel == &kernel::DefaultKernel() ? std::string() : std::string(t.kernel->info().name) + ", ";
    label += t.title + "  (" + kernel_words + std::to_string(t.stops) + " stops" +
             (first(t) ? ", the first tour" : "") + ")";
    choices.push_back({.id = t.id, .label = std::move(label), .stop = 0, .kernel = t.kernel});
  }
  return choices;
}

bool TakePickerInput(const FrameInput& input, TourPickerState& picker) {
  const bool was_open = picker.open;
  const int last = static_cast<int>(picker.choices.size()) - 1;
  for (const WindowAction action : input.actions) {
    if (action == WindowAction::ToggleTours) {
      picker.open = !picker.open;
      picker.selected = 0;
    }
    if (!picker.open) continue;
    if (action == WindowAction::CloseHelp) picker.open = false;
    if (action == WindowAction::ScrollPassageDown) picker.selected = std::min(picker.selected + 1, last);
    if (action == WindowAction::ScrollPassageUp) picker.selected = std::max(picker.selected - 1, 0);
    if (action == WindowAction::Choose && picker.selected >= 0 && picker.selected <= last) {
      picker.chosen = picker.choices[static_cast<std::size_t>(picker.selected)];
      picker.open = false;
    }
  }
  return was_open || picker.open;
}

void DrawTourPicker(TourPickerState& picker) {
  if (!picker.open) return;
  const ImGuiViewport* viewport = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(
      {viewport->Pos.x + viewport->Size.x * 0.5f, viewport->Pos.y + viewport->Size.y * 0.5f},
      ImGuiCond_Always, {0.5f, 0.5f});
  ImGui::SetNextWindowSizeConstraints({viewport->Size.x * 0.5f, 0.0f},
                                      {viewport->Size.x * 0.9f, viewport->Size.y * 0.9f});
  ImGui::SetNextWindowBgAlpha(1.0f);  // opaque, as the help overlay: nothing reads through on a projector
  constexpr ImGuiWindowFlags kFlags = ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoMove |
                                      ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoSavedSettings;
  if (ImGui::Begin("Tours", &picker.open, kFlags)) {
    {
      const views::ScopedFont title(views::CurrentTextFonts().title);
      views::ui::TextColored(views::palette::Vec(views::palette::Active().text_strong), "Where to go");
    }
    const views::ScopedFont prose(views::CurrentTextFonts().prose);
    for (std::size_t i = 0; i < picker.choices.size(); ++i) {
      const TourChoice& choice = picker.choices[i];
      const bool selected = static_cast<int>(i) == picker.selected;
      ImGui::PushID(static_cast<int>(i));
      if (ImGui::Selectable(choice.label.c_str(), selected)) {
        picker.chosen = choice;
        picker.open = false;
      }
      if (selected && ImGui::IsWindowAppearing()) ImGui::SetScrollHereY();
      ImGui::PopID();
      if (i == 0 && picker.choices.size() > 1) ImGui::Separator();
    }
    views::ui::TextDisabled("Up and Down choose, Enter opens, Escape closes; O opens this again.");
  }
  ImGui::End();
}

}  // namespace tilewalk::app
