#include "app/export/pane_files.hpp"

#include <cstdio>

#include "app/export/frame_files.hpp"
#include "app/pictures/picture_json.hpp"
#include "app/pictures/picture_svg.hpp"
#include "app/screen/figure_screen.hpp"
#include "base/output_file.hpp"

namespace tilewalk::app {
namespace {

struct PaneText {
  std::string svg, json;
};

// The pane's picture as SVG (when asked) and JSON.
PaneText Render(const session::TourPictures& p, Pane pane, bool svg) {
  switch (pane) {
    case Pane::Grid:
      return {svg ? pictures::GridSvg(p.grid) : "", pictures::GridJson(p.grid)};
    case Pane::Memory:
      return {svg ? pictures::MemorySvg(p.memory) : "", pictures::MemoryJson(p.memory)};
    case Pane::Lanes:
      return {svg ? pictures::LanesSvg(p.lanes) : "", pictures::LanesJson(p.lanes)};
    case Pane::Scores:
      return {svg ? pictures::ScoresSvg(p.scores) : "", pictures::ScoresJson(p.scores)};
    case Pane::Cost:
      return {svg ? pictures::CostSvg(p.cost) : "", pictures::CostJson(p.cost)};
    default:
      break;
  }
  return {svg ? pictures::TimelineSvg(p.timeline) : "", pictures::TimelineJson(p.timeline)};
}

}  // namespace

base::Result<std::vector<ManifestPane>> WritePaneFiles(const session::TourPictures& pictures, PaneSet panes,
                                                       int index, bool svg,
                                                       const std::filesystem::path& folder) {
  std::vector<ManifestPane> written;
  for (int i = 0; i < static_cast<int>(Pane::kCount); ++i) {
    const auto pane = static_cast<Pane>(i);
    if (!panes.Has(pane) || !PicturePanes().Has(pane)) continue;
    ManifestPane entry{.pane = std::string(PaneName(pane)),
                       .picture = PanePictureFileName(index, pane),
                       .empty = EmptyPaneReason(pictures, pane)};
    const bool image = svg && entry.empty.empty();
    const PaneText text = Render(pictures, pane, image);
    if (image) {
      entry.image = PaneFrameFileName(index, pane, "svg");
      if (base::Status ok = base::WriteFileContent(folder / entry.image, text.svg); !ok) return ok.error();
    }
    if (base::Status ok = base::WriteFileContent(folder / entry.picture, text.json); !ok) return ok.error();
    written.push_back(std::move(entry));
  }
  return written;
}

}  // namespace tilewalk::app
