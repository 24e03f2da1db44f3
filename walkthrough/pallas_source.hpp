// Finding a kernel's real Pallas file on the user's disk (KernelInfo::python). tilewalk never ships it: it
// is read from --pallas-source PATH, then the kernel's environment variable, then the file of an installed
// jax (asking python3 where the kernel's module lives, within a time limit), then the copy `tilewalk source
// fetch` keeps in the cache. Nothing found is a normal outcome with advice; a file that was named but cannot
// be used is an error that says why (and whose file it is, when it is another kernel's pinned one). The text
// is read with a size cap, a byte-order mark and CR or CRLF line endings are accepted, and a file with NUL
// bytes is refused.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/kernel.hpp"
#include "walkthrough/line_fingerprint.hpp"

namespace tilewalk::walkthrough {

struct KernelWalk;

enum class PallasSourceOrigin : uint8_t { Flag, Environment, InstalledJax, Cache };

struct PallasSource {
  std::filesystem::path path;
  PallasSourceOrigin origin = PallasSourceOrigin::Flag;
  std::shared_ptr<const std::vector<std::string>> lines;  // without line endings; line n is (*lines)[n - 1]
  std::string sha256;                                     // of the bytes read
  std::string_view env_var{};  // the kernel's variable (PythonFile::env_var), for Environment's name
};

// How the file was found: "--pallas-source", the kernel's environment variable, "the installed jax", ...
std::string_view PallasSourceOriginName(const PallasSource& source);

// Where `tilewalk source fetch` keeps the kernel's pinned file: $XDG_CACHE_HOME/tilewalk/ (an absolute
// one), else ~/.cache/tilewalk/, as STEM-COMMIT12.py after the file's name and `pinned`'s commit; nullopt
// when neither variable gives a folder.
std::optional<std::filesystem::path> PallasCacheFile(const kernel::PythonFile& python,
                                                     const PinnedFile& pinned, const char* xdg_cache_home,
                                                     const char* home);
std::optional<std::filesystem::path> PallasCacheFileFromEnvironment(const KernelWalk& walk);

// The lines of Python text: a UTF-8 byte-order mark dropped, "\r\n", "\r" and "\n" all end a line.
std::vector<std::string> SplitPythonLines(std::string_view text);

// The file of `walk`'s kernel. flag_path: the value of --pallas-source, if given. A file that was named (by
// the flag or the variable) but cannot be read, is empty, or is not the kernel's file is an error, not a
// fall back to the next place. The cache is looked in for the kernel's pinned file. With nothing found:
// Reason::NotFound, with what to do. `registered`: every kernel there is, the default one first, so that
// another one's pinned file given by mistake is named as such (none: the kernel is taken as the default).
base::Result<PallasSource> FindPallasSource(const KernelWalk& walk,
                                            const std::optional<std::filesystem::path>& flag_path,
                                            std::span<const kernel::KernelInfo* const> registered = {});

// Reads and checks one file: text (no NUL) within the size cap that defines the kernel's
// PythonFile::defines. A file that does not, whose SHA-256 is the pinned one of another kernel in
// `registered`, is refused with that kernel's name and file.
base::Result<PallasSource> ReadPallasSource(const kernel::KernelInfo& kernel,
                                            const std::filesystem::path& path, PallasSourceOrigin origin,
                                            std::span<const kernel::KernelInfo* const> registered = {});

// The kernel in `registered` (other than `kernel`) whose pinned Pallas file has this SHA-256, or null.
const kernel::KernelInfo* KernelWithPinnedFile(std::string_view sha256, const kernel::KernelInfo& kernel,
                                               std::span<const kernel::KernelInfo* const> registered);

// The command that downloads the kernel's pinned file: "tilewalk source fetch", with "--kernel NAME" for a
// kernel other than the default one.
std::string SourceFetchCommand(const kernel::KernelInfo& kernel, bool default_kernel);
// The advice shown when there is no file: how to get one, in one line.
std::string PallasSourceAdvice(const kernel::KernelInfo& kernel, bool default_kernel);
// What the source pane says when no file was found: every way to give it one, the offline ones first.
std::string NoPallasHint(const kernel::KernelInfo& kernel, bool default_kernel);

}  // namespace tilewalk::walkthrough
