// `tilewalk export --site DIR`: one folder that any static web host serves, holding the live page
// (assets/site/, compiled into the binary like the player), the wasm module it runs the kernels in, and the
// author's Pallas files when given, one per kernel. Everything the page fetches is in the folder, so it works
// offline once loaded. The reader picks the tour and the scenario in the page, so the frame export's options
// do not apply, and each is refused by name.
#pragma once

#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/verb.hpp"
#include "base/embedded_file.hpp"
#include "base/result.hpp"

std::span<const tilewalk::EmbeddedFile> SiteFiles();  // generated: the page's files of assets/site/

namespace tilewalk::app {

struct SiteOptions {
  std::filesystem::path folder{};                       // --site DIR
  std::vector<std::filesystem::path> pallas_sources{};  // --pallas-source PATH, once per kernel
  std::optional<std::filesystem::path> web_module{};    // --web-module DIR; default: configured at build
  bool force = false;                                   // --force: replace an earlier site
};

// The site's marker, which --force looks for before replacing a folder.
inline constexpr const char* kSiteMarker = "tilewalk-site.json";

// True when the command line asks for a site (--site given), which the frame export's parser then leaves.
bool AsksForSite(std::span<const std::string_view> args);
// The options of a site export in --help, after the frame export's.
std::string SiteHelp();
base::Result<SiteOptions> ParseSiteOptions(std::span<const std::string_view> args);
VerbResult RunSiteExport(const SiteOptions& options, std::ostream& err);

}  // namespace tilewalk::app
