// `tilewalk export`: plans the frames of a tour or a scenario, draws each with the app's own tour screen
// into a headless EGL framebuffer, writes them as PNG files on a worker thread while the next one draws,
// then the manifest, and if asked the HTML player and a video; all into a staging folder that becomes
// --out only when everything is written. Ctrl-C (or SIGTERM) stops between frames and removes the staging
// folder. Failures are sentences on `err` and an exit code.
#pragma once

#include <ostream>

#include "app/export/export_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

ExitCode RunExport(const ExportOptions& options, std::ostream& out, std::ostream& err);

}  // namespace tilewalk::app
