// The source pane: a tab per file (the C++ mirror, the Pallas original when found), line numbers, margin
// marks on the current passage's lines, syntax colouring, and the executing line as the brightest band on
// screen, scrolled into view when it moves. A click on a mirror line returns the intent to seek to the next
// event at that line.
#pragma once

#include <optional>

#include "app/views/source_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawSourceView(const SourcePicture& picture, SourceViewState& state);

}  // namespace tilewalk::views
