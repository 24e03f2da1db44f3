// The site export: its options, the checks made before anything is written (the module, the Pallas file,
// the folder), and the folder written through the safe writer, which swaps it in only once it is whole.
#include "app/export/site_export.hpp"

#include <algorithm>
#include <nlohmann/json.hpp>
#include <system_error>

#include "app/cli_options.hpp"
#include "app/export/export_verb.hpp"
#include "app/export/web_module.hpp"
#include "app/pallas_for_verb.hpp"
#include "app/version.hpp"
#include "base/byte_size.hpp"
#include "base/option_parser.hpp"
#include "base/os_error.hpp"
#include "base/output_file.hpp"
#include "base/output_folder.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {
namespace {

std::vector<base::OptionSpec> SiteSpecs(SiteOptions& into, std::optional<std::filesystem::path>& folder) {
  return {
      PathOption("--site", "DIR", "a folder",
                 "Instead of frames, write the live page into DIR: index.html, its style and scripts, the\n"
                 "wasm module that runs the kernels in the reader's browser, and the --pallas-source files;\n"
                 "any static web host serves it. Takes only --pallas-source, --web-module and --force",
                 folder),
      {.name = "--pallas-source",
       .value_name = "PATH",
       .needs = "a file",
       .help = "A kernel's Pallas file to show beside the C++ mirror; with --site, one per kernel",
       .set = [&into](std::string_view value) -> base::Status {
         into.pallas_sources.emplace_back(value);
         return {};
       },
       .repeatable = true},
      PathOption("--web-module", "DIR", "a folder",
                 "With --site: the folder of tilewalk_web.js and tilewalk_web.wasm (default: the web\n"
                 "preset's build folder, build-wasm/web)",
                 into.web_module),
      SwitchOption("--force", "Replace DIR if it exists (it is swapped only once the export is complete)",
                   into.force),
  };
}

// The name of an option as given: "--tour" of "--tour=intro".
std::string_view SiteOptionName(std::string_view arg) {
  return arg.substr(0, arg.find('='));
}

bool AcceptsSiteMarker(std::string_view content) {
  const auto json = nlohmann::json::parse(content, nullptr, false);
  return json.is_object() && json.contains("tilewalk_site");
}

base::FolderOptions SiteFolderOptions(bool force) {
  return {
      .replace = force,
      .marker = {.file_name = kSiteMarker, .accepts = AcceptsSiteMarker, .description = "an earlier site"}};
}

// The file the page shows for a kernel, with the kernel it belongs to: the first registered kernel that
// takes it (another kernel's pinned file is that kernel's), else the default kernel's refusal.
struct SitePallas {
  std::string kernel{};          // "flash"
  std::filesystem::path path{};  // as --pallas-source named it
  std::string text{};            // its lines, each ended by "\n"
};

base::Result<SitePallas> FindSitePallas(const std::filesystem::path& flag) {
  std::optional<base::Error> first;
  for (const kernel::Kernel* k : kernel::Kernels()) {
    auto source = FindKernelPallasSource(*k, flag);
    if (!source) {
      if (!first) first = source.error();
      continue;
    }
    SitePallas found{.kernel = std::string(k->info().name), .path = flag};
    for (const std::string& line : *source->lines) found.text += line + "\n";
    return found;
  }
  return *first;
}

// Every --pallas-source file with its kernel; two files of one kernel are refused, since the page shows one.
base::Result<std::vector<SitePallas>> FindSitePallasFiles(const std::vector<std::filesystem::path>& flags) {
  std::vector<SitePallas> files;
  for (const std::filesystem::path& flag : flags) {
    auto found = FindSitePallas(flag);
    if (!found) return found.error();
    for (const SitePallas& earlier : files)
      if (earlier.kernel == found->kernel)
        return base::Fail(base::Reason::Usage, "--pallas-source names two files of " + found->kernel + " (" +
                                                   base::Quote(earlier.path) + ", then " + base::Quote(flag) +
                                                   "); give one per kernel");
    files.push_back(std::move(*found));
  }
  return files;
}

std::string PallasFileName(const std::string& kernel) {
  return "pallas/" + kernel + ".py";
}

// " and pallas/flash.py and pallas/splash.py": what the export says it wrote besides the page and module.
std::string PallasFilesWritten(const std::vector<SitePallas>& pallas) {
  std::string said;
  for (const SitePallas& file : pallas) said += " and " + PallasFileName(file.kernel);
  return said;
}

// tilewalk-site.json: the marker, and what the page reads to find the module and the Pallas file.
std::string SiteManifest(const std::vector<SitePallas>& pallas) {
  nlohmann::json pallas_files = nlohmann::json::object();
  for (const SitePallas& file : pallas) pallas_files[file.kernel] = PallasFileName(file.kernel);
  const nlohmann::json manifest = {
      {"tilewalk_site", 1},
      {"tilewalk_version", std::string(kVersion)},
      {"module", {{"loader", kWebModuleLoader}, {"code", kWebModuleCode}}},
      {"pallas", pallas_files},
  };
  return manifest.dump(2) + "\n";
}

base::Status WriteSite(const std::filesystem::path& folder, const WebModule& module,
                       const std::vector<SitePallas>& pallas) {
  for (const EmbeddedFile& file : SiteFiles())
    if (auto written = base::WriteFileContent(folder / std::string(file.name), file.text); !written)
      return written;
  if (auto written = base::WriteFileContent(folder / kWebModuleLoader, module.loader); !written)
    return written;
  if (auto written = base::WriteFileContent(folder / kWebModuleCode, module.code); !written) return written;
  if (!pallas.empty()) {
    std::error_code ec;
    std::filesystem::create_directory(folder / "pallas", ec);
    if (ec)
      return base::Fail(base::Reason::Unwritable,
                        "cannot create " + base::Quote(folder / "pallas") + " (" + ec.message() + ")");
  }
  for (const SitePallas& file : pallas)
    if (auto written = base::WriteFileContent(folder / PallasFileName(file.kernel), file.text); !written)
      return written;
  return base::WriteFileContent(folder / kSiteMarker, SiteManifest(pallas));
}

}  // namespace

bool AsksForSite(std::span<const std::string_view> args) {
  return std::any_of(args.begin(), args.end(),
                     [](std::string_view arg) { return SiteOptionName(arg) == "--site"; });
}

std::string SiteHelp() {
  SiteOptions options;
  std::optional<std::filesystem::path> folder;
  std::vector<base::OptionSpec> specs = SiteSpecs(options, folder);
  // --pallas-source and --force read the same as the frame export's, which --help lists already.
  std::erase_if(specs,
                [](const base::OptionSpec& s) { return s.name == "--pallas-source" || s.name == "--force"; });
  return base::OptionsHelp(specs);
}

base::Result<SiteOptions> ParseSiteOptions(std::span<const std::string_view> args) {
  SiteOptions options;
  std::optional<std::filesystem::path> folder;
  const std::vector<base::OptionSpec> specs = SiteSpecs(options, folder);
  for (std::string_view arg : args) {
    const std::string_view name = SiteOptionName(arg);
    const bool own = std::any_of(specs.begin(), specs.end(), [&](const auto& s) { return s.name == name; });
    if (!own && IsFrameExportOption(name))
      return base::Fail(base::Reason::Usage,
                        std::string(name) +
                            " is for an export of frames; --site writes the live page, whose "
                            "reader picks the tour and the scenario; drop " +
                            std::string(name));
  }
  if (const auto parsed = base::ParseOptions(args, specs); !parsed) return parsed.error();
  options.folder = *folder;  // AsksForSite found --site, and the parser made sure it has a value
  return options;
}

VerbResult RunSiteExport(const SiteOptions& options, std::ostream& err) {
  // Everything that can be refused is refused before the folder is made.
  const base::FolderOptions folder_options = SiteFolderOptions(options.force);
  const auto module = ReadWebModule(WebModuleFolder(options.web_module));
  if (!module) return module.error();
  const auto pallas = FindSitePallasFiles(options.pallas_sources);
  if (!pallas) return pallas.error();
  auto folder = base::OutputFolder::Create(options.folder, folder_options);
  if (!folder) return folder.error();
  const std::string nothing = "; nothing was written to " + base::Quote(options.folder);
  if (const base::Status written = WriteSite(folder->path(), *module, *pallas); !written)
    return base::Fail(written.error().reason, written.error().message + nothing);
  if (const base::Status committed = folder->Commit(); !committed) return committed.error();
  err << "wrote the live page and the web module ("
      << base::DescribeBytes(module->loader.size() + module->code.size()) << ")"
      << PallasFilesWritten(*pallas) << " to " << base::Quote(options.folder)
      << "; serve it over HTTP, e.g. python3 -m http.server -d " << base::Quote(options.folder) << "\n";
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
