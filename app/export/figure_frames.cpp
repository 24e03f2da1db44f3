#include "app/export/figure_frames.hpp"

#include <algorithm>

namespace tilewalk::app {

std::vector<FigureSpec> FigureSpecs(const ExportOptions& options) {
  std::vector<FigureSpec> specs;
  for (int p = 0; p < static_cast<int>(Pane::kCount); ++p) {
    const auto pane = static_cast<Pane>(p);
    if (!options.panes.Has(pane) || !PicturePanes().Has(pane)) continue;
    specs.push_back({.pane = pane, .layout = options.size_given ? options.size : DefaultFigureSize(pane)});
  }
  return specs;
}

PixelSize LargestFigure(const std::vector<FigureSpec>& specs) {
  PixelSize largest{.width = 1, .height = 1};
  for (const FigureSpec& s : specs)
    largest = {.width = std::max(largest.width, s.layout.width),
               .height = std::max(largest.height, s.layout.height)};
  return largest;
}

PixelSize RenderFigure(HeadlessRenderer& renderer, const session::TourPictures& pictures,
                       const FigureSpec& spec, TourScreenState& screen, std::vector<std::uint8_t>& pixels) {
  renderer.SetLayout(spec.layout);
  renderer.BeginFrame();
  DrawFigure(pictures, spec.pane, screen);
  renderer.Render();
  renderer.ReadPixels(pixels);
  return renderer.FramebufferSize();
}

std::vector<ManifestPane> DrawFigureFrame(HeadlessRenderer& renderer, session::TourSession& session,
                                          const FigureFrame& frame) {
  std::vector<ManifestPane> images;
  std::vector<std::uint8_t> pixels;
  for (const FigureSpec& spec : frame.specs) {
    if (!frame.panes.Has(spec.pane) || !EmptyPaneReason(session.Pictures(), spec.pane).empty()) continue;
    const PixelSize size = RenderFigure(renderer, session.Pictures(), spec, frame.screen, pixels);
    ManifestPane image{.pane = std::string(PaneName(spec.pane)),
                       .image = PaneFrameFileName(frame.index, spec.pane, frame.extension),
                       .title = FigureTitle(session.Pictures(), spec.pane),
                       .size = size};
    frame.writer.Write(frame.folder / image.image, image.size, std::move(pixels));
    pixels = {};
    images.push_back(std::move(image));
  }
  return images;
}

}  // namespace tilewalk::app
