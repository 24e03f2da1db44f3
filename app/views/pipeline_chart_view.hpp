// The pipeline chart of model-time playback: one lane per TensorCore's compute and one per its copy
// engine, over a window of estimated time around the playhead, so that the copy of step i+1 is seen under
// the compute of step i and a wait as a bubble. Above the lanes, what the playhead crosses, in words.
#pragma once

#include "app/views/timeline_picture.hpp"

namespace tilewalk::views {

// `compact`: thinner lanes and no line of words, for classroom mode's slim strip, whose own first line says
// what the cursor's event is.
void DrawPipelineChart(const PipelineChart& chart, bool compact = false);
float PipelineChartHeight(const PipelineChart& chart, bool compact = false);  // 0 without lanes

}  // namespace tilewalk::views
