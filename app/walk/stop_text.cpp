#include "app/walk/stop_text.hpp"

#include "kernels/flash/flash_error.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/placeholders.hpp"

namespace tilewalk::app {

using namespace tilewalk::walkthrough;

namespace {

// Fills `text` in place; the first failure is kept in `problem`, naming which text it was in.
void Fill(std::string& text, const char* what, PlaceholderSource& source, std::string& problem) {
  if (!problem.empty()) return;
  if (Figure filled = FillPlaceholders(text, source))
    text = std::move(*filled);
  else
    problem = std::string(what) + ": " + filled.error().message;
}

}  // namespace

StopText ReadStop(const Library& library, const TourStop& stop, const StopLanding& landing) {
  StopText text{.narration = stop.narration, .event = landing.event, .problem = landing.problem};
  const Passage* passage = stop.passages.empty() ? nullptr : library.FindPassage(stop.passages.front());
  if (passage != nullptr) {
    text.passage_id = passage->id;
    text.passage_text = passage->body;
    if (!passage->cpp.empty())
      if (const auto loc = library.walk->mirror.ResolveCppAnchor(passage->cpp.front()))
        text.cpp = loc->file + ":" + std::to_string(loc->line);
  }
  if (landing.recording && landing.recording->error())
    text.rejection = std::string(tpu::ErrorTypeName(landing.recording->error()->type));
  if (!landing.recording || !text.problem.empty()) return text;
  PlaceholderSource source(*landing.recording);
  Fill(text.narration, "narration", source, text.problem);
  Fill(text.passage_text, "passage", source, text.problem);
  if (stop.ask && text.problem.empty()) {
    base::Result<AskReveal> reveal = RevealAsk(*stop.ask, *landing.recording, source);
    if (!reveal) {
      text.problem = reveal.error().message;
      return text;
    }
    text.ask = std::move(*reveal);
    if (text.ask->correct < 0)
      text.problem = "no choice of the ask fits the recorded answer '" + text.ask->recorded + "'";
  }
  return text;
}

}  // namespace tilewalk::app
