// The library's prose (narration and passage bodies, Markdown with placeholders already filled) as plain
// text for places that cannot show Markdown: a web page's text, alt text, a caption. The Markdown authors
// write is small: paragraphs split by blank lines, lines wrapped by hand inside a paragraph, list items
// ("- ", "* ", "1. ") and `code` spans. Plain text keeps paragraphs (split by one blank line), joins a
// paragraph's wrapped lines with spaces, keeps each list item on a line of its own, and drops the
// backticks around code. Everything else is kept as written. Linear in the text.
#pragma once

#include <string>
#include <string_view>

namespace tilewalk::walkthrough {

std::string PlainText(std::string_view markdown);

// The first sentence of plain text: up to the first '.', '?' or '!' followed by a space or the end of a
// line, or the whole first paragraph. Longer than `max_chars` bytes: cut at the last space before the
// limit (never inside a UTF-8 character), with "…" appended.
std::string FirstSentence(std::string_view plain, std::size_t max_chars);

// About how long a reader needs for `plain`, in seconds: 0.3 s a word (200 words a minute) and 2 s to
// look at the figure, at least 4 s, in tenths of a second. The player's default dwell on a stop.
double ReadingSeconds(std::string_view plain);

}  // namespace tilewalk::walkthrough
