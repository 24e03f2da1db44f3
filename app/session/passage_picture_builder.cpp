#include "app/session/picture_builders.hpp"

namespace tilewalk::session {
namespace {

// Fills placeholders, keeping the text as written (and saying why) when one cannot be filled. In an edited
// scenario, a figure it does not have (its launches rejected, say) is a dash: the Scenario pane says why.
std::string Filled(const std::string& text, walkthrough::PlaceholderSource* source, bool edited,
                   std::string& problem) {
  if (source == nullptr) return text;
  walkthrough::Figure filled = walkthrough::FillPlaceholders(
      text, *source, edited ? std::optional<std::string_view>("—") : std::nullopt);
  if (filled) return std::move(*filled);
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
