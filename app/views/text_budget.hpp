// A pane that draws text and pictures gives its pictures what the text leaves. The text's height (lines that
// wrap, scales on one line or two) is known only once drawn: the pane remembers it in its window, keyed by
// `id`, and sizes the pictures by it in the next frame, as the window settles.
#pragma once

namespace tilewalk::views {

// The text height remembered under `id` in the current window; `estimate` before the first frame.
float RememberedTextHeight(const char* id, float estimate);
void RememberTextHeight(const char* id, float height);

}  // namespace tilewalk::views
