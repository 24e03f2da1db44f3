// The timeline pane: playback buttons (start, back, play/pause, forward, end) and a speed slider, the
// position of the cursor in words, and a scrubber over the whole recording with the launches as bands,
// a lane of markers per event kind and the cursor as a bright line. Dragging on the scrubber returns the
// intent to seek there.
#pragma once

#include <optional>

#include "app/views/timeline_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawTimelineView(const TimelinePicture& picture);

// The event under x on a scrubber spanning [left, left + width) over `event_count` events (pure, tested).
std::uint64_t ScrubberEventAt(float x, float left, float width, std::uint64_t event_count);

}  // namespace tilewalk::views
