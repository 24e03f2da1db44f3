// Finding the real Pallas flash attention file on the user's disk. tilewalk never ships it: it is read
// from --pallas-source PATH, then the TILEWALK_PALLAS_SOURCE environment variable, then the file of an
// installed jax (asking python3 where the module lives). Nothing found is a normal outcome with advice.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::walkthrough {

enum class PallasSourceOrigin : uint8_t { Flag, Environment, InstalledJax };

struct PallasSource {
  std::filesystem::path path;
  PallasSourceOrigin origin = PallasSourceOrigin::Flag;
  std::vector<std::string> lines;  // without line endings; line n is lines[n - 1]
};

struct PallasSourceLookup {
  std::optional<PallasSource> source;
  std::string problem;  // when there is no source: what was tried and how to provide one
};

inline constexpr const char* kPallasSourceEnv = "TILEWALK_PALLAS_SOURCE";
inline constexpr const char* kPallasModule = "jax.experimental.pallas.ops.tpu.flash_attention";

// flag_path: the value of --pallas-source, if given. A path that was named but cannot be read, is empty,
// or does not look like the flash attention file is a problem, not a fallback to the next place.
PallasSourceLookup FindPallasSource(const std::optional<std::filesystem::path>& flag_path);

// Reads and sanity-checks one file: it must be non-empty text that defines _flash_attention_impl.
PallasSourceLookup ReadPallasSource(const std::filesystem::path& path, PallasSourceOrigin origin);

}  // namespace tilewalk::walkthrough
