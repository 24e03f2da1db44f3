// Terms are defined before they are used, in every shipped tour. WRITING.md asks each tour to define a term
// the first time it uses it; the glossary below lists the terms and the words our definitions use, and a
// tour passes when the first stop that says a term is no earlier than the first stop that defines it.
// Only the tour's own voice is checked (narration and asks): passages are shared between tours.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"

using namespace tilewalk::walkthrough;

namespace {

struct Term {
  const char* term;
  std::vector<const char*> cues;  // a stop that says the term and one of these defines it
};

const std::vector<Term>& Glossary() {
  static const std::vector<Term> terms = {
      {"VMEM", {"fast memory"}},
      {"HBM", {"main memory"}},
      {"grid step", {"one run of the"}},
      {"index map", {"which block"}},
      {"scratch", {"scratch: VMEM", "Scratch is VMEM", "scratch, VMEM"}},
      {"residual", {"for the backward"}},
      {"lane", {"vector register"}},
      {"sublane", {"vector register"}},
      {"MXU", {"matrix unit"}},
      {"alpha", {"alpha = exp"}},
      {"acc", {"so far"}},
      {"m", {"running max", "row max"}},
      {"l", {"running sum", "row sum"}},
      {"di", {"over head_dim"}},
  };
  return terms;
}

bool WordChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

// The term as a word of its own (plurals allowed): "lanes" says "lane", "m_next" does not say "m".
bool Says(const std::string& text, const std::string& term) {
  for (std::size_t at = text.find(term); at != std::string::npos; at = text.find(term, at + 1)) {
    std::size_t end = at + term.size();
    if (end < text.size() && text[end] == 's' && term.size() > 2) ++end;
    const bool starts = at == 0 || !WordChar(text[at - 1]);
    const bool ends = end == text.size() || !WordChar(text[end]);
    if (starts && ends) return true;
  }
  return false;
}

// What a stop says, on one line: narration and ask, line breaks as spaces.
std::string StopText(const TourStop& stop) {
  std::string text = stop.narration;
  if (stop.ask) {
    text += " " + stop.ask->question + " " + stop.ask->explain;
    for (const AskChoice& c : stop.ask->choices) text += " " + c.text;
  }
  for (char& c : text)
    if (c == '\n') c = ' ';
  // A pane's name is not a use of the term it is named after.
  for (const std::string pane : {"Lanes pane"})
    for (std::size_t at = text.find(pane); at != std::string::npos; at = text.find(pane, at))
      text.erase(at, pane.size());
  return text;
}

bool Lower(const Term& t) {  // terms written in lower case also count at the start of a sentence
  return t.term[0] >= 'a' && t.term[0] <= 'z' && std::string(t.term).size() > 2;
}

}  // namespace

TEST_CASE("the glossary check finds uses and definitions") {
  CHECK(Says("m and l", "m"));
  CHECK_FALSE(Says("m_next", "m"));
  CHECK(Says("two lanes wide", "lane"));
  CHECK_FALSE(Says("sublanes", "lane"));
  CHECK(Says("exp(s − m)", "m"));
}

TEST_CASE("every tour defines a term before it first uses it") {
  const Library lib = LoadLibrary(tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  REQUIRE(lib.diagnostics.empty());
  for (const Tour& tour : lib.tours) {
    for (const Term& term : Glossary()) {
      int first_use = -1, first_definition = -1;
      for (std::size_t s = 0; s < tour.stops.size(); ++s) {
        std::string text = StopText(tour.stops[s]);
        std::string term_text = term.term;
        bool says = Says(text, term_text);
        if (!says && Lower(term)) {
          term_text[0] = static_cast<char>(term_text[0] - 'a' + 'A');
          says = Says(text, term_text);
        }
        if (!says) continue;
        if (first_use < 0) first_use = static_cast<int>(s);
        for (const char* cue : term.cues)
          if (first_definition < 0 && text.find(cue) != std::string::npos)
            first_definition = static_cast<int>(s);
      }
      if (first_use < 0) continue;
      CHECK_MESSAGE((first_definition >= 0 && first_definition <= first_use),
                    tour.file << ": '" << std::string(term.term) << "' is first used at stop "
                              << first_use + 1 << " ("
                              << tour.stops[static_cast<std::size_t>(first_use)].title << ") but "
                              << (first_definition < 0
                                      ? std::string("never defined")
                                      : "defined only at stop " + std::to_string(first_definition + 1)));
    }
  }
}
