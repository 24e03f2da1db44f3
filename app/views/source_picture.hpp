// What the source pane draws: one tab per source file shown (the embedded C++ mirror, and the real Pallas
// file when one was found), each with its lines, the executing line and the lines the current passage
// covers. Built by the app from a snapshot and the stop's passage; plain strings, so the view needs no core.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tilewalk::views {

enum class SourceLanguage : std::uint8_t { Cpp, Python };

struct SourceTab {
  std::string title{};  // "forward_kernel.cpp (C++ mirror)"
  std::string file{};   // the file the lines come from; what a click's SeekToNextAtLine names
  SourceLanguage language = SourceLanguage::Cpp;
  std::vector<std::string> lines{};
  int executing_line = 0;            // 1-based; 0: nothing executes in this file at the cursor
  int focus_line = 0;                // with no executing line: the statement nearest the cursor (a copy or a
                                     // writeback has no line of its own), or the passage's first Pallas line;
                                     // outlined and scrolled to
  int error_line = 0;                // a rejected scenario: the line that raised, drawn in the error colour
  std::vector<int> passage_lines{};  // 1-based, sorted: lines of the current passage (margin marks)
  bool clickable = false;            // a click on a line asks to seek to the next event there
  std::string note{};                // shown above the lines, e.g. why the passage's range is not marked
};

struct SourcePicture {
  std::vector<SourceTab> tabs{};
  std::string empty_message{};  // shown when there are no tabs
};

struct SourceViewState {
  std::vector<std::string> scrolled_to{};  // per tab, "file:line" it last scrolled to; a change scrolls again
  bool follow = true;                      // auto-scroll to the executing (or focus) line
};

}  // namespace tilewalk::views
