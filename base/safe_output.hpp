// The one safe writer for every output tilewalk makes: trace JSON, screenshots, `check --dump`, export
// folders, the settings file, the source cache. Include this header; the rules live with their parts:
// - output_file.hpp: a file, written to a temporary beside it and renamed into place only when complete;
//   devices, FIFOs and our own stdout or stderr written in place; links to regular files replaced at their
//   target; folders, dangling links, loops and disks refused; ENOSPC and EFBIG as sentences;
// - output_folder.hpp: a folder, staged in a hidden sibling and renamed into place at Commit(); an existing
//   folder replaced only when asked and only when it carries our marker; ".", "..", paths ending in "/."
//   and the working folder (or any folder holding it) refused;
// - temporary_name.hpp: temporaries named ".NAME.tilewalk-partial-PID-START-SERIAL", so that a later run
//   removes those whose process is gone (RemoveStaleTemporaries), as every writer does before it writes.
// Nothing is deleted before its replacement is complete.
#pragma once

#include "base/output_file.hpp"
#include "base/output_folder.hpp"
#include "base/temporary_name.hpp"
