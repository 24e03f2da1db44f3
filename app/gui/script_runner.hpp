// Runs a parsed `--script` (gui_script.hpp) against the live window, one frame at a time: keys go in through
// the window's own input path, `set` edits the Scenario pane's draft and `apply` hands the session the
// pane's own intent, so a script does what a person at the window does. Each command prints one line on
// `out`; a failing `expect` or `absent` stops the script with its file:line.
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/gui/frame_timer.hpp"
#include "app/gui/gui_script.hpp"
#include "app/gui/gui_window.hpp"
#include "app/screen/tour_screen.hpp"
#include "app/session/tour_session.hpp"

namespace tilewalk::app {

// What the script may reach in a frame.
struct ScriptTarget {
  GuiWindow& window;
  session::TourSession& tour;
  TourScreenState& screen;
  FrameTimer& timer;                      // `stats` reports its frames and restarts it
  const std::vector<std::string>& shown;  // every text the last frame drew
};

class ScriptRunner {
 public:
  ScriptRunner(std::vector<ScriptCommand> commands, std::string file, std::ostream& out);

  // Before the frame takes its input: runs the commands that are due, up to one that needs frames to pass
  // (a key, a tap, a wait, a screenshot). False once a command failed (see failure()).
  bool BeforeFrame(const ScriptTarget& target);
  // A screenshot to save of the frame just rendered, before it is presented; then call Saved().
  const std::optional<std::filesystem::path>& screenshot() const { return m_screenshot; }
  void Saved() { m_screenshot.reset(); }
  // A `check redraw` of the frame just rendered is due; then hand its result to RedrawChecked, which says it
  // and is false (see failure()) when a pixel differed.
  bool redraw_check_due() const { return m_check_due; }
  bool RedrawChecked(const RedrawCheck& check);

  bool done() const { return m_next >= m_commands.size() && !m_release && !m_screenshot && !m_check_due; }
  const std::string& failure() const { return m_failure; }
  // "demo.script:4: wait recorded": the command under way, for a script stopped by --timeout.
  std::string Where() const;

 private:
  // True: go on with the next command in this frame.
  bool Run(const ScriptCommand& command, const ScriptTarget& target);
  bool Set(const ScriptCommand& command, const ScriptTarget& target);
  bool Expect(const ScriptCommand& command, const ScriptTarget& target);
  static void Play(const ScriptCommand& command, session::TourSession& tour);
  void Say(const ScriptCommand& command, const std::string& what);

  std::vector<ScriptCommand> m_commands;
  std::string m_file;
  std::ostream& m_out;
  std::size_t m_next = 0;
  int m_frames_left = 0;                                                // of a `wait frames`
  std::optional<std::chrono::steady_clock::time_point> m_wait_until{};  // of a `wait ms`
  std::optional<std::chrono::steady_clock::time_point> m_applied_at{};  // the last `apply`, until it is ready
  bool m_shot_pending = false;          // a `screenshot` whose frame is being rendered
  bool m_drag_pending = false;          // a `drag` the window is still showing ImGui
  bool m_check_pending = false;         // a `check redraw` whose frame is being rendered
  bool m_check_due = false;             // and not yet checked
  std::optional<NamedKey> m_release{};  // a `key` held for one frame
  std::optional<std::filesystem::path> m_screenshot{};
  std::string m_failure;
};

// The stats line: frames=… p95_ms=… max_ms=… (the frames since the previous `stats`, or since the window's
// warm-up) events=… (keys, characters and buttons taken) launch=… step=… cursor=… (the cursor's launch, grid
// step and event index) rss_mib=… (resident memory) cache_mib=… (the recording cache) cpu_ms_per_frame=…
// core_share=… (CPU of every thread of the process over those frames, per frame and as a share of one core)
// play_us=… rate_us=… (the model-time clock and its rate).
std::string ScriptStats(const ScriptTarget& target);

}  // namespace tilewalk::app
