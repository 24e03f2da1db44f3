// Mouse buttons as ImGui 1.86 must see them. It polls the buttons and the pointer once a frame, so a press
// and a release that fall between two frames (a quick click, a quick drag, a script's drag) would vanish,
// and a press would be seen where the pointer is by the next frame rather than where it went down. The
// window queues each button event with the position it happened at, and presents them one a frame: the
// press where it went down, the pointer where it was let go with the button still held, then the release.
#pragma once

#include <array>
#include <deque>
#include <optional>

namespace tilewalk::app {

struct PointerPosition {
  float x = 0, y = 0;
};

class MouseReplay {
 public:
  static constexpr int kButtons = 3;  // left, right, middle: the ones the app or ImGui use

  void Press(int button, PointerPosition at);
  void Release(int button, PointerPosition at);

  // What the next frame shows: the position of the event it presents (none when none is due), and every
  // button's state after it.
  struct Frame {
    std::optional<PointerPosition> pointer;
    std::array<bool, kButtons> down{};
  };
  Frame Next();
  // Events still to present: the window draws another frame rather than sleep.
  bool Pending() const { return !m_events.empty(); }

 private:
  enum class Kind { Press, Move, Release };
  struct Event {
    Kind kind;
    int button;
    PointerPosition at;
  };
  std::deque<Event> m_events;
  std::array<bool, kButtons> m_down{};
};

}  // namespace tilewalk::app
