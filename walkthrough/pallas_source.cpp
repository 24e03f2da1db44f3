#include "walkthrough/pallas_source.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "base/bounded_read.hpp"
#if !defined(__EMSCRIPTEN__)
#include "base/child_process.hpp"
#endif
#include "base/sha256.hpp"
#include "base/terminal_text.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/line_fingerprint.hpp"

namespace tilewalk::walkthrough {

namespace fs = std::filesystem;

namespace {

// Asks python3 where jax keeps the file, within a time limit: nullopt when python3 or jax is missing;
// an error when python3 hangs, prints nonsense, or the user interrupts it.
base::Result<std::optional<fs::path>> InstalledJaxFile(std::string_view module) {
#if defined(__EMSCRIPTEN__)
  // A web page runs no python3: the page hands the module its Pallas file instead.
  (void)module;
  return std::optional<fs::path>{};
#else
  if (!base::FindOnPath("python3")) return std::optional<fs::path>{};
  const std::string script = "import importlib.util as u\ns = u.find_spec(\"" + std::string(module) +
                             "\")\nprint(s.origin if s else \"\")";
  const base::ChildRun run = base::RunChild({.argv = {"python3", "-c", script},
                                             .name = "python3 (looking for the installed jax)",
                                             .time_limit = std::chrono::milliseconds(3000),
                                             .stdout_cap = 64 * 1024});
  if (run.end == base::ChildEnd::TimedOut || run.end == base::ChildEnd::Interrupted)
    return run.Status().error();
  if (!run.Succeeded()) return std::optional<fs::path>{};  // no jax, or an old python: not an error
  std::string out = run.out;
  while (!out.empty() && (out.back() == '\n' || out.back() == '\r')) out.pop_back();
  if (out.empty() || out == "None") return std::optional<fs::path>{};
  if (run.out_truncated || out.find('\n') != std::string::npos || out.find('\0') != std::string::npos)
    return base::Fail(
        base::Reason::ChildFailed,
        "python3 answered the question of where jax lives with something that is not a path ('" +
            base::TerminalSafe(out.substr(0, 80)) + "'); give the file with --pallas-source");
  return std::optional<fs::path>(fs::path(out));
#endif
}

// The fingerprint's SHA-256 of a kernel's pinned file, or "" when it ships none that parses.
std::string PinnedSha256(const kernel::KernelInfo& kernel) {
  if (kernel.assets.fingerprint.size() != 1) return {};
  const auto pinned = ParsePinnedFile(kernel.assets.fingerprint.front().text);
  return pinned ? pinned->sha256 : std::string();
}

std::string_view OriginName(PallasSourceOrigin origin, std::string_view env_var) {
  switch (origin) {
    case PallasSourceOrigin::Flag:
      return "--pallas-source";
    case PallasSourceOrigin::Environment:
      return env_var;
    case PallasSourceOrigin::InstalledJax:
      return "the installed jax";
    case PallasSourceOrigin::Cache:
      return "the cache of tilewalk source fetch";
  }
  return "?";
}

base::Error NoPythonFile(const kernel::KernelInfo& kernel) {
  return base::Fail(base::Reason::NotFound, "the kernel " + std::string(kernel.name) +
                                                " declares no Pallas file, so there is none to read");
}

}  // namespace

std::string_view PallasSourceOriginName(const PallasSource& source) {
  return OriginName(source.origin, source.env_var);
}

std::optional<fs::path> PallasCacheFile(const kernel::PythonFile& python, const PinnedFile& pinned,
                                        const char* xdg_cache_home, const char* home) {
  const std::string name =
      fs::path(python.file_name).stem().string() + "-" + pinned.commit.substr(0, 12) + ".py";
  if (xdg_cache_home != nullptr && xdg_cache_home[0] == '/')
    return fs::path(xdg_cache_home) / "tilewalk" / name;
  if (home != nullptr && home[0] == '/') return fs::path(home) / ".cache" / "tilewalk" / name;
  return std::nullopt;
}

std::optional<fs::path> PallasCacheFileFromEnvironment(const KernelWalk& walk) {
  return PallasCacheFile(walk.kernel->info().python, walk.pinned, std::getenv("XDG_CACHE_HOME"),
                         std::getenv("HOME"));
}

std::vector<std::string> SplitPythonLines(std::string_view text) {
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<std::string> lines;
  std::size_t start = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '\n' && text[i] != '\r') continue;
    lines.emplace_back(text.substr(start, i - start));
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') ++i;
    start = i + 1;
  }
  if (start < text.size()) lines.emplace_back(text.substr(start));
  return lines;
}

const kernel::KernelInfo* KernelWithPinnedFile(std::string_view sha256, const kernel::KernelInfo& kernel,
                                               std::span<const kernel::KernelInfo* const> registered) {
  for (const kernel::KernelInfo* other : registered)
    if (other != nullptr && other->name != kernel.name && PinnedSha256(*other) == sha256) return other;
  return nullptr;
}

base::Result<PallasSource> ReadPallasSource(const kernel::KernelInfo& kernel, const fs::path& path,
                                            PallasSourceOrigin origin,
                                            std::span<const kernel::KernelInfo* const> registered) {
  const kernel::PythonFile& python = kernel.python;
  if (python.file_name.empty()) return NoPythonFile(kernel);
  const std::string named =
      std::string(OriginName(origin, python.env_var)) + " names '" + base::TerminalSafe(path.string()) + "'";
  auto bytes = base::ReadTextFile(path, base::kPallasSourceCap);
  if (!bytes) return base::Fail(bytes.error().reason, named + ", but " + bytes.error().message);
  const std::string advice = "; give the path of jax's " + std::string(python.jax_path);
  if (bytes->empty()) return base::Fail(base::Reason::Malformed, named + ", which is empty" + advice);
  if (bytes->find('\0') != std::string::npos)
    return base::Fail(base::Reason::Malformed,
                      named + ", which holds NUL bytes, so it is not a text file" + advice);
  auto lines = std::make_shared<std::vector<std::string>>(SplitPythonLines(*bytes));
  const std::string def_line = "def " + std::string(python.defines) + "(";
  const bool defines = std::any_of(lines->begin(), lines->end(),
                                   [&](const std::string& line) { return line.starts_with(def_line); });
  std::string sha256 = base::Sha256Hex(*bytes);
  if (!defines) {
    if (const kernel::KernelInfo* other = KernelWithPinnedFile(sha256, kernel, registered))
      return base::Fail(base::Reason::Malformed, named + ", which is " + std::string(other->name) + "'s " +
                                                     std::string(other->python.file_name) +
                                                     " (its pinned file); " + std::string(kernel.name) +
                                                     " expects " + std::string(python.file_name) + advice +
                                                     ", or choose the kernel " + std::string(other->name) +
                                                     " (--kernel " + std::string(other->name) + ")");
    return base::Fail(base::Reason::Malformed, named + ", which does not define " +
                                                   std::string(python.defines) + ", so it is not the " +
                                                   std::string(kernel.title) + " file" + advice);
  }
  return PallasSource{path, origin, std::move(lines), std::move(sha256), python.env_var};
}

std::string SourceFetchCommand(const kernel::KernelInfo& kernel, bool default_kernel) {
  return default_kernel ? std::string("tilewalk source fetch")
                        : "tilewalk source fetch --kernel " + std::string(kernel.name);
}

std::string PallasSourceAdvice(const kernel::KernelInfo& kernel, bool default_kernel) {
  return "no Pallas " + std::string(kernel.python.file_name) + " was found: run '" +
         SourceFetchCommand(kernel, default_kernel) +
         "' to download the pinned one, or pass --pallas-source PATH (or set " +
         std::string(kernel.python.env_var) +
         ", or install jax for python3). tilewalk works without it, on its C++ mirror";
}

std::string NoPallasHint(const kernel::KernelInfo& kernel, bool default_kernel) {
  return "No Pallas file: give one with --pallas-source PATH or " + std::string(kernel.python.env_var) +
         ", or download the pinned one with '" + SourceFetchCommand(kernel, default_kernel) + "', to show " +
         std::string(kernel.python.file_name) + " beside the mirror.";
}

base::Result<PallasSource> FindPallasSource(const KernelWalk& walk, const std::optional<fs::path>& flag_path,
                                            std::span<const kernel::KernelInfo* const> registered) {
  const kernel::KernelInfo& kernel = walk.kernel->info();
  if (kernel.python.file_name.empty()) return NoPythonFile(kernel);
  const std::string env_var(kernel.python.env_var);
  if (flag_path) return ReadPallasSource(kernel, *flag_path, PallasSourceOrigin::Flag, registered);
  if (const char* env = std::getenv(env_var.c_str()); env && *env)
    return ReadPallasSource(kernel, env, PallasSourceOrigin::Environment, registered);
  // A python3 that hangs, answers nonsense or names a file that is not there does not hide the file
  // `source fetch` kept; its problem is said only when there is nothing else.
  std::optional<base::Error> python_problem;
  if (const auto installed = InstalledJaxFile(kernel.python.module); !installed) {
    if (installed.error().reason == base::Reason::Interrupted) return installed.error();
    python_problem = installed.error();
  } else if (*installed) {
    auto read = ReadPallasSource(kernel, **installed, PallasSourceOrigin::InstalledJax, registered);
    if (read) return read;
    python_problem = read.error();
  }
  if (const auto cached = PallasCacheFileFromEnvironment(walk)) {
    std::error_code ec;
    if (fs::exists(*cached, ec))
      return ReadPallasSource(kernel, *cached, PallasSourceOrigin::Cache, registered);
  }
  if (python_problem) return *python_problem;
  return base::Fail(base::Reason::NotFound,
                    PallasSourceAdvice(kernel, registered.empty() || registered.front() == &kernel));
}

}  // namespace tilewalk::walkthrough
