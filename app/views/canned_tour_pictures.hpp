// Canned pictures of the tour panes (source, passage, memory, timeline, lanes, scores, cost,
// scenario) for the gallery and the smoke
// tests: small, hand-written values shaped like what app/session builds from a real snapshot, so each
// pane can be seen and tested without recording a scenario.
#pragma once

#include "app/views/cost_picture.hpp"
#include "app/views/lanes_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/passage_picture.hpp"
#include "app/views/scenario_picture.hpp"
#include "app/views/scores_picture.hpp"
#include "app/views/source_picture.hpp"
#include "app/views/timeline_picture.hpp"

namespace tilewalk::views {

SourcePicture CannedSourcePicture();      // a C++ tab with an executing line and a passage, and a Python tab
PassagePicture CannedPassagePicture();    // stop 2 of 5
MemoryPicture CannedMemoryPicture();      // a copy landing, a reused block, a written-back output
TimelinePicture CannedTimelinePicture();  // three launches with markers of every kind
LanesPicture CannedLanesPicture();        // m, l and alpha of a 128-row block, tiled twice for block_k 256
ScoresPicture CannedScoresPicture();
CostPicture CannedCostPicture();
ScenarioPicture CannedScenarioPicture();  // an edit to block_k 64, rejected while tracing          // eight
                                          // steps, three skipped, one bubble, the cursor on step 6      // a
                                          // diagonal block after apply_mask: the upper triangle hatched

}  // namespace tilewalk::views
