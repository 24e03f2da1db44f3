#include "walkthrough/pallas_source.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>

#include "base/bounded_read.hpp"
#include "base/child_process.hpp"
#include "base/sha256.hpp"
#include "base/terminal_text.hpp"
#include "walkthrough/line_fingerprint.hpp"

namespace tilewalk::walkthrough {

namespace fs = std::filesystem;

namespace {

// Asks python3 where jax keeps the file, within a time limit: nullopt when python3 or jax is missing;
// an error when python3 hangs, prints nonsense, or the user interrupts it.
base::Result<std::optional<fs::path>> InstalledJaxFile() {
  if (!base::FindOnPath("python3")) return std::optional<fs::path>{};
  const std::string script = std::string("import importlib.util as u\ns = u.find_spec(\"") + kPallasModule +
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
}

}  // namespace

std::string_view PallasSourceOriginName(PallasSourceOrigin origin) {
  switch (origin) {
    case PallasSourceOrigin::Flag:
      return "--pallas-source";
    case PallasSourceOrigin::Environment:
      return kPallasSourceEnv;
    case PallasSourceOrigin::InstalledJax:
      return "the installed jax";
    case PallasSourceOrigin::Cache:
      return "the cache of tilewalk source fetch";
  }
  return "?";
}

std::optional<fs::path> PallasCacheFile(const PinnedFile& pinned, const char* xdg_cache_home,
                                        const char* home) {
  const std::string name = "flash_attention-" + pinned.commit.substr(0, 12) + ".py";
  if (xdg_cache_home != nullptr && xdg_cache_home[0] == '/')
    return fs::path(xdg_cache_home) / "tilewalk" / name;
  if (home != nullptr && home[0] == '/') return fs::path(home) / ".cache" / "tilewalk" / name;
  return std::nullopt;
}

std::optional<fs::path> PallasCacheFileFromEnvironment(const PinnedFile& pinned) {
  return PallasCacheFile(pinned, std::getenv("XDG_CACHE_HOME"), std::getenv("HOME"));
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

base::Result<PallasSource> ReadPallasSource(const fs::path& path, PallasSourceOrigin origin) {
  const std::string named =
      std::string(PallasSourceOriginName(origin)) + " names '" + base::TerminalSafe(path.string()) + "'";
  auto bytes = base::ReadTextFile(path, base::kPallasSourceCap);
  if (!bytes) return base::Fail(bytes.error().reason, named + ", but " + bytes.error().message);
  const std::string advice = "; give the path of jax's pallas/ops/tpu/flash_attention.py";
  if (bytes->empty()) return base::Fail(base::Reason::Malformed, named + ", which is empty" + advice);
  if (bytes->find('\0') != std::string::npos)
    return base::Fail(base::Reason::Malformed,
                      named + ", which holds NUL bytes, so it is not a text file" + advice);
  auto lines = std::make_shared<std::vector<std::string>>(SplitPythonLines(*bytes));
  const bool defines_impl = std::any_of(lines->begin(), lines->end(), [](const std::string& line) {
    return line.starts_with("def _flash_attention_impl(");
  });
  if (!defines_impl)
    return base::Fail(base::Reason::Malformed,
                      named +
                          ", which does not define _flash_attention_impl, so it is not the Pallas TPU flash "
                          "attention file" +
                          advice);
  return PallasSource{path, origin, std::move(lines), base::Sha256Hex(*bytes)};
}

std::string PallasSourceAdvice() {
  return std::string(
             "no Pallas flash_attention.py was found: run 'tilewalk source fetch' to download the "
             "pinned one, or pass --pallas-source PATH (or set ") +
         kPallasSourceEnv + ", or install jax for python3). tilewalk works without it, on its C++ mirror";
}

base::Result<PallasSource> FindPallasSource(const std::optional<fs::path>& flag_path,
                                            const PinnedFile& pinned) {
  if (flag_path) return ReadPallasSource(*flag_path, PallasSourceOrigin::Flag);
  if (const char* env = std::getenv(kPallasSourceEnv); env && *env)
    return ReadPallasSource(env, PallasSourceOrigin::Environment);
  // A python3 that hangs, answers nonsense or names a file that is not there does not hide the file
  // `source fetch` kept; its problem is said only when there is nothing else.
  std::optional<base::Error> python_problem;
  if (const auto installed = InstalledJaxFile(); !installed) {
    if (installed.error().reason == base::Reason::Interrupted) return installed.error();
    python_problem = installed.error();
  } else if (*installed) {
    auto read = ReadPallasSource(**installed, PallasSourceOrigin::InstalledJax);
    if (read) return read;
    python_problem = read.error();
  }
  if (const auto cached = PallasCacheFileFromEnvironment(pinned)) {
    std::error_code ec;
    if (fs::exists(*cached, ec)) return ReadPallasSource(*cached, PallasSourceOrigin::Cache);
  }
  if (python_problem) return *python_problem;
  return base::Fail(base::Reason::NotFound, PallasSourceAdvice());
}

}  // namespace tilewalk::walkthrough
