// The comparison of kernels as a figure: the picture (views/compare_picture.hpp) built from a run's
// tallies, written as SVG (pictures::CompareSvg) or as PNG, drawn by the ImGui view headless, both
// through the one safe writer. `check --compare A,B --svg FILE --png FILE`.
#pragma once

#include <filesystem>
#include <ostream>

#include "app/check/compare_run.hpp"
#include "app/views/compare_picture.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

views::ComparePicture ComparisonPicture(const Comparison& comparison);

base::Status WriteComparisonSvg(const std::filesystem::path& path, const views::ComparePicture& picture);
// Draws the view at the figure's width on a headless OpenGL context; `warnings` gets font fallbacks.
base::Status WriteComparisonPng(const std::filesystem::path& path, const views::ComparePicture& picture,
                                std::ostream& warnings);

}  // namespace tilewalk::app
