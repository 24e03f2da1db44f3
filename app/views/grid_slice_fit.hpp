// How the grid view fits its slices into a pane (app/views/grid_layout.cpp): the space around one slice's
// cells that does not scale with the cell pitch (titles, indices, the innermost arrow's label), and the
// number of slices per row that gives the largest cells whose labels fit.
#pragma once

#include <cstdint>
#include <string>

#include "app/views/grid_layout.hpp"

namespace tilewalk::views::grid_fit {

constexpr float kMinPitch = 2.0f;     // below this a cell is not a visible shape
constexpr float kMaxPitch = 4096.0f;  // zoomed in far enough; keeps the content size finite
constexpr float kMinZoom = 0.1f, kMaxZoom = 8.0f;
constexpr float kMinReadablePitchLines = 1.0f;  // cells smaller than a line of text: show one slice only
constexpr float kMinBandPitchLines = 1.2f;      // cells smaller than this: a large grid goes into bands
constexpr int kUnbandedSide = 8;                // an axis of this many cells or fewer is never banded

// Where the label of a vertical innermost arrow goes: beside it reads best, under the cells leaves the
// cells more width in a narrow pane. A horizontal arrow always has its label under it.
// When the legend stands beside the slices, it names the arrow instead.
enum class InnermostLabel : std::uint8_t { Beside, Below, InLegend };

// Space around the cells of one slice that does not scale with the cell pitch.
struct SliceChrome {
  float left = 0, right = 0, top = 0, bottom = 0;
  float min_width = 0, min_height = 0;  // the labels alone need this much
  InnermostLabel innermost_label = InnermostLabel::Below;
  std::string innermost_head{}, innermost_tail{};  // the label's first and (when beside) second line
};

struct Arrangement {
  int slice_columns = 1, slice_rows = 1;
  float pitch = kMinPitch;
  float shortfall = 0.0f;  // how far the slices' labels alone overflow the area
};

// Digits of the largest index of an axis with `count` entries (0 to count-1), for any count.
int IndexDigits(int count);
float FiniteOr(float value, float fallback);

// The title of a slice; none when the launch has one slice, since its pane already says which launch it is.
// `total`: the launch's slices, of which `picture` may hold only the one in focus.
std::string SliceTitle(const GridPicture& picture, const GridSlice& slice, int total);
SliceChrome MeasureChrome(const GridPicture& picture, const GridSlice& sample, int total,
                          InnermostLabel placement, const TextMetrics& m);
// Tries every number of slices per row and keeps the one that gives the largest cells among those whose
// labels fit (or, when none do, the one that overflows least).
Arrangement FitSlices(int slice_count, int rows, int cols, const SliceChrome& chrome, float width,
                      float height, float gap, float max_fit);

}  // namespace tilewalk::views::grid_fit
