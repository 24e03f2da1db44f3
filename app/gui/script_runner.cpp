#include "app/gui/script_runner.hpp"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <utility>

#include "base/terminal_text.hpp"

namespace tilewalk::app {
namespace {

// The process's resident memory in MiB, from /proc; 0 where there is no /proc.
long ResidentMib() {
  std::ifstream status("/proc/self/status");
  std::string word;
  while (status >> word)
    if (word == "VmRSS:") {
      long kib = 0;
      status >> kib;
      return kib / 1024;
    }
  return 0;
}

// What `expect` searches: the status line (the timeline's position and statement, a rejection, a problem
// with the scenario, a recording under way) and the passage.
std::string ExpectableText(session::TourSession& tour) {
  const session::TourPictures& p = tour.Pictures();
  std::string text = p.timeline.position + "\n" + p.timeline.statement + "\n" + p.rejection + "\n" +
                     p.scenario.problem + "\n" + p.scenario.rejection + "\n" + tour.recording_status() + "\n";
  text += p.passage.stop_title + "\n" + p.passage.narration + "\n" + p.passage.passage_title + "\n" +
          p.passage.passage_body + "\n" + p.passage.problem;
  return text;
}

}  // namespace

ScriptRunner::ScriptRunner(std::vector<ScriptCommand> commands, std::string file, std::ostream& out)
    : m_commands(std::move(commands)), m_file(std::move(file)), m_out(out) {}

std::string ScriptRunner::Where() const {
  if (m_next >= m_commands.size()) return m_file + ": the end";
  const ScriptCommand& c = m_commands[m_next];
  return base::TerminalSafe(m_file) + ":" + std::to_string(c.line) + ": " + base::Excerpt(c.text, 200);
}

void ScriptRunner::Say(const ScriptCommand& command, const std::string& what) {
  // A script's lines are a user's text: echoed escaped, and a long one cut.
  m_out << base::TerminalSafe(m_file) << ":" << command.line << ": " << base::Excerpt(what, 200) << std::endl;
}

bool ScriptRunner::BeforeFrame(const ScriptTarget& target) {
  if (m_release) {
    target.window.InjectKey(m_release->key, GLFW_RELEASE, m_release->glfw_mods);
    m_release.reset();
    ++m_next;
    return true;  // the release is this frame's input
  }
  while (m_next < m_commands.size() && m_failure.empty()) {
    if (!Run(m_commands[m_next], target)) break;
    ++m_next;
  }
  return m_failure.empty();
}

// Each command either finishes at once (true) or leaves m_next on itself until frames have passed.
bool ScriptRunner::Run(const ScriptCommand& c, const ScriptTarget& target) {
  switch (c.op) {
    case ScriptOp::Key:
      target.window.InjectKey(c.key.key, GLFW_PRESS, c.key.glfw_mods);
      m_release = c.key;  // released, and the command done, before the next frame
      Say(c, c.text);
      return false;
    case ScriptOp::Tap:
      target.window.InjectKey(c.key.key, GLFW_PRESS, c.key.glfw_mods);
      target.window.InjectKey(c.key.key, GLFW_RELEASE, c.key.glfw_mods);
      Say(c, c.text);
      ++m_next;  // done; the next command waits for the next frame, as a clicker's next tap would
      return false;
    case ScriptOp::Set:
      return Set(c, target);
    case ScriptOp::Apply: {
      const views::ScenarioPicture& picture = target.tour.Pictures().scenario;
      target.tour.Apply({.kind = views::IntentKind::ApplyScenario,
                         .words = views::DraftFlags(picture, target.screen.scenario_draft)});
      m_applied_at = std::chrono::steady_clock::now();
      Say(c, c.text);
      return true;
    }
    case ScriptOp::WaitRecorded: {
      if (target.tour.recording_in_progress()) return false;
      std::string said = c.text;
      if (m_applied_at) {  // how long the last apply took to be ready, seen from the window
        const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
            std::chrono::steady_clock::now() - *m_applied_at);
        said += ": ready_ms=" + std::to_string(ms.count()) + " after the apply";
        m_applied_at.reset();
      }
      Say(c, said);
      return true;
    }
    case ScriptOp::WaitFrames:
      if (m_frames_left == 0) m_frames_left = c.frames + 1;
      if (--m_frames_left > 0) return false;
      Say(c, c.text);
      return true;
    case ScriptOp::WaitMs: {
      const auto now = std::chrono::steady_clock::now();
      if (!m_wait_until) m_wait_until = now + std::chrono::milliseconds(c.frames);
      if (now < *m_wait_until) return false;
      m_wait_until.reset();
      Say(c, c.text);
      return true;
    }
    case ScriptOp::PlayTime:
    case ScriptOp::PlaySteps:
      Play(c, target.tour);
      Say(c, c.text);
      return true;
    case ScriptOp::Pause:
      if (target.tour.playing()) target.tour.Apply({.kind = views::IntentKind::TogglePlay});
      Say(c, c.text);
      return true;
    case ScriptOp::Screenshot:
      if (!m_shot_pending) {  // this frame renders it; the next frame goes on
        m_screenshot = c.value;
        m_shot_pending = true;
        return false;
      }
      m_shot_pending = false;
      Say(c, c.text);
      return true;
    case ScriptOp::CheckRedraw:
      if (!m_check_pending) {  // this frame is checked once rendered; the next frame goes on
        m_check_pending = m_check_due = true;
        return false;
      }
      m_check_pending = false;
      return true;
    case ScriptOp::Expect:
    case ScriptOp::Absent:
      return Expect(c, target);
    case ScriptOp::Drag:
      // Down, across and up within one frame, the quickest drag there is; the command is done once the
      // window has shown ImGui all of it (one event a frame).
      if (!m_drag_pending) {
        target.window.InjectMouseButton(0, GLFW_PRESS, {c.from_x, c.from_y});
        target.window.InjectMouseButton(0, GLFW_RELEASE, {c.to_x, c.to_y});
        m_drag_pending = true;
        return false;
      }
      if (target.window.MousePending()) return false;
      target.window.PutAwayScriptedPointer();
      m_drag_pending = false;
      Say(c, c.text);
      return true;
    case ScriptOp::Splits: {
      const LayoutSplits& s = target.screen.classroom ? target.screen.classroom_splits : target.screen.splits;
      char text[128];
      std::snprintf(text, sizeof text, "splits source=%.2f passage=%.2f grid=%.2f",
                    static_cast<double>(s.source), static_cast<double>(s.passage),
                    static_cast<double>(s.grid));
      m_out << text << std::endl;
      return true;
    }
    case ScriptOp::Stats:
      m_out << ScriptStats(target) << std::endl;
      target.timer.Restart();
      return true;
  }
  return true;
}

bool ScriptRunner::RedrawChecked(const RedrawCheck& check) {
  const ScriptCommand& c = m_commands[m_next];
  m_check_due = false;
  char text[256];
  std::snprintf(text, sizeof text,
                "check redraw: this frame %s, %lld of %lld frames partial (back buffer %s), "
                "differing_pixels=%lld",
                check.partial ? "partial" : "whole", check.partial_frames, check.frames, check.back_buffer,
                check.differing_pixels);
  Say(c, text);
  if (check.differing_pixels == 0) return true;
  m_failure = m_file + ":" + std::to_string(c.line) +
              ": check redraw failed: " + std::to_string(check.differing_pixels) +
              " pixels differ from the same frame drawn whole";
  return false;
}

// Through the timeline's own intents, as its buttons and slider do.
void ScriptRunner::Play(const ScriptCommand& c, session::TourSession& tour) {
  const bool time = c.op == ScriptOp::PlayTime;
  tour.Apply({.kind = views::IntentKind::SetPlayClock,
              .value = static_cast<int>(time ? views::PlayClock::ModelTime : views::PlayClock::Steps)});
  if (time) {
    tour.Apply({.kind = views::IntentKind::SetPlayRate, .value = views::PlayRateValue(c.rate_us)});
  } else {
    tour.Apply({.kind = views::IntentKind::SetSpeed, .value = c.frames});
  }
  if (!tour.playing()) tour.Apply({.kind = views::IntentKind::TogglePlay});
}

// Through the pane's draft, as typing into the field does: the draft starts from the picture's values.
bool ScriptRunner::Set(const ScriptCommand& c, const ScriptTarget& target) {
  const views::ScenarioPicture& picture = target.tour.Pictures().scenario;
  views::ScenarioDraft& draft = target.screen.scenario_draft;
  if (draft.key != picture.key || draft.values.size() != picture.fields.size()) {
    draft.key = picture.key;
    draft.values.clear();
    for (const views::ScenarioField& field : picture.fields) draft.values.push_back(field.value);
  }
  for (std::size_t i = 0; i < picture.fields.size(); ++i)
    if (picture.fields[i].key == c.field) {
      draft.values[i] = c.value;
      Say(c, c.text);
      return true;
    }
  m_failure = m_file + ":" + std::to_string(c.line) + ": the Scenario pane has no field '" +
              base::CutText(c.field) + "' here";
  return false;
}

bool ScriptRunner::Expect(const ScriptCommand& c, const ScriptTarget& target) {
  const bool wanted = c.op == ScriptOp::Expect;
  const bool found = ExpectableText(target.tour).find(c.value) != std::string::npos ||
                     std::any_of(target.shown.begin(), target.shown.end(), [&](const std::string& text) {
                       return text.find(c.value) != std::string::npos;
                     });
  if (found == wanted) {
    Say(c, c.text + (wanted ? ": found" : ": not shown"));
    return true;
  }
  const session::TourPictures& p = target.tour.Pictures();
  m_failure = m_file + ":" + std::to_string(c.line) + ": " + (wanted ? "expect" : "absent") + " '" +
              base::CutText(c.value) +
              (wanted ? "' failed: neither the status line ('" + p.timeline.position + "'), the passage ('" +
                            p.passage.stop_title + "') nor any text the last frame drew contains it"
                      : "' failed: the last frame drew it");
  return false;
}

std::string ScriptStats(const ScriptTarget& target) {
  std::string launch = "none";
  long long step = -1, cursor = -1;
  const auto recording = target.tour.recording();
  if (const auto at = target.tour.cursor(); at && recording) {
    launch = recording->launches()[static_cast<std::size_t>(recording->LaunchOf(*at))].name;
    step = recording->StepOf(*at);
    cursor = static_cast<long long>(*at);
  }
  char text[320];
  std::snprintf(text, sizeof text,
                "frames=%d p95_ms=%.1f max_ms=%.1f events=%llu launch=%s step=%lld cursor=%lld rss_mib=%ld "
                "cache_mib=%zu cpu_ms_per_frame=%.1f core_share=%.2f play_us=%.4f rate_us=%g",
                target.timer.Measured(), target.timer.PercentileMs(95), target.timer.MaxMs(),
                static_cast<unsigned long long>(target.window.input().total()), launch.c_str(), step, cursor,
                ResidentMib(), target.tour.cached_recording_bytes() >> 20, target.timer.CpuMsPerFrame(),
                target.timer.CoreShare(), target.tour.play_time_us(), target.tour.play_rate_us());
  return text;
}

}  // namespace tilewalk::app
