// The scores pane: s and p of the current minor block as heatmaps side by side, masked entries hatched
// ("/" causal, "\" segment) and kept out of the colour scale, each with a min/max scale bar. Draws textures
// the app uploaded; no per-cell widgets.
#pragma once

#include "app/views/scores_picture.hpp"

namespace tilewalk::views {

void DrawScoresView(const ScoresPicture& picture);

}  // namespace tilewalk::views
