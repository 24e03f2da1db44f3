// The passage pane: where the tour is (stop k of n and the stop's title), the narration in large wrapped
// text, then the passage the stop names, its title and body. Prose only; it returns the intents of its two
// buttons (previous and next stop).
#pragma once

#include <optional>

#include "app/views/passage_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawPassageView(const PassagePicture& picture);

}  // namespace tilewalk::views
