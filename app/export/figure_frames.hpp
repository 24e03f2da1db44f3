// Drawing one frame of `export --figure`: each figure pane (app/screen/figure_screen.hpp) alone, at its
// own size, into the headless renderer, handed to the frame writer as frames/00001-<pane>.<ext>, and
// described in the manifest with the pane's image, size and title. The panes' sizes are fixed for the
// whole export: --size for all, else each pane's default.
#pragma once

#include <filesystem>
#include <string_view>
#include <vector>

#include "app/export/export_options.hpp"
#include "app/export/frame_writer.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/manifest.hpp"
#include "app/screen/figure_screen.hpp"

namespace tilewalk::app {

struct FigureSpec {
  Pane pane = Pane::Grid;
  PixelSize layout{};  // at scale 1
};

// The panes of a figure export, in the manifest's pane order, with their layout sizes.
std::vector<FigureSpec> FigureSpecs(const ExportOptions& options);
// The smallest layout every spec fits in: what the renderer's framebuffer is opened at.
PixelSize LargestFigure(const std::vector<FigureSpec>& specs);

// Draws the panes of the session's current moment and queues their images; the frame's manifest entry
// (without its description, which the caller adds) lists them.
std::vector<ManifestPane> DrawFigureFrame(HeadlessRenderer& renderer, session::TourSession& session,
                                          TourScreenState& screen, const std::vector<FigureSpec>& specs,
                                          FrameWriter& writer, const std::filesystem::path& folder, int index,
                                          std::string_view extension);

}  // namespace tilewalk::app
