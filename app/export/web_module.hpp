// The wasm module a site export copies: its loader (tilewalk_web.js) and its code (tilewalk_web.wasm), as
// the web preset builds them (`cmake --preset wasm && cmake --build --preset wasm`). The binary does not
// hold them (they are built by another toolchain), so the export reads them from the module's build folder
// and checks that they are what they claim to be before anything is written.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/result.hpp"

namespace tilewalk::app {

inline constexpr const char* kWebModuleLoader = "tilewalk_web.js";
inline constexpr const char* kWebModuleCode = "tilewalk_web.wasm";

struct WebModule {
  std::string loader;  // tilewalk_web.js: defines createTilewalk
  std::string code;    // tilewalk_web.wasm: starts with the wasm magic
};

// The folder the module is looked for in: `flag` (--web-module), else the one configured at build time.
std::filesystem::path WebModuleFolder(const std::optional<std::filesystem::path>& flag);

// Both files of the module in `folder`; a missing folder or file says how to build the module.
base::Result<WebModule> ReadWebModule(const std::filesystem::path& folder);

}  // namespace tilewalk::app
