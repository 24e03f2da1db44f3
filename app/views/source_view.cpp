#include "app/views/source_view.hpp"

#include <imgui.h>
#include <imgui_internal.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "app/views/drawn_probe.hpp"
#include "app/views/source_syntax.hpp"
#include "app/views/tour_palette.hpp"
#include "app/views/ui_text.hpp"

namespace tilewalk::views {
namespace {

ImU32 SpanColour(SyntaxKind kind) {
  switch (kind) {
    case SyntaxKind::Keyword:
      return palette::Active().keyword;
    case SyntaxKind::String:
      return palette::Active().string;
    case SyntaxKind::Comment:
      return palette::Active().comment;
    case SyntaxKind::Number:
      return palette::Active().number;
    case SyntaxKind::Preprocessor:
      return palette::Active().preprocessor;
    case SyntaxKind::Plain:
      break;
  }
  return palette::Active().text;
}

// How the lines of one pane are laid out.
struct LineMetrics {
  float line_height = 0.0f;
  float char_width = 0.0f;
  int digits = 1;           // of the largest line number
  float margin = 0.0f;      // the line numbers' column
  float full_width = 0.0f;  // of a line's row, at least the pane's
};

// Scrolls the lit line to about a third of the way down when it moves, or when the pane is resized (a
// layout change); between those the user may scroll freely.
void FollowLitLine(const SourcePane& pane, SourceViewState& state, std::size_t index, float line_height) {
  const int follow_line = !pane.lit_lines.empty()
                              ? pane.lit_lines.front()
                              : (pane.error_line > 0 ? pane.error_line : pane.scroll_line);
  const float height = ImGui::GetWindowHeight();
  const std::string key = pane.document->file + ":" + std::to_string(follow_line) + ":" +
                          std::to_string(static_cast<int>(height));
  if (state.scrolled_to.size() <= index) state.scrolled_to.resize(index + 1);
  if (state.follow && follow_line > 0 && state.scrolled_to[index] != key) {
    // On a whole line, so that no line is cut at the top of the pane.
    const float target = std::floor(static_cast<float>(follow_line - 1) - height * 0.33f / line_height);
    ImGui::SetScrollY(std::max(0.0f, target * line_height));
    state.scrolled_to[index] = key;
  }
}

// For the drawn probe: the lines wholly in view of the scrolling child being drawn, and the lit one.
void NoteShownLines(const SourcePane& pane, float line_height) {
  Drawn* drawn = DrawnProbe();
  if (drawn == nullptr || line_height <= 0.0f) return;
  const int count = static_cast<int>(pane.document->lines.size());
  const float top = ImGui::GetScrollY();
  const float height = ImGui::GetWindowHeight() - ImGui::GetCurrentWindow()->ScrollbarSizes.y;
  const int first = static_cast<int>(std::ceil(top / line_height - 0.01f)) + 1;
  const int last = std::min(count, static_cast<int>(std::floor((top + height) / line_height + 0.01f)));
  const std::string& file = pane.document->file;
  drawn->files.push_back({.name = file.substr(file.find_last_of('/') + 1),
                          .first = first <= last ? first : 0,
                          .last = first <= last ? last : 0,
                          .lit = !pane.lit_lines.empty() ? pane.lit_lines.front() : pane.error_line,
                          .python = pane.document->language == SourceLanguage::Python});
}

// Line `i` of the pane's document: its wash (lit, raised, in the passage, hovered), number and coloured
// text. Returns a click's intent.
std::optional<Intent> DrawLine(const SourcePane& pane, int i, const LineMetrics& m) {
  const SourceDocument& doc = *pane.document;
  const int number = i + 1;
  const std::string& line = doc.lines[static_cast<std::size_t>(i)];
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::PushID(i);
  const bool clicked = ImGui::InvisibleButton("line", ImVec2(m.full_width, m.line_height));
  const bool hovered = ImGui::IsItemHovered();
  ImGui::PopID();

  ImDrawList* draw = ImGui::GetWindowDrawList();
  const palette::Colours& colours = palette::Active();
  const bool lit = std::binary_search(pane.lit_lines.begin(), pane.lit_lines.end(), number);
  const bool in_passage = std::binary_search(pane.passage_lines.begin(), pane.passage_lines.end(), number);
  const ImVec2 end{at.x + m.full_width, at.y + m.line_height};
  const bool raised = number == pane.error_line;
  if (lit) {
    draw->AddRectFilled(at, end, colours.executing);
  } else if (raised) {
    draw->AddRectFilled(at, end, colours.error);
  } else if (in_passage) {
    draw->AddRectFilled(at, end, colours.passage_wash);
  } else if (hovered && pane.clickable) {
    draw->AddRectFilled(at, end, colours.hover);
  }
  if (in_passage || lit)
    draw->AddRectFilled(at, ImVec2(at.x + m.char_width * 0.5f, end.y),
                        lit ? colours.executing_edge : colours.passage);
  char number_text[16];
  std::snprintf(number_text, sizeof number_text, "%*d", m.digits, number);
  const float text_y = at.y + (m.line_height - ImGui::GetTextLineHeight()) * 0.5f;
  ui::DrawText(draw, ImVec2(at.x + m.char_width, text_y), lit ? colours.on_executing : colours.text_dim,
               number_text);

  // Each span starts where the text before it ended, as ImGui measures it: the font's advance is not a
  // whole number of pixels, so multiplying a character width would drift along a long line.
  bool inside = doc.in_block_comment[static_cast<std::size_t>(i)];
  float x = at.x + m.margin;
  for (const SyntaxSpan& span : ColourLine(line, doc.language, inside)) {
    const char* begin = line.data() + span.begin;
    const char* end_of_span = line.data() + span.end;
    const ImU32 ink = lit ? colours.on_executing : (raised ? colours.on_error : SpanColour(span.kind));
    ui::DrawText(draw, ImVec2(x, text_y), ink,
                 std::string_view(begin, static_cast<std::size_t>(end_of_span - begin)));
    x += ImGui::CalcTextSize(begin, end_of_span).x;
  }
  if (clicked && pane.clickable)
    return Intent{.kind = IntentKind::SeekToNextAtLine, .value = number, .file = doc.file};
  return std::nullopt;
}

// The lines in a scrolling child, only those in view drawn.
std::optional<Intent> DrawLines(const SourcePane& pane, SourceViewState& state, std::size_t index) {
  const SourceDocument& doc = *pane.document;
  LineMetrics m;
  m.line_height = ImGui::GetTextLineHeightWithSpacing();
  m.char_width = ImGui::CalcTextSize("M").x;
  m.digits = static_cast<int>(std::to_string(std::max<std::size_t>(doc.lines.size(), 1)).size());
  m.margin = m.char_width * static_cast<float>(m.digits + 2);
  m.full_width = std::max(ImGui::GetContentRegionAvail().x,
                          m.margin + m.char_width * static_cast<float>(doc.longest + 2));
  FollowLitLine(pane, state, index, m.line_height);
  NoteShownLines(pane, m.line_height);
  std::optional<Intent> intent;
  // Rows touch: each is exactly line_height tall, as the clipper, the scrolling and the count of lines in
  // view assume, and a region's wash is one band.
  ImGui::PushStyleVar(ImGuiStyleVar_ItemSpacing, ImVec2(ImGui::GetStyle().ItemSpacing.x, 0.0f));
  ImGuiListClipper clipper;
  clipper.Begin(static_cast<int>(doc.lines.size()), m.line_height);
  while (clipper.Step())
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i)
      if (auto clicked = DrawLine(pane, i, m)) intent = std::move(clicked);
  clipper.End();
  ImGui::PopStyleVar();
  return intent;
}

// What the marks mean, on one line: the lit line executes at the cursor; the washed lines with a gutter mark
// are the passage's region.
constexpr const char* kLitKey = "executing now";
constexpr const char* kPassageKey = "the passage's lines";

float LineKeyWidth() {
  const float line = ImGui::GetTextLineHeight();
  return 2.0f * (line + ImGui::GetStyle().ItemSpacing.x) + ImGui::CalcTextSize(kLitKey).x +
         ImGui::CalcTextSize(kPassageKey).x + line;
}

void DrawLineKey() {
  const palette::Colours& colours = palette::Active();
  const float line = ImGui::GetTextLineHeight();
  const auto swatch = [&](bool lit) {
    const ImVec2 at = ImGui::GetCursorScreenPos();
    const ImVec2 end{at.x + line, at.y + line};
    ImDrawList* draw = ImGui::GetWindowDrawList();
    draw->AddRectFilled(at, end, lit ? colours.executing : colours.passage_wash);
    draw->AddRectFilled(at, ImVec2(at.x + line * 0.25f, end.y),
                        lit ? colours.executing_edge : colours.passage);
    ImGui::Dummy(ImVec2(line, line));
    ImGui::SameLine();
  };
  swatch(true);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", kLitKey);
  ImGui::SameLine(0.0f, line);
  swatch(false);
  ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", kPassageKey);
}

// One pane: its title and note, then the lines in a scrolling child. Returns a click's intent.
std::optional<Intent> DrawPane(const SourcePane& pane, SourceViewState& state, std::size_t index, ImVec2 size,
                               const std::string& aside = {}) {
  std::optional<Intent> intent;
  ImGui::PushID(static_cast<int>(index));
  if (ImGui::BeginChild("pane", size, false, ImGuiWindowFlags_NoScrollbar)) {
    ui::TextColored(palette::Vec(palette::Active().passage), "%s", pane.document->title.c_str());
    // One file at a time (classroom mode) keeps its header to one line: the title, and what is missing or a
    // key away, when it fits beside the title.
    if (state.one_file && !aside.empty() && ui::FitsBeside(aside)) {
      ImGui::SameLine();
      ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", aside.c_str());
    }
    if (state.one_file) {  // the key too, when it fits on the header's line
      const float right = ImGui::GetItemRectMax().x + 2.0f * ImGui::GetStyle().ItemSpacing.x;
      if (right + LineKeyWidth() <= ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x) {
        ImGui::SameLine(0.0f, 2.0f * ImGui::GetStyle().ItemSpacing.x);
        DrawLineKey();
      }
    }
    if (!pane.note.empty() && (!state.one_file || pane.error_line > 0)) {
      ImGui::PushTextWrapPos(0.0f);
      ui::TextColored(
          palette::Vec(pane.error_line > 0 ? palette::Active().error : palette::Active().text_dim), "%s",
          pane.note.c_str());
      ImGui::PopTextWrapPos();
    }
    if (ImGui::BeginChild("lines", ImVec2(0, 0), false, ImGuiWindowFlags_HorizontalScrollbar))
      intent = DrawLines(pane, state, index);
    ImGui::EndChild();
  }
  ImGui::EndChild();
  ImGui::PopID();
  return intent;
}

}  // namespace

// The Pallas file first (left, or on top in a narrow pane), the C++ mirror beside it: side by side when
// each half has room for about 64 characters of code, else one over the other.
std::optional<Intent> DrawSourceView(const SourcePicture& picture, SourceViewState& state) {
  if (!picture.python && !picture.cpp) {
    ui::TextWrapped("%s", picture.empty_message.c_str());
    return std::nullopt;
  }
  if (!picture.python_missing.empty() && !state.one_file) {
    ImGui::PushTextWrapPos(0.0f);
    ui::TextColored(palette::Vec(palette::Active().text_dim), "%s", picture.python_missing.c_str());
    ImGui::PopTextWrapPos();
  }
  if (!state.one_file) DrawLineKey();
  std::optional<Intent> intent;
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  if (!picture.python || !picture.cpp || state.one_file) {
    const bool python = picture.python && !(picture.cpp && state.show_mirror);
    const SourcePane& only = python ? *picture.python : *picture.cpp;
    const std::string aside = !picture.python_missing.empty() ? "(no Pallas file)"
                              : picture.python && picture.cpp
                                  ? (python ? "M: the C++ mirror" : "M: the Pallas file")
                                  : "";
    if (auto clicked = DrawPane(only, state, python ? 0 : 1, avail, aside)) intent = std::move(clicked);
    return intent;
  }
  const float char_width = ImGui::CalcTextSize("M").x;
  const float gap = ImGui::GetStyle().ItemSpacing.x;
  const bool side_by_side = avail.x >= 2.0f * char_width * 64.0f + gap;
  const ImVec2 first = side_by_side ? ImVec2(std::floor((avail.x - gap) * 0.55f), avail.y)
                                    : ImVec2(avail.x, std::floor((avail.y - gap) * 0.55f));
  if (auto clicked = DrawPane(*picture.python, state, 0, first)) intent = std::move(clicked);
  if (side_by_side) ImGui::SameLine();
  const ImVec2 second =
      side_by_side ? ImVec2(avail.x - first.x - gap, avail.y) : ImVec2(avail.x, avail.y - first.y - gap);
  if (auto clicked = DrawPane(*picture.cpp, state, 1, second)) intent = std::move(clicked);
  return intent;
}

}  // namespace tilewalk::views
