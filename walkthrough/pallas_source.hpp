// Finding the real Pallas flash attention file on the user's disk. tilewalk never ships it: it is read from
// --pallas-source PATH, then the TILEWALK_PALLAS_SOURCE environment variable, then the file of an installed
// jax (asking python3 where the module lives, within a time limit), then the copy `tilewalk source fetch`
// keeps in the cache. Nothing found is a normal outcome with advice; a file that was named but cannot be
// used is an error that says why. The text is read with a size cap, a byte-order mark and CR or CRLF line
// endings are accepted, and a file with NUL bytes is refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "walkthrough/line_fingerprint.hpp"

namespace tilewalk::walkthrough {

enum class PallasSourceOrigin : uint8_t { Flag, Environment, InstalledJax, Cache };
std::string_view PallasSourceOriginName(PallasSourceOrigin origin);  // "--pallas-source", ...

struct PallasSource {
  std::filesystem::path path;
  PallasSourceOrigin origin = PallasSourceOrigin::Flag;
  std::shared_ptr<const std::vector<std::string>> lines;  // without line endings; line n is (*lines)[n - 1]
  std::string sha256;                                     // of the bytes read
};

inline constexpr const char* kPallasSourceEnv = "TILEWALK_PALLAS_SOURCE";
inline constexpr const char* kPallasModule = "jax.experimental.pallas.ops.tpu.flash_attention";

// Where `tilewalk source fetch` keeps the pinned file: $XDG_CACHE_HOME/tilewalk/ (an absolute one), else
// ~/.cache/tilewalk/, named after `pinned`'s commit; nullopt when neither variable gives a folder.
std::optional<std::filesystem::path> PallasCacheFile(const PinnedFile& pinned, const char* xdg_cache_home,
                                                     const char* home);
std::optional<std::filesystem::path> PallasCacheFileFromEnvironment(const PinnedFile& pinned);

// The lines of Python text: a UTF-8 byte-order mark dropped, "\r\n", "\r" and "\n" all end a line.
std::vector<std::string> SplitPythonLines(std::string_view text);

// flag_path: the value of --pallas-source, if given. A file that was named (by the flag or the variable)
// but cannot be read, is empty, or is not the flash attention file is an error, not a fall back to the
// next place. The cache is looked in for `pinned`'s file. With nothing found: Reason::NotFound, with what
// to do.
base::Result<PallasSource> FindPallasSource(const std::optional<std::filesystem::path>& flag_path,
                                            const PinnedFile& pinned);

// Reads and checks one file: text (no NUL) within the size cap that defines _flash_attention_impl.
base::Result<PallasSource> ReadPallasSource(const std::filesystem::path& path, PallasSourceOrigin origin);

// The advice shown when there is no file: how to get one, in one line.
std::string PallasSourceAdvice();

}  // namespace tilewalk::walkthrough
