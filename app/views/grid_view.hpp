// The grid view: the grid of one kernel launch, one block per (batch, head) slice, each grid step a cell
// coloured by its state, with the execution path drawn through the cells and an arrow along the innermost
// axis. It paints into the current ImGui window from a GridPicture and a GridViewState and returns an
// intent when the user clicks a cell; the app decides what seeking there means. The geometry comes from
// grid_layout.hpp.
#pragma once

#include <optional>

#include "app/views/grid_picture.hpp"

namespace tilewalk::views {

std::optional<GridCell> DrawGridView(const GridPicture& picture, GridViewState& state);

}  // namespace tilewalk::views
