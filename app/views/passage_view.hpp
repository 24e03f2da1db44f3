// The passage pane: where the tour is (stop k of n and the stop's title), the narration in large wrapped
// text, then the passage the stop names, its title and body. Prose only; it returns the intents of its two
// buttons (previous and next stop).
#pragma once

#include <optional>

#include "app/views/passage_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

// `scroll_lines`: lines to scroll the prose by this frame (the keyboard's Up and Down), 0 for none.
std::optional<Intent> DrawPassageView(const PassagePicture& picture, float scroll_lines = 0.0f);

}  // namespace tilewalk::views
