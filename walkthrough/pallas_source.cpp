#include "walkthrough/pallas_source.hpp"

#include <array>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <memory>

namespace tilewalk::walkthrough {

namespace fs = std::filesystem;

namespace {

const char* OriginText(PallasSourceOrigin origin) {
  switch (origin) {
    case PallasSourceOrigin::Flag:
      return "--pallas-source";
    case PallasSourceOrigin::Environment:
      return kPallasSourceEnv;
    case PallasSourceOrigin::InstalledJax:
      return "the installed jax";
  }
  return "?";
}

// Asks python3 where jax keeps the file; empty when python3 or jax is missing.
std::optional<fs::path> InstalledJaxFile() {
  const std::string command = std::string("python3 -c 'import importlib.util as u; s = u.find_spec(\"") +
                              kPallasModule + "\"); print(s.origin if s else \"\")' 2>/dev/null";
  std::unique_ptr<FILE, int (*)(FILE*)> pipe(popen(command.c_str(), "r"), pclose);
  if (!pipe) return std::nullopt;
  std::array<char, 4096> buffer{};
  std::string out;
  while (fgets(buffer.data(), static_cast<int>(buffer.size()), pipe.get())) out += buffer.data();
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  if (out.empty()) return std::nullopt;
  return fs::path(out);
}

}  // namespace

PallasSourceLookup ReadPallasSource(const fs::path& path, PallasSourceOrigin origin) {
  PallasSourceLookup result;
  const std::string named = std::string(OriginText(origin)) + " names '" + path.string() + "'";
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) {
    result.problem = named + ", which is not a readable file; give the path of flash_attention.py";
    return result;
  }
  std::ifstream in(path);
  if (!in) {
    result.problem = named + ", which cannot be opened; check its permissions";
    return result;
  }
  PallasSource source{path, origin, {}};
  bool defines_impl = false;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    defines_impl = defines_impl || line.rfind("def _flash_attention_impl(", 0) == 0;
    source.lines.push_back(std::move(line));
  }
  if (source.lines.empty()) {
    result.problem = named + ", which is empty; give the path of jax's pallas/ops/tpu/flash_attention.py";
    return result;
  }
  if (!defines_impl) {
    result.problem = named +
                     ", which does not define _flash_attention_impl, so it is not the Pallas TPU flash "
                     "attention file; give the path of jax's pallas/ops/tpu/flash_attention.py";
    return result;
  }
  result.source = std::move(source);
  return result;
}

PallasSourceLookup FindPallasSource(const std::optional<fs::path>& flag_path) {
  if (flag_path) return ReadPallasSource(*flag_path, PallasSourceOrigin::Flag);
  if (const char* env = std::getenv(kPallasSourceEnv); env && *env)
    return ReadPallasSource(env, PallasSourceOrigin::Environment);
  if (auto installed = InstalledJaxFile())
    return ReadPallasSource(*installed, PallasSourceOrigin::InstalledJax);
  PallasSourceLookup none;
  none.problem =
      std::string("the Pallas flash attention file was not found: pass --pallas-source PATH, set ") +
      kPallasSourceEnv + ", or install jax for python3. tilewalk works without it, on its C++ mirror.";
  return none;
}

}  // namespace tilewalk::walkthrough
