// The passage pane: where the tour is (stop k of n and the stop's title; the caller puts the tour's title in
// the pane's title bar), the narration in large wrapped
// text, then the passage the stop names, its title and body. Prose only; it returns the intents of its two
// buttons (previous and next stop).
#pragma once

#include <optional>

#include "app/views/passage_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

// `scroll_lines`: lines to scroll the prose by this frame (the keyboard's Up and Down), 0 for none.
std::optional<Intent> DrawPassageView(const PassagePicture& picture, float scroll_lines = 0.0f);

// The height the pane's contents need so that the stop's title and its whole narration show without
// scrolling, at a content width of `width` (the passage below them may scroll). Measured with the current
// fonts, as DrawPassageView lays them out.
float PassageNarrationHeight(const PassagePicture& picture, float width);

// The content width at which no line of the stop's title, narration or question wraps: the narration is
// written in short lines, and a line broken again reads badly on a projector.
float PassageNarrationWidth(const PassagePicture& picture);

}  // namespace tilewalk::views
