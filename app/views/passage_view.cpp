#include "app/views/passage_view.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <string>

#include "app/views/drawn_probe.hpp"
#include "app/views/text_fonts.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {

namespace {

constexpr const char* kPassageAfterAnswer = "The passage opens once the answer is out: pick first.";

// The stop's suggestion as its button says it; once tried, the way back.
std::string TryLabel(const PassagePicture& picture) {
  return picture.edited ? "Back to the stop's scenario" : "Try " + picture.try_words;
}

// The line under the choices: what to do next, or what the recording answered.
std::string AskStatus(const AskPicture& ask) {
  const auto choice = [](int i) { return std::to_string(i + 1); };
  if (!ask.revealed)
    return ask.picked < 0 ? "Pick 1 to " + choice(static_cast<int>(ask.choices.size()) - 1) +
                                " (a key or a click), then step on (→) to see what the kernel does."
                          : "You picked " + choice(ask.picked) + ". Step on (→) to see what the kernel does.";
  std::string status = "Recorded: " + ask.recorded;
  status += ask.correct >= 0 ? ", so the answer is " + choice(ask.correct) + "."
                             : ". No choice fits this scenario (it was edited).";
  if (ask.picked >= 0 && ask.correct >= 0)
    status += ask.picked == ask.correct ? " Your pick was right." : " You picked " + choice(ask.picked) + ".";
  return status;
}

// The width a choice's text wraps at: the pane's, less its key button.
float ChoiceTextWidth(float width) {
  return width - 2.0f * ImGui::GetFrameHeight() - ImGui::GetStyle().ItemSpacing.x;
}

// Once revealed, only the answer and the learner's pick stay (all of them when no choice fits).
bool ChoiceShown(const AskPicture& ask, int i) {
  return !ask.revealed || ask.correct < 0 || i == ask.correct || i == ask.picked;
}

std::string ChoiceKey(const AskPicture& ask, int i) {
  if (!ask.revealed) return " " + std::to_string(i + 1) + " ";
  return (i == ask.correct ? "→" : i == ask.picked ? "×" : " ") + std::to_string(i + 1);
}

// Whether the items from `top` down to the last one drawn are wholly inside the window's visible rectangle.
bool WholeInView(float top) {
  const ImRect& clip = ImGui::GetCurrentWindow()->ClipRect;
  return top >= clip.Min.y - 1.0f && ImGui::GetItemRectMax().y <= clip.Max.y + 1.0f;
}

void DrawAsk(const AskPicture& ask, std::optional<Intent>& intent) {
  ImGui::Spacing();
  ui::TextColored(palette::Vec(palette::Active().question), "%s", ask.question.c_str());
  for (int i = 0; i < static_cast<int>(ask.choices.size()); ++i) {
    if (!ChoiceShown(ask, i)) continue;
    const bool marked = ask.revealed ? i == ask.correct : i == ask.picked;
    ImGui::PushID(i);
    ImGui::PushStyleColor(ImGuiCol_Button,
                          palette::Vec(marked ? palette::Active().question : palette::Active().panel));
    ImGui::PushStyleColor(ImGuiCol_Text,
                          palette::Vec(marked ? palette::Active().on_question : palette::Active().text));
    ImGui::BeginDisabled(ask.revealed);
    if (ui::Button(ChoiceKey(ask, i).c_str(), ImVec2(2.0f * ImGui::GetFrameHeight(), 0)))
      intent = Intent{.kind = IntentKind::PickChoice, .value = i};
    ImGui::EndDisabled();
    ImGui::PopStyleColor(2);
    ImGui::SameLine();
    const bool dim = ask.revealed && i != ask.correct;
    ImGui::PushStyleColor(ImGuiCol_Text,
                          palette::Vec(dim ? palette::Active().text_dim : palette::Active().text));
    ui::TextUnformatted(ask.choices[static_cast<std::size_t>(i)].c_str());  // wraps beside its key
    ImGui::PopStyleColor();
    ImGui::PopID();
  }
  ui::TextColored(palette::Vec(palette::Active().passage), "%s", AskStatus(ask).c_str());
  if (ask.revealed) ui::TextUnformatted(ask.explanation.c_str());
}

// The height of `text` in `font` wrapped at `width`, with the spacing after it; 0 for no text.
float TextHeight(ImFont* font, const std::string& text, float width) {
  if (text.empty()) return 0.0f;
  const ScopedFont scoped(font);
  return ImGui::CalcTextSize(text.c_str(), nullptr, false, std::max(1.0f, width)).y +
         ImGui::GetStyle().ItemSpacing.y;
}

float AskHeight(const AskPicture& ask, float width, ImFont* prose) {
  const ImGuiStyle& style = ImGui::GetStyle();
  float h = style.ItemSpacing.y + TextHeight(prose, ask.question, width);
  for (int i = 0; i < static_cast<int>(ask.choices.size()); ++i)
    if (ChoiceShown(ask, i))
      h += std::max(ImGui::GetFrameHeight() + style.ItemSpacing.y,
                    TextHeight(prose, ask.choices[static_cast<std::size_t>(i)], ChoiceTextWidth(width)));
  h += TextHeight(prose, AskStatus(ask), width);
  if (ask.revealed) h += TextHeight(prose, ask.explanation, width);
  return h;
}

}  // namespace

std::optional<Intent> DrawPassageView(const PassagePicture& picture, float scroll_lines) {
  std::optional<Intent> intent;
  if (picture.stop_count > 0) {
    ImGui::BeginDisabled(picture.stop_number <= 1);
    if (ui::Button("< Prev")) intent = Intent{.kind = IntentKind::PreviousStop};
    ImGui::EndDisabled();
    ImGui::SameLine();
    ui::TextColored(palette::Vec(palette::Active().passage), "Stop %d of %d", picture.stop_number,
                    picture.stop_count);
    ImGui::SameLine();
    ImGui::BeginDisabled(picture.stop_number >= picture.stop_count);
    if (ui::Button("Next >")) intent = Intent{.kind = IntentKind::NextStop};
    ImGui::EndDisabled();
    // The stop's suggestion, one click (or A) away; once tried, the way back.
    if (picture.edited || !picture.try_words.empty()) {
      const std::string label = TryLabel(picture);
      ImGui::SameLine();
      if (ImGui::GetContentRegionAvail().x < ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFrameHeight())
        ImGui::NewLine();
      ImGui::PushStyleColor(ImGuiCol_Button, palette::Vec(picture.edited ? palette::Active().panel
                                                                         : palette::Active().selected));
      ImGui::PushStyleColor(ImGuiCol_Text, palette::Vec(picture.edited ? palette::Active().text
                                                                       : palette::Active().on_selected));
      if (ui::Button(label.c_str()))
        intent = Intent{.kind = picture.edited ? IntentKind::ResetScenario : IntentKind::TryStopSuggestion};
      ImGui::PopStyleColor(2);
    }
  }
  ImGui::Separator();
  // One child per stop, so that the next stop's narration starts at its top, not where the last was scrolled.
  const std::string prose_id = "prose " + std::to_string(picture.stop_number);
  if (ImGui::BeginChild(prose_id.c_str(), ImVec2(0, 0))) {
    if (scroll_lines != 0.0f)
      ImGui::SetScrollY(ImGui::GetScrollY() + scroll_lines * ImGui::GetTextLineHeightWithSpacing());
    const TextFonts fonts = CurrentTextFonts();
    ImGui::PushTextWrapPos(0.0f);
    const float story_top = ImGui::GetCursorScreenPos().y;
    if (!picture.stop_title.empty()) {
      const ScopedFont title(fonts.title);
      ImGui::PushStyleColor(ImGuiCol_Text, palette::Vec(palette::Active().text_strong));
      ui::TextUnformatted(picture.stop_title.c_str());
      ImGui::PopStyleColor();
    }
    const ScopedFont prose(fonts.prose);
    if (!picture.problem.empty())
      ui::TextColored(palette::Vec(palette::Active().error), "%s", picture.problem.c_str());
    ui::TextUnformatted(picture.narration.c_str());
    Drawn* drawn = DrawnProbe();
    if (drawn != nullptr) drawn->narration_whole = WholeInView(story_top);
    if (picture.ask) {
      const float ask_top = ImGui::GetCursorScreenPos().y;
      DrawAsk(*picture.ask, intent);
      if (drawn != nullptr) drawn->question_whole = WholeInView(ask_top);
    } else if (drawn != nullptr) {
      drawn->question_whole = true;
    }
    if (!picture.passage_title.empty()) {
      ImGui::Spacing();
      ImGui::Separator();
      ui::TextColored(palette::Vec(palette::Active().passage), "%s", picture.passage_title.c_str());
      ImGui::PushStyleColor(ImGuiCol_Text, palette::Vec(palette::Active().text_dim));
      // A passage often explains the very thing the question asks: it waits until the answer is out.
      ui::TextUnformatted(picture.ask && !picture.ask->revealed ? kPassageAfterAnswer
                                                                : picture.passage_body.c_str());
      ImGui::PopStyleColor();
    }
    ImGui::PopTextWrapPos();
  }
  ImGui::EndChild();
  return intent;
}

float PassageNarrationWidth(const PassagePicture& picture) {
  const TextFonts fonts = CurrentTextFonts();
  float widest = 0.0f;
  const auto measure = [&](ImFont* font, const std::string& text, float extra) {
    const ScopedFont scoped(font);
    std::size_t at = 0;
    while (at <= text.size()) {
      const std::size_t end = std::min(text.find('\n', at), text.size());
      widest = std::max(widest, ImGui::CalcTextSize(text.data() + at, text.data() + end).x + extra);
      at = end + 1;
    }
  };
  measure(fonts.title, picture.stop_title, 0.0f);
  measure(fonts.prose, picture.narration, 0.0f);
  if (picture.ask) {
    measure(fonts.prose, picture.ask->question, 0.0f);
    const float key = 2.0f * ImGui::GetFrameHeight() + ImGui::GetStyle().ItemSpacing.x;
    for (const std::string& choice : picture.ask->choices) measure(fonts.prose, choice, key);
  }
  return widest + ImGui::GetStyle().ScrollbarSize + 2.0f * ImGui::GetStyle().WindowPadding.x;
}

float PassageNarrationHeight(const PassagePicture& picture, float width) {
  const ImGuiStyle& style = ImGui::GetStyle();
  const TextFonts fonts = CurrentTextFonts();
  // The text wraps inside the prose child, which keeps room for its scrollbar.
  const float wrap = std::max(1.0f, width - style.ScrollbarSize);
  float h = 0.0f;
  if (picture.stop_count > 0) {
    h += ImGui::GetFrameHeightWithSpacing();  // Prev, Stop k of n, Next (and the Try button)
    if (picture.edited || !picture.try_words.empty()) {
      const std::string label = TryLabel(picture);
      const std::string where =
          "Stop " + std::to_string(picture.stop_number) + " of " + std::to_string(picture.stop_count);
      const float row = ImGui::CalcTextSize("< Prev").x + ImGui::CalcTextSize(where.c_str()).x +
                        ImGui::CalcTextSize("Next >").x + 4.0f * style.FramePadding.x +
                        3.0f * style.ItemSpacing.x;
      if (row + ImGui::CalcTextSize(label.c_str()).x + ImGui::GetFrameHeight() > width)
        h += ImGui::GetFrameHeightWithSpacing();
    }
  }
  h += style.ItemSpacing.y;  // the separator
  h += TextHeight(fonts.title, picture.stop_title, wrap) + TextHeight(fonts.prose, picture.problem, wrap) +
       TextHeight(fonts.prose, picture.narration, wrap);
  if (picture.ask) h += AskHeight(*picture.ask, wrap, fonts.prose);
  return h + 2.0f * style.WindowPadding.y;  // the prose child's own padding, and a last line's descent
}

}  // namespace tilewalk::views
