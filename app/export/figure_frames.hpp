// Drawing one frame of `export --figure`: each figure pane (app/screen/figure_screen.hpp) the frame draws
// and that has something to show, alone, at its own size, into the headless renderer, handed to the frame
// writer as frames/00001-<pane>.<ext>, and described in the manifest with the pane's image, size and title.
// The panes' sizes are fixed for the whole export: --size for all, else each pane's default.
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

// Draws `spec`'s pane of `pictures` alone at its size, as every figure is drawn, and reads its pixels back
// (RGBA, bottom row first) into `pixels`; returns their size. The stills and the animations of --motion
// both draw through here.
PixelSize RenderFigure(HeadlessRenderer& renderer, const session::TourPictures& pictures,
                       const FigureSpec& spec, TourScreenState& screen, std::vector<std::uint8_t>& pixels);

// One frame's figures: which of the export's panes it draws, and where their images go.
struct FigureFrame {
  const std::vector<FigureSpec>& specs;  // every pane of the export, with its size
  PaneSet panes;                         // those this frame draws (--stop-pane: the stop's own)
  TourScreenState& screen;
  FrameWriter& writer;
  const std::filesystem::path& folder;  // the staging folder
  int index = 0;                        // the frame's, from 0
  std::string_view extension;           // "png" or "webp"
};

// Draws the frame's panes at the session's current moment, except those with nothing to show there
// (EmptyPaneReason), and queues their images; what it returns lists them for the frame's manifest entry.
std::vector<ManifestPane> DrawFigureFrame(HeadlessRenderer& renderer, session::TourSession& session,
                                          const FigureFrame& frame);

}  // namespace tilewalk::app
