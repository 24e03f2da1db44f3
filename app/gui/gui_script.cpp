#include "app/gui/gui_script.hpp"

#include "app/views/play_rate.hpp"
#include "base/bounded_read.hpp"
#include "base/number_text.hpp"
#include "base/terminal_text.hpp"
#include "base/text_trim.hpp"
#include "base/user_text.hpp"

namespace tilewalk::app {
namespace {

constexpr std::size_t kScriptCap = 1 << 20;

// The first word and the rest, trimmed.
std::pair<std::string_view, std::string_view> Split(std::string_view s) {
  const std::size_t space = s.find_first_of(" \t");
  if (space == std::string_view::npos) return {s, {}};
  return {s.substr(0, space), base::TrimBlanks(s.substr(space))};
}

// "batch, heads, q_len, ...": every field of the kernel's scenario table, by key.
std::string FieldKeys(const kernel::ScenarioSchema& schema) {
  std::string keys;
  for (const kernel::ScenarioField& f : schema.fields)
    keys += (keys.empty() ? "" : ", ") + std::string(f.key);
  return keys;
}

base::Result<ScriptCommand> ParseCommand(std::string_view text, int line, const kernel::Kernel& kernel) {
  const auto bad = [](std::string message) {
    return base::Fail(base::Reason::Malformed, std::move(message));
  };
  ScriptCommand c{.line = line, .text = std::string(text)};
  const auto [word, rest] = Split(text);
  if (word == "key" || word == "tap") {
    const auto key = KeyByName(rest);
    if (!key)
      return bad("'" + base::Excerpt(rest) + "' is not a key name (such as Right, PageDown, F10, Space, a)");
    c.op = word == "key" ? ScriptOp::Key : ScriptOp::Tap;
    c.key = *key;
    return c;
  }
  if (word == "set") {
    const auto [field, value] = Split(rest);
    const kernel::ScenarioSchema& schema = kernel.info().scenario;
    const kernel::ScenarioField* f = schema.Find(field);
    if (f == nullptr)
      return bad("'" + base::Excerpt(field) + "' is not a scenario field of " +
                 std::string(kernel.info().name) + " (its fields: " + FieldKeys(schema) + ")");
    const std::shared_ptr<void> probe = schema.ops.make_default();
    if (const base::Status ok = f->set(probe.get(), value); !ok)
      return bad("set " + std::string(field) + " '" + base::Excerpt(value) + "': " + ok.error().message);
    c.op = ScriptOp::Set;
    c.field = std::string(field);
    c.value = std::string(value);
    return c;
  }
  if (word == "wait") {
    const auto [what, count] = Split(rest);
    if (what == "recorded" && count.empty()) {
      c.op = ScriptOp::WaitRecorded;
      return c;
    }
    if (what == "frames") {
      const auto frames = base::ParseWhole(count, 1, 100000);
      if (!frames) return bad("wait frames: " + frames.error().message);
      c.op = ScriptOp::WaitFrames;
      c.frames = static_cast<int>(*frames);
      return c;
    }
    if (what == "ms") {
      const auto ms = base::ParseWhole(count, 1, 600000);
      if (!ms) return bad("wait ms: " + ms.error().message);
      c.op = ScriptOp::WaitMs;
      c.frames = static_cast<int>(*ms);
      return c;
    }
    return bad("expected 'wait recorded', 'wait frames N' or 'wait ms N'");
  }
  if (word == "play") {
    const auto [clock, amount] = Split(rest);
    if (clock == "time") {
      const auto rate = base::ParseReal(amount, -1e300, 1e300);
      if (!rate) return bad("play time: '" + base::Excerpt(amount) + "' is not a number of µs a second");
      if (const std::string problem = views::PlayRateProblem(*rate); !problem.empty())
        return bad("play time: " + problem);
      c.op = ScriptOp::PlayTime;
      c.rate_us = *rate;
      return c;
    }
    if (clock == "steps") {
      const auto speed = base::ParseWhole(amount, 1, 120);
      if (!speed) return bad("play steps: " + speed.error().message);
      c.op = ScriptOp::PlaySteps;
      c.frames = static_cast<int>(*speed);
      return c;
    }
    return bad("expected 'play time RATE' (µs of TPU time a second) or 'play steps SPEED' (steps a second)");
  }
  if (word == "pause" && rest.empty()) {
    c.op = ScriptOp::Pause;
    return c;
  }
  if (word == "screenshot" || word == "expect" || word == "absent") {
    if (rest.empty())
      return bad(std::string(word) + " needs " + (word == "screenshot" ? "a file name" : "a text"));
    c.op = word == "expect" ? ScriptOp::Expect : word == "absent" ? ScriptOp::Absent : ScriptOp::Screenshot;
    c.value = std::string(rest);
    return c;
  }
  if ((word == "apply" || word == "stats" || word == "splits") && rest.empty()) {
    c.op = word == "apply" ? ScriptOp::Apply : word == "stats" ? ScriptOp::Stats : ScriptOp::Splits;
    return c;
  }
  if (word == "check") {
    if (rest != "redraw") return bad("expected 'check redraw'");
    c.op = ScriptOp::CheckRedraw;
    return c;
  }
  if (word == "drag") {
    float* const at[] = {&c.from_x, &c.from_y, &c.to_x, &c.to_y};
    std::string_view left = rest;
    for (float* coordinate : at) {
      const auto [number, after] = Split(left);
      const auto value = base::ParseWhole(number, 0, 100000);
      if (!value) return bad("drag takes four whole numbers, X Y to X Y in pixels: " + value.error().message);
      *coordinate = static_cast<float>(*value);
      left = after;
    }
    if (!left.empty())
      return bad("drag takes four numbers, X Y to X Y; '" + base::Excerpt(left) + "' is one too many");
    c.op = ScriptOp::Drag;
    return c;
  }
  return bad(
      "unknown command '" + base::Excerpt(word) +
      "'; expected key, tap, set, apply, wait recorded, wait frames, wait ms, play, pause, screenshot, "
      "expect, absent, drag, splits, stats or check redraw");
}

}  // namespace

base::Result<std::vector<ScriptCommand>> ParseScript(std::string_view text, const std::string& file,
                                                     const kernel::Kernel& kernel) {
  std::vector<ScriptCommand> commands;
  int line = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    std::string_view raw = text.substr(0, end);
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    ++line;
    raw = base::TrimBlanks(raw.substr(0, raw.find('#')));
    if (raw.empty()) continue;
    auto command = ParseCommand(raw, line, kernel);
    if (!command)
      return base::Fail(base::Reason::Malformed, base::TerminalSafe(file) + ":" + std::to_string(line) +
                                                     ": " + command.error().message);
    commands.push_back(std::move(*command));
  }
  return commands;
}

base::Result<std::vector<ScriptCommand>> LoadScript(const std::filesystem::path& file,
                                                    const kernel::Kernel& kernel) {
  auto text = base::ReadTextFile(file, kScriptCap);
  if (!text) return base::Fail(text.error().reason, "--script: " + text.error().message);
  const base::UserText checked = base::CheckUserText(*text);
  if (checked.issue)
    return base::Fail(base::Reason::Malformed, base::TerminalSafe(file.string()) + ":" +
                                                   std::to_string(checked.issue->line) + ": " +
                                                   checked.issue->message);
  return ParseScript(checked.text, file.string(), kernel);
}

}  // namespace tilewalk::app
