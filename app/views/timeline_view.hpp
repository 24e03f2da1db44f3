// The timeline pane: playback buttons (start, back, play/pause, forward, end), the step unit that playback
// and the arrows move by (statement, DMA, grid step, launch), a speed slider and the axis (events or
// estimated time); the position of the cursor in words; a scrubber over the whole recording with the
// launches as bands, a lane of markers per event kind and the cursor as a bright line; on the time axis, its
// labels;
// and, per kind of marker, buttons that jump to the previous or next event of that kind. Dragging on the
// scrubber returns the intent to seek there, by event or by estimated time.
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "app/views/timeline_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawTimelineView(const TimelinePicture& picture);

// The height the pane's contents need at the current font (the time axis has a row of labels, megacore
// lanes and the pipeline chart of model-time playback take theirs), so that the layout can give it exactly
// that.
float TimelineViewHeight(const TimelinePicture& picture);

// The timeline as a figure (export --figure): the scrubber, the time axis's labels and the legend's
// swatches, with no buttons and no position line (an export carries that as text, the frame's caption).
void DrawTimelineFigure(const TimelinePicture& picture);

// The slim timeline of classroom mode, driven from the keyboard: the statement and position in one line
// over the scrubber, without buttons or legend.
std::optional<Intent> DrawTimelineStrip(const TimelinePicture& picture);
float TimelineStripHeight(const TimelinePicture& picture);

// The event under x on a scrubber spanning [left, left + width) over `event_count` events (pure, tested).
std::uint64_t ScrubberEventAt(float x, float left, float width, std::uint64_t event_count);

}  // namespace tilewalk::views
