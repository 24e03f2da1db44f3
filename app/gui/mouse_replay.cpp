#include "app/gui/mouse_replay.hpp"

namespace tilewalk::app {
namespace {

constexpr std::size_t kMaxQueued = 256;  // presses past this are dropped, not buffered without end

}  // namespace

void MouseReplay::Press(int button, PointerPosition at) {
  // Room for the press and for its release (two events) is kept, so that a release is never dropped and
  // no button stays down.
  if (button < 0 || button >= kButtons || m_events.size() + 3 > kMaxQueued) return;
  m_events.push_back({Kind::Press, button, at});
}

void MouseReplay::Release(int button, PointerPosition at) {
  if (button < 0 || button >= kButtons) return;
  m_events.push_back({Kind::Move, button, at});  // held at the release point for a frame: a drag ends there
  m_events.push_back({Kind::Release, button, at});
}

MouseReplay::Frame MouseReplay::Next() {
  Frame frame;
  if (!m_events.empty()) {
    const Event e = m_events.front();
    m_events.pop_front();
    if (e.kind == Kind::Press) m_down[static_cast<std::size_t>(e.button)] = true;
    if (e.kind == Kind::Release) m_down[static_cast<std::size_t>(e.button)] = false;
    frame.pointer = e.at;
  }
  frame.down = m_down;
  return frame;
}

}  // namespace tilewalk::app
