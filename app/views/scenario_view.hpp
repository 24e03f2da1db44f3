// The scenario pane: the scenario the stop runs, every setting an editable field (shapes, flags, numbers
// and chip, each launch's blocks), with Apply, which asks the app to record the edit and land on the stop's
// moment in it; Undo edits; and the way back to the stop's own scenario. A rejected scenario's error stands
// at the top, with the phase that raised it, while the source pane shows the raising line.
#pragma once

#include <optional>

#include "app/views/scenario_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

// `draft` holds the edits in progress; it restarts from the picture whenever the picture's scenario changes.
std::optional<Intent> DrawScenarioView(const ScenarioPicture& picture, ScenarioDraft& draft);

}  // namespace tilewalk::views
