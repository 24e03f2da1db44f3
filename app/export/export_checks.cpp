#include "app/export/export_checks.hpp"

#include <system_error>

#include "app/export/figure_frames.hpp"
#include "app/export/manifest.hpp"
#include "app/library_problems.hpp"
#include "base/child_process.hpp"
#include "base/os_error.hpp"
#include "base/terminal_text.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

base::FolderOptions ExportFolderOptions(bool force) {
  return {.replace = force,
          .marker = {
              .file_name = "manifest.json", .accepts = IsExportManifest, .description = "an earlier export"}};
}

// Figures fitted to their panes (no --size) draw their text at this size, for a web page read on a phone.
constexpr float kFittedFigureFontPixels = 16.0f;

base::Result<std::unique_ptr<HeadlessRenderer>> OpenRenderer(const ExportOptions& options,
                                                             std::ostream& err) {
  if (options.format == ImageFormat::Svg) {
    views::palette::SetTheme(options.theme);  // the renderer's look sets it otherwise
    return std::unique_ptr<HeadlessRenderer>();
  }
  const bool fitted_figures = options.figure && !options.size_given;
  auto opened = HeadlessRenderer::Open(
      {.layout = options.figure ? LargestFigure(FigureSpecs(options)) : options.size,
       .scale = options.scale,
       .look = {.font_pixels =
                    fitted_figures ? kFittedFigureFontPixels : FontPixelsForHeight(options.size.height),
                .theme = options.theme}},
      err);
  if (!opened) return base::Fail(opened.error().reason, "cannot draw the frames: " + opened.error().message);
  return std::move(*opened);
}

base::Result<std::optional<std::filesystem::path>> FindFfmpeg(const ExportOptions& options) {
  if (!options.video) return std::optional<std::filesystem::path>();
  auto ffmpeg = base::FindOnPath("ffmpeg");
  if (!ffmpeg)
    return base::Fail(base::Reason::NotFound,
                      "--video needs ffmpeg, and there is no ffmpeg on PATH; install it (apt-get install "
                      "ffmpeg) or drop --video");
  return std::optional<std::filesystem::path>(std::move(*ffmpeg));
}

base::Result<std::shared_ptr<const WebpEncoder>> LoadWebp(const ExportOptions& options) {
  if (options.format != ImageFormat::Webp) return std::shared_ptr<const WebpEncoder>();
  return WebpEncoder::Load();
}

base::Result<std::shared_ptr<const WebpAnimationEncoder>> LoadWebpAnimation(const ExportOptions& options) {
  if (!options.motion) return std::shared_ptr<const WebpAnimationEncoder>();
  return WebpAnimationEncoder::Load();
}

base::Status CheckStopsWhole(const std::vector<ManifestStop>& stops, bool keep_going, std::ostream& err) {
  int broken = 0;
  for (std::size_t i = 0; i < stops.size(); ++i) {
    if (stops[i].problem.empty()) continue;
    ++broken;
    err << "tilewalk export: " << (keep_going ? "warning: " : "") << "stop " << i + 1 << " ("
        << base::Excerpt(stops[i].title) << "): " << base::Excerpt(stops[i].problem, 200) << "\n";
  }
  if (broken == 0 || keep_going) return {};
  return base::Fail(base::Reason::Malformed,
                    std::to_string(broken) + (broken == 1 ? " stop" : " stops") +
                        " of the tour cannot be shown whole; fix the tour, or give --keep-going to export "
                        "with the problems shown on those stops");
}

std::optional<VerbResult> RefuseSession(const session::TourSession& session, const ExportOptions& options,
                                        std::ostream& err) {
  if (const base::Status usable = ReportLibraryProblems(session.library_problems(), options.library,
                                                        options.keep_going, "export", err);
      !usable)
    return VerbResult(usable.error());
  if (!session.HasTour()) {
    err << "tilewalk export: " << base::TerminalSafe(session.fallback_message()) << "\n";
    return VerbResult(ExitCode::Usage);
  }
  if (options.scenario && session.recording() && session.recording()->error()) {
    const tpu::KernelError& error = *session.recording()->error();
    err << "tilewalk export: the scenario is rejected, so there is nothing to draw.\n"
        << walkthrough::DescribeKernelError(error,
                                            walkthrough::WalkOf(session.recording()->scenario().kernel()))
        << "\n"
        << session.recording()->scenario().kernel().ErrorAdvice(error, session.recording()->error_launch())
        << "\n";
    return VerbResult(ExitCode::Failure);
  }
  return std::nullopt;
}

base::Status MakeSubfolders(const std::filesystem::path& folder, bool motion, const std::string& nothing) {
  std::vector<const char*> subfolders = {"frames", "pictures"};
  if (motion) subfolders.push_back("motion");
  for (const char* sub : subfolders) {
    std::error_code ec;
    std::filesystem::create_directory(folder / sub, ec);
    if (ec)
      return base::Fail(base::Reason::Unwritable,
                        "cannot create " + base::Quote(folder / sub) + " (" + ec.message() + "); " + nothing);
  }
  return {};
}

}  // namespace tilewalk::app
