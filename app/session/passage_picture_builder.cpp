#include "app/session/picture_builders.hpp"

namespace tilewalk::session {
namespace {

// What an edited scenario's missing figure is filled with, before its paragraph is replaced.
constexpr std::string_view kMissing = "\x01";
constexpr std::string_view kNotRunNote =
    "(This paragraph counts what the edited scenario did not run: the Scenario pane says why.)";

// `text` with each paragraph that holds kMissing replaced by kNotRunNote, once for a run of them.
std::string WithoutMissingParagraphs(const std::string& text) {
  std::string out;
  bool last_was_note = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find("\n\n", start);
    if (end == std::string::npos) end = text.size();
    const std::string_view paragraph(text.data() + start, end - start);
    const bool missing = paragraph.find(kMissing) != std::string_view::npos;
    if (!(missing && last_was_note)) {
      if (!out.empty()) out += "\n\n";
      out += missing ? std::string(kNotRunNote) : std::string(paragraph);
    }
    last_was_note = missing;
    start = end + 2;
  }
  return out;
}

// Fills placeholders, keeping the text as written (and saying why) when one cannot be filled. In an edited
// scenario, a paragraph that counts a figure the edit does not have (its launches rejected, say) is
// replaced by a note that says so: the Scenario pane says why.
std::string Filled(const std::string& text, walkthrough::PlaceholderSource* source, bool edited,
                   std::string& problem) {
  if (source == nullptr) return text;
  walkthrough::Figure filled = walkthrough::FillPlaceholders(
      text, *source, edited ? std::optional<std::string_view>(kMissing) : std::nullopt);
  if (filled) return edited ? WithoutMissingParagraphs(*filled) : std::move(*filled);
  if (problem.empty()) problem = "A placeholder could not be filled: " + filled.error().message;
  return text;
}

}  // namespace

views::PassagePicture BuildPassagePicture(const StopContext& context,
                                          walkthrough::PlaceholderSource* placeholders) {
  views::PassagePicture picture{.tour_title = context.tour_title,
                                .stop_number = context.stop_number,
                                .stop_count = context.stop_count,
                                .problem = context.landing_problem};
  if (context.stop != nullptr) {
    picture.stop_title = context.stop->title;
    picture.narration = Filled(context.stop->narration, placeholders, context.edited, picture.problem);
  }
  if (context.passage != nullptr) {
    picture.passage_title = context.passage->title;
    picture.passage_body = Filled(context.passage->body, placeholders, context.edited, picture.problem);
  }
  return picture;
}

}  // namespace tilewalk::session
