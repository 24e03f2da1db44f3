#include "app/views/scenario_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "app/views/drawn_probe.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

void Restart(const ScenarioPicture& picture, ScenarioDraft& draft) {
  draft.key = picture.key;
  draft.values.clear();
  for (const ScenarioField& field : picture.fields) draft.values.push_back(field.value);
}

bool Differs(const ScenarioPicture& picture, const ScenarioDraft& draft) {
  for (std::size_t i = 0; i < picture.fields.size(); ++i)
    if (picture.fields[i].value != draft.values[i]) return true;
  return false;
}

// One field's control; returns true when the user changed the value. `entered`: Enter finished a typed value.
bool DrawField(const ScenarioField& field, std::string& value, bool changed, bool& entered) {
  ImGui::PushID(field.key.c_str());
  bool edited = false;
  if (changed) ImGui::PushStyleColor(ImGuiCol_FrameBg, palette::Vec(palette::Active().edited_field));
  switch (field.kind) {
    case FieldKind::Bool: {
      bool on = value == "true";
      if (ImGui::Checkbox("##v", &on)) {
        value = on ? "true" : "false";
        edited = true;
      }
      break;
    }
    case FieldKind::Choice:
      ImGui::SetNextItemWidth(-1.0f);
      if (ImGui::BeginCombo("##v", value.c_str())) {
        for (const std::string& choice : field.choices) {
          if (ImGui::Selectable(choice.c_str(), choice == value)) {
            value = choice;
            edited = true;
          }
        }
        ImGui::EndCombo();
      }
      break;
    default: {
      char text[32] = {};
      std::strncpy(text, value.c_str(), sizeof text - 1);
      ImGui::SetNextItemWidth(-1.0f);
      const ImGuiInputTextFlags flags = field.kind == FieldKind::Number ? ImGuiInputTextFlags_CharsScientific
                                                                        : ImGuiInputTextFlags_CharsDecimal;
      const char* hint = field.kind == FieldKind::OptionalInt ? "unset" : "";
      if (ImGui::InputTextWithHint("##v", hint, text, sizeof text, flags)) {
        value = text;
        edited = true;
      }
      // Enter ends the typing as a click away would, and applies the edits (as the Apply button does).
      if (ImGui::IsItemDeactivated() && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter)) ||
                                         ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter))))
        entered = true;
      break;
    }
  }
  if (changed) ImGui::PopStyleColor();
  ImGui::PopID();
  return edited;
}

}  // namespace

std::optional<Intent> DrawScenarioView(const ScenarioPicture& picture, ScenarioDraft& draft) {
  if (draft.key != picture.key || draft.values.size() != picture.fields.size()) Restart(picture, draft);
  std::optional<Intent> intent;
  const auto apply = [&] {
    intent = Intent{.kind = IntentKind::ApplyScenario, .words = DraftFlags(picture, draft)};
  };

  // The buttons stay at the top of the pane, in view however far the settings below are scrolled.
  const bool differs = Differs(picture, draft);
  ImGui::BeginDisabled(!differs);
  ImGui::PushStyleColor(ImGuiCol_Button,
                        palette::Vec(differs ? palette::Active().selected : palette::Active().panel));
  ImGui::PushStyleColor(ImGuiCol_Text,
                        palette::Vec(differs ? palette::Active().on_selected : palette::Active().text_dim));
  if (ui::Button("Apply: record and run")) apply();
  NoteFocus("scenario", ui::LastItemInView());
  ImGui::PopStyleColor(2);
  ui::SameLineIfFits("Undo edits");
  if (ui::Button("Undo edits")) Restart(picture, draft);
  ImGui::EndDisabled();
  if (picture.edited) {
    ui::SameLineIfFits("Back to the stop's scenario");
    if (ui::Button("Back to the stop's scenario")) intent = Intent{.kind = IntentKind::ResetScenario};
  }

  if (ImGui::BeginChild("settings", ImVec2(0, 0))) {
    ImGui::PushTextWrapPos(0.0f);
    if (!picture.rejection.empty()) {
      ui::TextColored(palette::Vec(palette::Active().error), "Rejected. %s", picture.rejection.c_str());
      ui::TextColored(palette::Vec(palette::Active().text_dim),
                      "The Source pane marks the line that raised it.");
    }
    if (!picture.problem.empty())
      ui::TextColored(palette::Vec(palette::Active().skipped_text), "%s", picture.problem.c_str());
    ui::TextColored(
        palette::Vec(picture.edited ? palette::Active().skipped_text : palette::Active().text_dim), "%s",
        picture.edited ? "Your edit of the stop's scenario; Enter in a field applies it."
                       : "The stop's own scenario; Enter in a field applies an edit.");
    ImGui::PopTextWrapPos();

    // Two settings a row, each a label and its control, under a heading per group; the heading stands above
    // its group's table, so that no column cuts it.
    const float char_width = ImGui::CalcTextSize("M").x;
    std::size_t label_chars = 4;
    for (const ScenarioField& f : picture.fields) label_chars = std::max(label_chars, f.key.size());
    const float label_width = char_width * static_cast<float>(std::min<std::size_t>(label_chars, 18) + 1);
    const bool two_columns = ImGui::GetContentRegionAvail().x > 2.0f * (label_width + char_width * 10.0f);
    const int columns = two_columns ? 4 : 2;
    bool entered = false;
    for (std::size_t first = 0; first < picture.fields.size();) {
      const std::string& group = picture.fields[first].group;
      std::size_t end = first;
      while (end < picture.fields.size() && picture.fields[end].group == group) ++end;
      ImGui::PushTextWrapPos(0.0f);
      ui::TextColored(palette::Vec(palette::Active().passage), "%s", group.c_str());
      ImGui::PopTextWrapPos();
      ImGui::PushID(group.c_str());
      if (ImGui::BeginTable("settings", columns, ImGuiTableFlags_SizingFixedFit)) {
        for (int c = 0; c < columns; ++c)
          ImGui::TableSetupColumn(
              nullptr, c % 2 == 0 ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
              c % 2 == 0 ? label_width : 0.0f);
        for (std::size_t i = first; i < end; ++i) {
          const ScenarioField& field = picture.fields[i];
          if ((i - first) % static_cast<std::size_t>(columns / 2) == 0) ImGui::TableNextRow();
          ImGui::TableNextColumn();
          ImGui::AlignTextToFramePadding();
          ui::TextUnformatted(field.key.c_str());
          if (!field.help.empty() && ImGui::IsItemHovered())
            ImGui::SetTooltip("%s (%s)", field.help.c_str(), field.flag.c_str());
          ImGui::TableNextColumn();
          DrawField(field, draft.values[i], draft.values[i] != field.value, entered);
        }
        ImGui::EndTable();
      }
      ImGui::PopID();
      first = end;
    }
    if (entered && Differs(picture, draft)) apply();
    if (!picture.try_words.empty() && !picture.edited) {
      ImGui::PushTextWrapPos(0.0f);
      ui::TextColored(palette::Vec(palette::Active().text_dim),
                      "This stop suggests trying %s (the button in the Passage pane, or A).",
                      picture.try_words.c_str());
      ImGui::PopTextWrapPos();
    }
  }
  ImGui::EndChild();
  return intent;
}

}  // namespace tilewalk::views
