// What an export makes sure of before it records a stop: the folder options that let --force replace only
// an earlier export, the tools its flags need (ffmpeg for --video, libwebp for --format webp, libwebpmux for
// --motion, the headless renderer), a session with something to draw, and the staging folder's subfolders.
// Each says what was wrong and what to do, so that nothing is recorded or written for an export that cannot
// finish.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/export/export_options.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/export/manifest.hpp"
#include "app/export/webp_animation.hpp"
#include "app/export/webp_file.hpp"
#include "app/session/tour_session.hpp"
#include "app/verb.hpp"
#include "base/output_folder.hpp"
#include "base/result.hpp"

namespace tilewalk::app {

// An earlier export may be replaced (--force): a folder whose manifest.json an export wrote.
base::FolderOptions ExportFolderOptions(bool force);
// The renderer of the screen, or none with --format svg (which draws without ImGui). A figure's text is
// the size of a 1280x720 screen's, whatever the pane's size, unless --size says.
base::Result<std::unique_ptr<HeadlessRenderer>> OpenRenderer(const ExportOptions& options, std::ostream& err);
// ffmpeg for --video; none without --video.
base::Result<std::optional<std::filesystem::path>> FindFfmpeg(const ExportOptions& options);
// libwebp for --format webp; none for the other formats.
base::Result<std::shared_ptr<const WebpEncoder>> LoadWebp(const ExportOptions& options);
// libwebpmux's animation encoder for --motion; none without --motion.
base::Result<std::shared_ptr<const WebpAnimationEncoder>> LoadWebpAnimation(const ExportOptions& options);
// Why there is nothing to export, said on `err`: the library's problems (without --keep-going), no tour,
// or a rejected scenario; none when there is something to draw.
std::optional<VerbResult> RefuseSession(const session::TourSession& session, const ExportOptions& options,
                                        std::ostream& err);
// Stops whose text could not be filled or that did not land, each said on `err`. Without --keep-going they
// end the export with exit 1 before anything is committed; with it they are warnings, and the stops are
// exported with the problem shown.
base::Status CheckStopsWhole(const std::vector<ManifestStop>& stops, bool keep_going, std::ostream& err);
// frames/ and pictures/ in the staging folder, and motion/ for --motion; `nothing` ends the message
// ("nothing was written to ...").
base::Status MakeSubfolders(const std::filesystem::path& folder, bool motion, const std::string& nothing);

}  // namespace tilewalk::app
