#include "app/views/scenario_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "app/views/tour_palette.hpp"

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

// One field's control; returns true when the user changed the value.
bool DrawField(const ScenarioField& field, std::string& value, bool changed) {
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
  ImGui::PushTextWrapPos(0.0f);
  if (!picture.rejection.empty()) {
    ImGui::TextColored(palette::Vec(palette::Active().error), "Rejected. %s", picture.rejection.c_str());
    ImGui::TextColored(palette::Vec(palette::Active().text_dim),
                       "The Source pane marks the line that raised it.");
  }
  if (!picture.problem.empty())
    ImGui::TextColored(palette::Vec(palette::Active().skipped_text), "%s", picture.problem.c_str());
  ImGui::PopTextWrapPos();

  const bool differs = Differs(picture, draft);
  ImGui::TextColored(
      palette::Vec(picture.edited ? palette::Active().skipped_text : palette::Active().text_dim), "%s",
      picture.edited ? "Your edit of the stop's scenario." : "The stop's own scenario.");
  ImGui::BeginDisabled(!differs);
  ImGui::PushStyleColor(ImGuiCol_Button,
                        palette::Vec(differs ? palette::Active().current : palette::Active().panel));
  ImGui::PushStyleColor(ImGuiCol_Text,
                        palette::Vec(differs ? palette::Active().on_current : palette::Active().text_dim));
  if (ImGui::Button("Apply: record and run"))
    intent = Intent{.kind = IntentKind::ApplyScenario, .words = DraftFlags(picture, draft)};
  ImGui::PopStyleColor(2);
  ImGui::SameLine();
  if (ImGui::Button("Undo edits")) Restart(picture, draft);
  ImGui::EndDisabled();
  if (picture.edited) {
    ImGui::SameLine();
    if (ImGui::Button("Back to the stop's scenario")) intent = Intent{.kind = IntentKind::ResetScenario};
  }

  // Two settings a row, each a label and its control, under a heading per group.
  const float char_width = ImGui::CalcTextSize("M").x;
  std::size_t label_chars = 4;
  for (const ScenarioField& f : picture.fields) label_chars = std::max(label_chars, f.key.size());
  const float label_width = char_width * static_cast<float>(std::min<std::size_t>(label_chars, 18) + 1);
  const bool two_columns = ImGui::GetContentRegionAvail().x > 2.0f * (label_width + char_width * 10.0f);
  const int columns = two_columns ? 4 : 2;
  if (ImGui::BeginTable("settings", columns, ImGuiTableFlags_SizingFixedFit)) {
    for (int c = 0; c < columns; ++c)
      ImGui::TableSetupColumn(
          nullptr, c % 2 == 0 ? ImGuiTableColumnFlags_WidthFixed : ImGuiTableColumnFlags_WidthStretch,
          c % 2 == 0 ? label_width : 0.0f);
    std::string group;
    int in_row = 0;
    for (std::size_t i = 0; i < picture.fields.size(); ++i) {
      const ScenarioField& field = picture.fields[i];
      if (field.group != group) {
        group = field.group;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(palette::Vec(palette::Active().passage), "%s", group.c_str());
        in_row = 0;
      }
      if (in_row % (columns / 2) == 0) ImGui::TableNextRow();
      ++in_row;
      ImGui::TableNextColumn();
      ImGui::AlignTextToFramePadding();
      ImGui::TextUnformatted(field.key.c_str());
      if (!field.help.empty() && ImGui::IsItemHovered())
        ImGui::SetTooltip("%s (%s)", field.help.c_str(), field.flag.c_str());
      ImGui::TableNextColumn();
      DrawField(field, draft.values[i], draft.values[i] != field.value);
    }
    ImGui::EndTable();
  }
  if (!picture.try_words.empty() && !picture.edited) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::Vec(palette::Active().text_dim),
                       "This stop suggests trying %s (the button in the Passage pane, or A).",
                       picture.try_words.c_str());
    ImGui::PopTextWrapPos();
  }
  return intent;
}

}  // namespace tilewalk::views
