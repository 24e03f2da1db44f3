#include "app/views/drawn_probe.hpp"

namespace tilewalk::views {
namespace {

Drawn* g_drawn = nullptr;

}  // namespace

Drawn* DrawnProbe() {
  return g_drawn;
}

void SetDrawnProbe(Drawn* drawn) {
  g_drawn = drawn;
}

void NoteFocus(const std::string& pane, bool in_view) {
  if (g_drawn != nullptr) g_drawn->focus_in_view[pane] = in_view;
}

}  // namespace tilewalk::views
