// Every press the window receives, in order. GLFW's callbacks push keys, characters and mouse buttons here
// as they arrive, and the frame drains them all at once, so a key pressed and released between two frames
// still counts once: ImGui 1.86 samples key state once a frame and would have missed it. Scripts push into
// the same queue, so a scripted tap takes the path a presenter's clicker takes. Plain data, no GLFW.
#pragma once

#include <cstdint>
#include <vector>

namespace tilewalk::app {

enum class InputKind : std::uint8_t { Key, Char, MouseButton };

struct InputEvent {
  InputKind kind = InputKind::Key;
  int code = 0;    // a GLFW key code, a Unicode code point, or a GLFW mouse button
  int action = 0;  // GLFW_PRESS, GLFW_RELEASE or GLFW_REPEAT (keys and buttons)
  int mods = 0;    // GLFW modifier bits (keys and buttons)
};

class InputQueue {
 public:
  void Push(const InputEvent& event);
  // The events since the last drain, oldest first; the queue is then empty.
  std::vector<InputEvent> Drain();
  std::uint64_t total() const { return m_total; }  // every event ever pushed

 private:
  std::vector<InputEvent> m_events;
  std::uint64_t m_total = 0;
};

}  // namespace tilewalk::app
