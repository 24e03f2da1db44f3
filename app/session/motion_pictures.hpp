// Playback in model time on the pictures: what is active at one instant of the cost model's clock (a
// walkthrough::ModelInstant), added to the pictures built from the snapshot at its cursor. The snapshot
// holds the machine after the cursor's event; these add only what the clock says is under way at the
// instant (a copy landing, a writeback draining, a core computing or waiting), never a state the
// recording does not hold between the cursor's event and the next.
#pragma once

#include "app/views/grid_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/timeline_picture.hpp"
#include "walkthrough/model_time.hpp"

namespace tilewalk::session {

// Per core, the cell it computes or waits for, and the cell whose inputs are landing.
void AddGridMotion(views::GridPicture& picture, const walkthrough::ModelInstant& instant,
                   const walkthrough::Recording& recording);

// The slot a copy lands in and the output slot a writeback drains, with their progress, for the core of the
// picture's event (the timeline's cursor); `under_way` says what moves and how far it has got.
void AddMemoryMotion(views::MemoryPicture& picture, const walkthrough::ModelInstant& instant,
                     const walkthrough::Recording& recording);

// The lanes of each core of the instant's launch (compute, then copies) over a window of about six grid
// steps around the playhead, which sits a third of the way in.
views::PipelineChart BuildPipelineChart(const walkthrough::ModelTime& time,
                                        const walkthrough::ModelInstant& instant,
                                        const walkthrough::Recording& recording);

}  // namespace tilewalk::session
