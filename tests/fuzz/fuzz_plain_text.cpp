// Fuzzes the plain text made from the library's Markdown (narration and passages, which users write) for
// the export's manifest and player. Invariants: plain text is never longer than its Markdown, has no
// blank run of three newlines and no space at its ends; without backticks it is its own plain text; the
// first sentence stays within its limit plus the "…"; and both stay linear on the input repeated to
// 128 KiB (code spans pair up runs of backticks, which a naive search would make quadratic).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "tests/fuzz/fuzz_check.hpp"
#include "walkthrough/plain_text.hpp"

namespace tw = tilewalk::walkthrough;
using tilewalk::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view markdown(reinterpret_cast<const char*>(data), size);
  const std::string plain = tw::PlainText(markdown);
  Check(plain.size() <= markdown.size(), "plain text is no longer than its Markdown", plain);
  Check(plain.find("\n\n\n") == std::string::npos, "paragraphs are split by one blank line", plain);
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  Check(plain.empty() || (!space(plain.front()) && !space(plain.back())), "no space at the ends", plain);
  if (markdown.find('`') == std::string_view::npos)
    Check(tw::PlainText(plain) == plain, "plain text without code is its own plain text", plain);
  for (const std::size_t limit : {std::size_t{0}, std::size_t{7}, std::size_t{120}}) {
    const std::string sentence = tw::FirstSentence(plain, limit);
    Check(sentence.size() <= limit + 3, "the first sentence keeps to its limit and the ellipsis", sentence);
  }
  Check(tw::ReadingSeconds(plain) >= 4.0, "a stop is read for at least 4 s");
  tilewalk::fuzz::CheckLinear(markdown, "plain text took a second or more on the repeated input",
                              [](std::string_view big) {
                                const std::string text = tw::PlainText(big);
                                (void)tw::FirstSentence(text, 200);
                              });
  return 0;
}
