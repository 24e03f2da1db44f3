#include "walkthrough/ask.hpp"

#include <set>

#include "base/number_text.hpp"
#include "base/terminal_text.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/stop_landing.hpp"

namespace tilewalk::walkthrough {

namespace {

std::optional<double> Numeric(std::string_view text) {
  return base::ReadDouble(text);
}

bool IsComparison(std::string_view value) {
  return value.size() > 1 && (value[0] == '<' || value[0] == '>');
}

// The answer line holds exactly one placeholder and nothing else.
bool IsOnePlaceholder(const std::string& text) {
  return text.size() > 2 && text.front() == '{' && text.back() == '}' &&
         text.find_first_of("{}", 1) == text.size() - 1;
}

}  // namespace

bool ChoiceMatches(std::string_view value, std::string_view recorded) {
  const std::optional<double> got = Numeric(recorded);
  if (IsComparison(value)) {
    const std::optional<double> bound = Numeric(value.substr(1));
    return got && bound && (value[0] == '<' ? *got < *bound : *got > *bound);
  }
  const std::optional<double> want = Numeric(value);
  if (got && want) return *got == *want;
  return value == recorded;
}

base::Result<bool> ReadAskLine(const std::string& key, const std::string& value, int line,
                               std::optional<Ask>& ask) {
  const bool choice = key.rfind("choice", 0) == 0 && (key.size() == 6 || key[6] == ' ');
  if (key != "ask" && !choice && key != "answer" && key != "explain" && key != "reveal") return false;
  if (key == "ask") {
    if (ask)
      return base::Fail(
          base::Reason::Malformed,
          "a stop asks one question; this one already has an 'ask:' at line " + std::to_string(ask->line));
    if (value.empty()) return base::Fail(base::Reason::Malformed, "'ask:' needs the question");
    ask = Ask{.question = value, .line = line};
    return true;
  }
  if (!ask)
    return base::Fail(base::Reason::Malformed,
                      "'" + base::CutText(key) + "' belongs to an ask: write the 'ask:' line first");
  if (choice) {
    const std::string choice_value = Trim(std::string_view(key).substr(6));
    ask->choices.push_back({choice_value, value, line});
    if (choice_value.empty())
      return base::Fail(
          base::Reason::Malformed,
          "write a choice as 'choice VALUE: TEXT', VALUE being the recorded answer that makes it right");
    if (IsComparison(choice_value) && !Numeric(choice_value.substr(1)))
      return base::Fail(base::Reason::Malformed,
                        "a choice value '" + choice_value + "' compares with a number, like <1 or >0");
    if (value.empty())
      return base::Fail(base::Reason::Malformed,
                        "the choice '" + choice_value + "' needs a text after the colon");
  } else if (key == "answer") {
    ask->answer = value;
    ask->answer_line = line;
    if (!IsOnePlaceholder(value))
      return base::Fail(base::Reason::Malformed,
                        "'answer:' is one placeholder, such as {dkv.copies.l.issued}");
  } else if (key == "explain") {
    ask->explain = value;
    ask->explain_line = line;
  } else {
    const base::Result<Landing> land = ParseLanding(value);
    if (!land) return land.error();
    if (land->kind == Landing::Kind::Rejected)
      return base::Fail(base::Reason::Malformed, "'reveal:' names an event; a rejected scenario has none");
    ask->reveal = *land;
  }
  return true;
}

void CheckAsk(const Ask& ask, const KernelWalk& walk, const std::string& file, Diagnostics& diags) {
  if (ask.choices.size() < 2 || ask.choices.size() > 4)
    diags.push_back(
        {file, ask.line, "an ask has 2 to 4 choices; this one has " + std::to_string(ask.choices.size())});
  std::set<std::string> values;
  for (const AskChoice& c : ask.choices) {
    if (!values.insert(c.value).second)
      diags.push_back({file, c.line, "two choices have the value '" + c.value + "'; each needs its own"});
    CheckPlaceholderSyntax(c.text, walk, file, c.line, diags);
  }
  if (ask.answer.empty())
    diags.push_back(
        {file, ask.line, "the ask needs 'answer:', the placeholder whose value picks the choice"});
  if (ask.explain.empty())
    diags.push_back({file, ask.line, "the ask needs 'explain:', what the answer shows"});
  CheckPlaceholderSyntax(ask.question, walk, file, ask.line, diags);
  CheckPlaceholderSyntax(ask.answer, walk, file, ask.answer_line, diags);
  CheckPlaceholderSyntax(ask.explain, walk, file, ask.explain_line, diags);
}

base::Result<AskReveal> RevealAsk(const Ask& ask, const Recording& recording, PlaceholderSource& source) {
  AskReveal out;
  std::optional<base::Error> failure;
  auto fill = [&](const std::string& text, std::string& into) {
    Figure filled = FillPlaceholders(text, source);
    if (!filled) {
      failure = filled.error();
      return false;
    }
    into = std::move(*filled);
    return true;
  };
  if (!fill(ask.question, out.question) || !fill(ask.answer, out.recorded) ||
      !fill(ask.explain, out.explanation))
    return *failure;
  for (std::size_t i = 0; i < ask.choices.size(); ++i) {
    out.choices.emplace_back();
    if (!fill(ask.choices[i].text, out.choices.back())) return *failure;
    if (out.correct < 0 && ChoiceMatches(ask.choices[i].value, out.recorded))
      out.correct = static_cast<int>(i);
  }
  if (ask.reveal) {
    const base::Result<std::optional<uint64_t>> event = FindLanding(recording, *ask.reveal);
    if (!event) return base::Fail(event.error().reason, "reveal: " + event.error().message);
    out.reveal_event = *event;
  }
  return out;
}

}  // namespace tilewalk::walkthrough
