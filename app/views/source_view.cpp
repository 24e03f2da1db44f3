#include "app/views/source_view.hpp"

#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <string>

#include "app/views/source_syntax.hpp"
#include "app/views/tour_palette.hpp"

namespace tilewalk::views {
namespace {

ImU32 SpanColour(SyntaxKind kind) {
  switch (kind) {
    case SyntaxKind::Keyword:
      return palette::kKeyword;
    case SyntaxKind::String:
      return palette::kString;
    case SyntaxKind::Comment:
      return palette::kComment;
    case SyntaxKind::Number:
      return palette::kNumber;
    case SyntaxKind::Preprocessor:
      return palette::kPreprocessor;
    case SyntaxKind::Plain:
      break;
  }
  return palette::kText;
}

// Block comments carry across lines, so the colouring of a line depends on the ones above it: work out
// where each line starts once per tab and frame (the files are a few hundred lines).
std::vector<bool> BlockCommentStates(const SourceTab& tab) {
  std::vector<bool> states(tab.lines.size(), false);
  bool inside = false;
  for (std::size_t i = 0; i < tab.lines.size(); ++i) {
    states[i] = inside;
    ColourLine(tab.lines[i], tab.language, inside);
  }
  return states;
}

std::optional<Intent> DrawTab(const SourceTab& tab, SourceViewState& state, std::size_t index) {
  std::optional<Intent> intent;
  if (!tab.note.empty()) {
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextColored(palette::Vec(tab.error_line > 0 ? palette::kError : palette::kTextDim), "%s",
                       tab.note.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!ImGui::BeginChild("lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar)) {
    ImGui::EndChild();
    return intent;
  }
  const float line_height = ImGui::GetTextLineHeightWithSpacing();
  const float char_width = ImGui::CalcTextSize("M").x;
  const int digits = static_cast<int>(std::to_string(std::max<std::size_t>(tab.lines.size(), 1)).size());
  const float margin = char_width * static_cast<float>(digits + 2);
  std::size_t longest = 0;
  for (const std::string& line : tab.lines) longest = std::max(longest, line.size());
  const float text_width = margin + char_width * static_cast<float>(longest + 2);

  // Scroll the executing line to about a third of the way down when it moves; between moves the user
  // may scroll freely.
  const int follow_line =
      tab.executing_line > 0 ? tab.executing_line : (tab.error_line > 0 ? tab.error_line : tab.focus_line);
  const std::string key = tab.file + ":" + std::to_string(follow_line);
  if (state.scrolled_to.size() <= index) state.scrolled_to.resize(index + 1);
  if (state.follow && follow_line > 0 && state.scrolled_to[index] != key) {
    const float target = line_height * static_cast<float>(follow_line - 1) - ImGui::GetWindowHeight() * 0.33f;
    ImGui::SetScrollY(std::max(0.0f, target));
    state.scrolled_to[index] = key;
  }

  const std::vector<bool> comment_states = BlockCommentStates(tab);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float full_width = std::max(ImGui::GetContentRegionAvail().x, text_width);
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(tab.lines.size()), line_height);
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const int number = i + 1;
      const std::string& line = tab.lines[static_cast<std::size_t>(i)];
      const ImVec2 at = ImGui::GetCursorScreenPos();
      ImGui::PushID(i);
      const bool clicked = ImGui::InvisibleButton("line", ImVec2(full_width, line_height));
      const bool hovered = ImGui::IsItemHovered();
      ImGui::PopID();
      if (clicked && tab.clickable)
        intent = Intent{.kind = IntentKind::SeekToNextAtLine, .value = number, .file = tab.file};

      const bool executing = number == tab.executing_line;
      const bool in_passage = std::binary_search(tab.passage_lines.begin(), tab.passage_lines.end(), number);
      const ImVec2 end{at.x + full_width, at.y + line_height};
      const bool raised = number == tab.error_line;
      if (executing) {
        draw->AddRectFilled(at, end, palette::kCurrent);
      } else if (raised) {
        draw->AddRectFilled(at, end, palette::kError);
      } else if (in_passage) {
        draw->AddRectFilled(at, end, palette::kPassageWash);
      } else if (hovered && tab.clickable) {
        draw->AddRectFilled(at, end, IM_COL32(0xFF, 0xFF, 0xFF, 0x12));
      }
      if (in_passage) {
        draw->AddRectFilled(at, ImVec2(at.x + char_width * 0.5f, end.y), palette::kPassage);
      }
      if (!executing && number == tab.focus_line) draw->AddRect(at, end, palette::kCurrent, 0.0f, 0, 2.0f);
      char number_text[16];
      std::snprintf(number_text, sizeof number_text, "%*d", digits, number);
      const float text_y = at.y + (line_height - ImGui::GetTextLineHeight()) * 0.5f;
      draw->AddText(ImVec2(at.x + char_width, text_y), executing ? palette::kOnCurrent : palette::kTextDim,
                    number_text);

      // Each span starts where the text before it ended, as ImGui measures it: the font's advance is not a
      // whole number of pixels, so multiplying a character width would drift along a long line.
      bool inside = comment_states[static_cast<std::size_t>(i)];
      float x = at.x + margin;
      for (const SyntaxSpan& span : ColourLine(line, tab.language, inside)) {
        const char* begin = line.data() + span.begin;
        const char* end_of_span = line.data() + span.end;
        const ImU32 ink =
            executing ? palette::kOnCurrent : (raised ? palette::kOnError : SpanColour(span.kind));
        draw->AddText(ImVec2(x, text_y), ink, begin, end_of_span);
        x += ImGui::CalcTextSize(begin, end_of_span).x;
      }
    }
  }
  clipper.End();
  ImGui::EndChild();
  return intent;
}

}  // namespace

std::optional<Intent> DrawSourceView(const SourcePicture& picture, SourceViewState& state) {
  if (picture.tabs.empty()) {
    ImGui::TextWrapped("%s", picture.empty_message.c_str());
    return std::nullopt;
  }
  std::optional<Intent> intent;
  if (ImGui::BeginTabBar("source tabs")) {
    for (std::size_t t = 0; t < picture.tabs.size(); ++t) {
      const SourceTab& tab = picture.tabs[t];
      ImGui::PushID(static_cast<int>(t));
      // The label is the title; the ### id keeps the tab selected when the title changes with the file.
      const std::string label = tab.title + "###tab" + std::to_string(t);
      if (ImGui::BeginTabItem(label.c_str())) {
        if (auto clicked = DrawTab(tab, state, t)) intent = std::move(clicked);
        ImGui::EndTabItem();
      }
      ImGui::PopID();
    }
    ImGui::EndTabBar();
  }
  return intent;
}

}  // namespace tilewalk::views
