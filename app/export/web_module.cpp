#include "app/export/web_module.hpp"

#include <string_view>
#include <system_error>

#include "app/web_module_dir.hpp"
#include "base/bounded_read.hpp"
#include "base/os_error.hpp"

namespace tilewalk::app {
namespace {

// The module is a few MB; anything far larger is not it.
constexpr std::size_t kWebModuleCap = 256 * 1024 * 1024;

std::string HowToBuildWebModule(const std::filesystem::path& folder) {
  return "build the web module first (cmake --preset wasm && cmake --build --preset wasm, with emscripten "
         "installed by scripts/install-deps.sh), or give --web-module DIR, the folder holding " +
         std::string(kWebModuleLoader) + " and " + kWebModuleCode + " (looked in " + base::Quote(folder) +
         ")";
}

base::Result<std::string> ReadWebModulePart(const std::filesystem::path& folder, const char* name) {
  const std::filesystem::path path = folder / name;
  std::error_code ec;
  if (!std::filesystem::exists(path, ec))
    return base::Fail(base::Reason::NotFound, "the web module is not built: there is no " +
                                                  base::Quote(path) + "; " + HowToBuildWebModule(folder));
  auto content = base::ReadTextFile(path, kWebModuleCap);
  if (!content)
    return base::Fail(content.error().reason, "cannot read the web module: " + content.error().message +
                                                  "; " + HowToBuildWebModule(folder));
  return content;
}

}  // namespace

std::filesystem::path WebModuleFolder(const std::optional<std::filesystem::path>& flag) {
  return flag ? *flag : std::filesystem::path(std::string(kWebModuleDir));
}

base::Result<WebModule> ReadWebModule(const std::filesystem::path& folder) {
  auto loader = ReadWebModulePart(folder, kWebModuleLoader);
  if (!loader) return loader.error();
  auto code = ReadWebModulePart(folder, kWebModuleCode);
  if (!code) return code.error();
  // A half-written build or a file of another project: the page would fail in the reader's browser, where
  // nobody can say why. Both checks are what the page itself relies on.
  if (loader->find("createTilewalk") == std::string::npos)
    return base::Fail(base::Reason::Malformed, base::Quote(folder / kWebModuleLoader) +
                                                   " is not the tilewalk web module (it defines no "
                                                   "createTilewalk); " +
                                                   HowToBuildWebModule(folder));
  if (std::string_view(*code).substr(0, 4) != std::string_view("\0asm", 4))
    return base::Fail(base::Reason::Malformed, base::Quote(folder / kWebModuleCode) +
                                                   " is not WebAssembly (no \\0asm at its start); " +
                                                   HowToBuildWebModule(folder));
  return WebModule{.loader = std::move(*loader), .code = std::move(*code)};
}

}  // namespace tilewalk::app
