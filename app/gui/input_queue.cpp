#include "app/gui/input_queue.hpp"

#include <utility>

namespace tilewalk::app {

void InputQueue::Push(const InputEvent& event) {
  m_events.push_back(event);
  ++m_total;
}

std::vector<InputEvent> InputQueue::Drain() {
  std::vector<InputEvent> drained;
  drained.swap(m_events);
  return drained;
}

}  // namespace tilewalk::app
