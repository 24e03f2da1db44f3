// Fuzzes the passage and tour parsers and the library's cross-checks with one input read three ways: as a
// passage file, as a tour file, and (when it parses as a tour) as both files of a library.
// Invariants: a rejection always says why, at a line inside the file; what is accepted obeys the rules of
// docs/authoring.md (ids, tokens, hint, stops, landings, asks, placeholders); a library made of a tour whose
// passages do not exist reports each missing passage, and every cross-check points at a stop.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/tour.hpp"

namespace tw = tilewalk::walkthrough;
using tilewalk::fuzz::Check;

namespace {

constexpr std::string_view kPassageFile = "00-fuzz.md";
constexpr std::string_view kTourFile = "fuzz.tour";

bool ValidId(std::string_view id) {
  if (id.empty()) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

bool IsLaunch(std::string_view w) {
  return w == "fwd" || w == "dkv" || w == "dq";
}

// Diagnostics added by one parse: at least one when it failed, none when it passed, each inside the file.
void CheckDiagnostics(const tw::Diagnostics& diags, bool parsed, std::string_view file, int line_count) {
  Check(parsed == diags.empty(), "a file is rejected exactly when it gets a diagnostic");
  for (const tw::Diagnostic& d : diags) {
    Check(d.file == file, "a diagnostic names the file it is about", d.file);
    Check(d.line >= 0 && d.line <= line_count + 1, "a diagnostic's line is inside the file", d.ToString());
    Check(!d.message.empty(), "a diagnostic says what to fix");
  }
}

void CheckPassage(const tw::Passage& p) {
  Check(ValidId(p.id), "an accepted passage id is lowercase letters, digits and dashes", p.id);
  Check(p.id == "fuzz", "an accepted passage id equals the file name's id", p.id);
  Check(!p.pallas.function.empty(), "an accepted passage names a Pallas function");
  Check(!p.pallas.tokens.empty() && p.pallas.tokens.size() <= 6, "an accepted passage has 1 to 6 tokens");
  for (const std::string& t : p.pallas.tokens) {
    Check(!t.empty() && t.size() <= 40, "an accepted token has 1 to 40 characters", t);
    Check(t.find('|') == std::string::npos, "an accepted token holds no separator", t);
    Check(tw::Trim(t) == t, "an accepted token is trimmed", t);
  }
  Check(p.pallas.hint_first >= 1 && p.pallas.hint_first <= p.pallas.hint_last,
        "an accepted hint is 1 <= FIRST <= LAST");
  Check(!p.cpp.empty(), "an accepted passage has C++ anchors");
  for (const std::string& c : p.cpp)
    Check(!c.empty() && c.find(',') == std::string::npos, "a cpp anchor is one name", c);
  Check(!p.body.empty(), "an accepted passage has prose");
  std::string bad;
  Check(tilewalk::fuzz::AllPlaceholdersDocumented(p.body, &bad),
        "an accepted body's placeholders are documented", bad);
}

void CheckTour(const tw::Tour& t) {
  Check(t.id == "fuzz", "an accepted tour id equals the file name", t.id);
  Check(!t.title.empty(), "an accepted tour has a title");
  Check(t.question >= 0 && t.question <= 5, "an accepted question is 1 to 5, or none");
  Check(t.stops.size() >= 5 && t.stops.size() <= 15, "an accepted tour has 5 to 15 stops");
  for (const tw::TourStop& s : t.stops) {
    Check(!s.title.empty(), "an accepted stop has a title");
    Check(!s.passages.empty(), "an accepted stop names a passage", s.title);
    for (const std::string& id : s.passages)
      Check(!id.empty() && tw::Trim(id) == id, "a stop's passage id is trimmed", id);
    Check(!s.scenario.empty() || s.land.kind == tw::Landing::Kind::Rejected,
          "an accepted stop has a scenario", s.title);
    Check(!s.narration.empty() && s.narration.back() != '\n',
          "an accepted narration is non-empty and trimmed", s.title);
    Check(s.narration_line > s.line, "the narration comes after its stop line", s.title);
    Check(s.land.occurrence >= 1, "a landing's occurrence counts from 1");
    switch (s.land.kind) {
      case tw::Landing::Kind::Site:
        Check(!s.land.site.empty(), "a site landing names a site");
        break;
      case tw::Landing::Kind::Launch:
        Check(IsLaunch(s.land.launch), "a launch landing names fwd, dkv or dq");
        break;
      case tw::Landing::Kind::Moment:
        Check(s.land.launch.empty() || IsLaunch(s.land.launch), "a moment's launch is fwd, dkv or dq",
              s.land.launch);
        break;
      case tw::Landing::Kind::Rejected:
        break;
    }
    std::string bad;
    Check(tilewalk::fuzz::AllPlaceholdersDocumented(s.narration, &bad),
          "an accepted narration's placeholders are documented", bad);
    if (!s.ask) continue;
    const tw::Ask& ask = *s.ask;
    Check(!ask.question.empty() && !ask.explain.empty(), "an accepted ask has a question and an explanation");
    Check(ask.choices.size() >= 2 && ask.choices.size() <= 4, "an accepted ask has 2 to 4 choices");
    for (const tw::AskChoice& c : ask.choices) {
      Check(!c.value.empty() && !c.text.empty(), "an accepted choice has a value and a text", c.value);
      Check(tilewalk::fuzz::AllPlaceholdersDocumented(c.text, &bad), "a choice's placeholders are documented",
            bad);
    }
    Check(ask.answer.size() > 2 && ask.answer.front() == '{' && ask.answer.back() == '}' &&
              tilewalk::fuzz::DocumentedPlaceholder(
                  std::string_view(ask.answer).substr(1, ask.answer.size() - 2)),
          "an accepted answer is one documented placeholder", ask.answer);
    Check(tilewalk::fuzz::AllPlaceholdersDocumented(ask.question + ask.explain, &bad),
          "an accepted ask's placeholders are documented", bad);
    Check(!ask.reveal || ask.reveal->kind != tw::Landing::Kind::Rejected, "a reveal names an event");
  }
}

// The input as the only passage file and the only tour file. Passages start with '---' and tours with
// '# tour:', so at most one of the two parses; here the tour did, so every passage it names is missing.
void CheckLibrary(std::string_view text, const tw::Tour& tour) {
  const tilewalk::EmbeddedFile passage{kPassageFile, text}, tour_file{kTourFile, text};
  const tw::Library lib = tw::LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()),
                                          {&passage, 1}, {&tour_file, 1});
  Check(lib.passages.empty(), "a tour file does not also parse as a passage");
  Check(lib.tours.size() == 1 && lib.FindTour("fuzz") != nullptr,
        "the library holds the tour that parsed alone");
  Check((lib.DefaultTour() != nullptr) == tour.is_default,
        "the default tour is the one that says 'default: yes'");
  std::size_t named = 0;
  for (const tw::TourStop& s : tour.stops) named += s.passages.size();
  std::size_t missing = 0, defaults = 0;
  for (const tw::Diagnostic& d : lib.diagnostics) {
    if (d.file.starts_with("assets/flash/passages/")) continue;  // the passage parse's own complaints
    if (d.file == "assets/flash/tours") {
      ++defaults;
      continue;
    }
    bool at_stop = false;
    for (const tw::TourStop& s : tour.stops) at_stop = at_stop || s.line == d.line;
    Check(d.file == "assets/flash/tours/fuzz.tour" && at_stop, "a cross-check names the stop it is about",
          d.ToString());
    missing += d.message.find("names no passage") != std::string::npos;
  }
  Check(missing == named, "every passage a stop names is reported missing");
  Check(defaults == (tour.is_default ? 0u : 1u), "a library without a default tour says so, once");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const int line_count = static_cast<int>(tw::TextLines(text).size());

  tw::Diagnostics passage_diags;
  const auto passage = tw::ParsePassage(
      kPassageFile, text, tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), passage_diags);
  CheckDiagnostics(passage_diags, passage.has_value(), kPassageFile, line_count);
  if (passage) CheckPassage(*passage);

  tw::Diagnostics tour_diags;
  const auto tour = tw::ParseTour(kTourFile, text,
                                  tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), tour_diags);
  CheckDiagnostics(tour_diags, tour.has_value(), kTourFile, line_count);
  if (tour) {
    CheckTour(*tour);
    CheckLibrary(text, *tour);
  }
  return 0;
}
