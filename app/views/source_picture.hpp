// What the source pane draws: the real Pallas file (when one was found) and the C++ mirror side by side,
// each with the lines executing at the cursor lit, the lines of the current passage marked in the gutter,
// and a line that raised in the error colour. A file's text lives in a SourceDocument made once per file
// and shared by every picture, so a cursor move copies no text and a frame measures nothing per line.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class SourceLanguage : std::uint8_t { Cpp, Python };

// One file's text and what drawing it needs, computed once.
struct SourceDocument {
  std::string title{};  // "flash_attention.py (Pallas)", "forward_kernel.cpp (C++ mirror)"
  std::string file{};   // what a click's SeekToNextAtLine names
  SourceLanguage language = SourceLanguage::Cpp;
  std::vector<std::string> lines{};
  std::size_t longest = 0;               // the longest line, in bytes: the pane's scroll width
  std::vector<bool> in_block_comment{};  // per line: starts inside a C++ /* */ comment
};

// Fills `longest` and `in_block_comment` from the lines (pure; the session calls it once per file).
std::shared_ptr<const SourceDocument> MakeSourceDocument(std::string title, std::string file,
                                                         SourceLanguage language,
                                                         std::vector<std::string> lines);

struct SourcePane {
  std::shared_ptr<const SourceDocument> document{};
  std::vector<int> lit_lines{};      // 1-based, sorted: the lines executing at the cursor
  int scroll_line = 0;               // with nothing lit: the line to scroll to, never marked (the statement
                                     // nearest a pipeline event, or the passage's first line)
  int error_line = 0;                // a rejected scenario: the line that raised
  std::vector<int> passage_lines{};  // 1-based, sorted: the current passage's lines (gutter marks)
  bool clickable = false;            // a click on a line asks to seek to the next event there
  std::string note{};                // above the lines: how the passage or the statement was placed
};

struct SourcePicture {
  std::optional<SourcePane> python{};  // the Pallas file, when one was found
  std::optional<SourcePane> cpp{};     // the C++ mirror file of the statement at the cursor
  std::string python_missing{};        // with no Pallas file: one line on how to get it
  std::string empty_message{};         // shown when there is neither
};

struct SourceViewState {
  // Per pane (Python, C++), "file:line:height" it last scrolled for: a new line, or a pane resized by a
  // layout change (F10, the window), scrolls again; in between the user scrolls freely.
  std::vector<std::string> scrolled_to{};
  bool follow = true;        // auto-scroll to the lit (or focus) line
  bool one_file = false;     // classroom mode: one file at a time, the Pallas file first
  bool show_mirror = false;  // with one_file: the C++ mirror instead (M)
};

}  // namespace tilewalk::views
