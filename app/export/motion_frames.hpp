// `export --motion`: each tour stop's grid and memory figures as animated WebP, played in the model's time
// (motion_play.hpp). Every frame is drawn as --figure draws the pane (RenderFigure) and handed to the
// animation encoder, and each finished file goes through the safe writer as motion/00001-grid.webp,
// numbered as the stop's first still. A pane with nothing to show at the landing gets no animation.
#pragma once

#include <filesystem>
#include <memory>
#include <ostream>
#include <vector>

#include "app/export/export_options.hpp"
#include "app/export/figure_frames.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/manifest.hpp"
#include "app/export/motion_play.hpp"
#include "app/export/webp_animation.hpp"
#include "app/session/tour_session.hpp"
#include "base/interrupt_guard.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

// The panes --motion animates: those whose pictures show what moves (grid and memory).
PaneSet MotionPanes();

struct MotionTarget {
  HeadlessRenderer& renderer;
  const ExportOptions& options;
  std::shared_ptr<const WebpAnimationEncoder> encoder;
  const std::filesystem::path& folder;  // the staging folder, with motion/
};

// Animates every stop of `stops` (the manifest's, whose first_frame numbers the files) and writes the
// files; what the manifest lists for them, or the first failure (Reason::Interrupted on a Ctrl-C).
base::Result<std::vector<ManifestMotion>> DrawMotion(session::TourSession& session,
                                                     const MotionTarget& target,
                                                     const std::vector<ManifestStop>& stops,
                                                     std::ostream& err,
                                                     const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
