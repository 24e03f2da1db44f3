// The `export` verb: its help text, its option parser (its own options, the rest are scenario flags),
// and its handler, which hands the parsed options to the export run.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "app/export/export_options.hpp"
#include "app/verb.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kExportSynopsis =
    "--out DIR [--kernel NAME] [--tour NAME | scenario flags] [--every statement|dma|step|stop] [--size WxH] "
    "[--scale S] "
    "[--panes LIST] [--html] [--video] [--motion] [--force]\n       tilewalk export --site DIR "
    "[--pallas-source PATH] [--web-module DIR] [--force]";
std::string ExportHelp();

base::Result<ExportOptions> ParseExportOptions(std::span<const std::string_view> args);

// An option of the frame export (its own, --kernel or a scenario flag), which a site export refuses by name.
bool IsFrameExportOption(std::string_view name);

VerbResult RunExportVerb(const VerbCall& call);

}  // namespace tilewalk::app
