// The progress line: nothing on anything but a terminal, nothing for work under a second, and on a terminal
// a line redrawn in place that says how to stop and is erased at the end, so the verb's own output starts
// on a clean line.
#include "app/progress_line.hpp"

#include <doctest/doctest.h>

#include <chrono>
#include <sstream>
#include <thread>

namespace tilewalk::app {

TEST_CASE("progress line: silent off a terminal and for short work") {
  std::ostringstream off_terminal, quick;
  {
    ProgressLine line(off_terminal, "check", false);
    std::this_thread::sleep_for(std::chrono::milliseconds(1100));
    line.Update(1, 2, "grid steps");
    line.Phase("the dense reference");
  }
  {
    ProgressLine line(quick, "check", true);
    line.Update(1, 2, "grid steps");
  }
  CHECK(off_terminal.str().empty());
  CHECK(quick.str().empty());
}

TEST_CASE("progress line: counted work after a second, erased at the end") {
  std::ostringstream out;
  ProgressLine line(out, "export", true);
  std::this_thread::sleep_for(std::chrono::milliseconds(1100));
  line.Update(5, 20, "frames");
  const std::string drawn = out.str();
  CHECK(drawn.find("\rexport: frames [#####---------------] 5/20") == 0);
  CHECK(drawn.find("(Ctrl-C stops)") != std::string::npos);
  line.Finish();
  const std::string after = out.str();
  CHECK(after.substr(drawn.size()).find_first_not_of(" \r") == std::string::npos);  // spaces between two \r
  CHECK(after.back() == '\r');
}

TEST_CASE("progress line: a phase ticks on its own while the work runs") {
  std::ostringstream out;
  ProgressLine line(out, "trace", true);
  line.Phase("recording the scenario");
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  line.Finish();
  CHECK(out.str().find("\rtrace: recording the scenario  1 s  (Ctrl-C stops)") != std::string::npos);
}

}  // namespace tilewalk::app
