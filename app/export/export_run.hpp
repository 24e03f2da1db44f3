// `tilewalk export`: plans the frames of a tour or a scenario, draws each with the app's own tour screen
// into a headless EGL framebuffer, writes them as PNG files on a worker thread while the next one draws,
// then the manifest, and if asked the HTML player and a video (ffmpeg, with a time limit); all through the
// one safe folder writer, into a hidden folder that becomes --out only when everything is written.
// Everything that can be refused (--out, ffmpeg, the library's problems, the plan's length, the frame
// size) is refused before anything is drawn. Ctrl-C (or SIGTERM) stops between stops while planning and
// between frames while drawing, with a progress line on a terminal, and leaves nothing behind.
#pragma once

#include <ostream>

#include "app/export/export_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

// Progress, warnings and the closing "wrote ..." line go to `err`: standard output carries no status.
VerbResult RunExport(const ExportOptions& options, std::ostream& err);

}  // namespace tilewalk::app
