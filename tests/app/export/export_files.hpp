// Reading back what an export wrote: a file's bytes, and its manifest parsed.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include <nlohmann/json.hpp>

namespace tilewalk::tests {

inline std::string ReadBytes(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

inline nlohmann::json ReadManifest(const std::filesystem::path& export_folder) {
  return nlohmann::json::parse(ReadBytes(export_folder / "manifest.json"));
}

}  // namespace tilewalk::tests
