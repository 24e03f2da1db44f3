// The source pane: the Pallas file and the C++ mirror side by side (the Pallas file first), line numbers,
// gutter marks on the current passage's lines, syntax colouring, and the executing lines as the brightest
// band on screen in both, scrolled into view when they move. A click on a line of either returns the
// intent to seek to the next event at that line.
#pragma once

#include <optional>

#include "app/views/source_picture.hpp"
#include "app/views/view_intent.hpp"

namespace tilewalk::views {

std::optional<Intent> DrawSourceView(const SourcePicture& picture, SourceViewState& state);

}  // namespace tilewalk::views
