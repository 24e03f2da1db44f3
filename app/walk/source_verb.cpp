// [SECTIONS] options · which file · fetch · fingerprint
#include "app/walk/source_verb.hpp"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <optional>

#include "app/cli_options.hpp"
#include "app/pallas_for_verb.hpp"
#include "base/bounded_read.hpp"
#include "base/child_process.hpp"
#include "base/safe_output.hpp"
#include "base/sha256.hpp"
#include "base/terminal_text.hpp"
#include "kernels/registry/kernel_option.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/line_alignment.hpp"
#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/pallas_source.hpp"

namespace tilewalk::app {

namespace fs = std::filesystem;

namespace {

// ---- options ------------------------------------------------------------------------------------

struct SourceOptions {
  const kernel::Kernel* kernel = &kernel::DefaultKernel();
  std::optional<fs::path> pallas_source{};
  std::string url{};     // fetch: where from (default: the pinned file on raw.githubusercontent.com)
  std::string sha256{};  // fetch: what its bytes must hash to (default: the pinned file's)
};

std::vector<OptionSpec> SourceOptionSpecs(SourceOptions& into) {
  return {kernel::KernelOptionSpec(&into.kernel),
          PathOption("--pallas-source", "PATH", "a file", "show what this file would be used as",
                     into.pallas_source),
          TextOption("--url", "URL", "an address",
                     "fetch: download from here instead of the pinned commit's file", into.url),
          {.name = "--sha256",
           .value_name = "HEX",
           .needs = "a SHA-256",
           .help = "fetch: the SHA-256 the download must have (default: the pinned file's)",
           .set = [&into](std::string_view value) -> base::Status {
             if (value.size() != 64 || value.find_first_not_of("0123456789abcdef") != std::string_view::npos)
               return base::Fail(base::Reason::Usage, "expected 64 lower-case hex digits");
             into.sha256 = std::string(value);
             return base::Ok();
           }}};
}

// ---- which file ---------------------------------------------------------------------------------

VerbResult ShowSource(const SourceOptions& options, const VerbCall& call) {
  const walkthrough::PinnedFile& pinned = walkthrough::WalkOf(*options.kernel).pinned;
  auto source = FindKernelPallasSource(*options.kernel, options.pallas_source);
  if (!source) return source.error();
  call.out << "Pallas file: " << base::TerminalSafe(source->path.string()) << "\n"
           << "found by:    " << walkthrough::PallasSourceOriginName(*source) << "\n"
           << "lines:       " << source->lines->size() << "\n"
           << "sha256:      " << source->sha256 << "\n";
  if (source->sha256 == pinned.sha256) {
    call.out << "It is the pinned file (jax commit " << pinned.commit
             << ") the passages were written against.\n";
  } else {
    const walkthrough::LineMap map =
        walkthrough::AlignLines(pinned.fingerprint, walkthrough::FingerprintLines(*source->lines));
    call.out << "It differs from the pinned file (jax commit " << pinned.commit << "): " << map.exact_count()
             << " of its " << pinned.fingerprint.lines.size()
             << " lines are found unchanged. 'tilewalk anchors' shows where each passage lands.\n";
  }
  return ExitCode::Ok;
}

// ---- fetch --------------------------------------------------------------------------------------

// Why curl must not be given `url`, or empty. curl reads more than addresses: "-K FILE" is an option that
// reads a config (and can write files), "[1-40]" or "{a,b}" fan out into many requests, "file://" and
// "scp://" reach past the web. So only http:// and https:// addresses of printable ASCII pass, and they are
// handed over after --url with globbing off (--globoff) and other protocols refused (--proto,
// --proto-redir), so that nothing in one can act as a flag.
std::string UrlProblem(std::string_view url) {
  constexpr std::size_t kMostUrl = 2048;
  const std::string quoted = "'" + base::CutText(url) + "'";  // a usage error: escaped where printed
  std::string scheme(url.substr(0, std::min<std::size_t>(url.size(), 8)));  // schemes ignore case
  std::transform(scheme.begin(), scheme.end(), scheme.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (!scheme.starts_with("https://") && !scheme.starts_with("http://"))
    return "--url got " + quoted + ": expected an address that starts with https:// or http://";
  if (url.size() > kMostUrl)
    return "--url got " + quoted + ": an address of at most " + std::to_string(kMostUrl) + " characters";
  for (const char c : url)
    if (static_cast<unsigned char>(c) <= ' ' || static_cast<unsigned char>(c) >= 0x7F)
      return "--url got " + quoted +
             ": an address has no spaces, control characters or non-ASCII bytes "
             "(percent-encode them)";
  return {};
}

VerbResult Fetch(const SourceOptions& options, const VerbCall& call) {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(*options.kernel);
  const walkthrough::PinnedFile& pinned = walk.pinned;
  const std::string url = options.url.empty() ? pinned.url : options.url;
  if (const std::string problem = UrlProblem(url); !problem.empty())
    return base::Fail(base::Reason::Usage, problem);
  const std::string sha256 = options.sha256.empty() ? pinned.sha256 : options.sha256;
  const auto cache = walkthrough::PallasCacheFileFromEnvironment(walk);
  if (!cache)
    return base::Fail(base::Reason::NotFound,
                      "neither XDG_CACHE_HOME nor HOME names a folder to keep the file in; set one of them");
  if (auto kept = base::ReadTextFile(*cache, base::kPallasSourceCap);
      kept && base::Sha256Hex(*kept) == sha256) {
    call.out << "The file is already in the cache, and its SHA-256 is right: " << cache->string() << "\n";
    return ExitCode::Ok;
  }
  if (!base::FindOnPath("curl"))
    return base::Fail(base::Reason::NotFound,
                      "source fetch needs curl, and there is none on PATH; install it "
                      "(apt-get install curl) or download the file yourself and pass "
                      "--pallas-source");
  call.err << "Downloading " << url << " ...\n";
  const base::ChildRun run =
      base::RunChild({.argv = {"curl", "-q", "--fail", "--silent", "--show-error", "--location", "--globoff",
                               "--proto", "=https,http", "--proto-redir", "=https,http", "--max-time", "60",
                               "--max-filesize", std::to_string(base::kPallasSourceCap), "--url", url},
                      .name = "curl",
                      .time_limit = std::chrono::milliseconds(75000),
                      .stdout_cap = base::kPallasSourceCap});
  if (const base::Status downloaded = run.Status(); !downloaded)
    return base::Fail(
        downloaded.error().reason,
        "the download from " + url + " failed, and nothing was written: " + downloaded.error().message);
  if (run.out_truncated)
    return base::Fail(base::Reason::TooLarge, "the download from " + url + " is larger than the " +
                                                  std::to_string(base::kPallasSourceCap >> 20) +
                                                  " MiB a Pallas file may be; nothing was written");
  const std::string got = base::Sha256Hex(run.out);
  if (got != sha256)
    return base::Fail(base::Reason::Malformed, "the download from " + url + " has SHA-256 " + got + ", not " +
                                                   sha256 +
                                                   ", so it is not the pinned file; nothing was written");
  std::error_code ec;
  fs::create_directories(cache->parent_path(), ec);
  if (ec)
    return base::Fail(base::Reason::Unwritable, "cannot create the cache folder " +
                                                    cache->parent_path().string() + ": " + ec.message());
  if (const base::Status written = base::WriteFileContent(*cache, run.out); !written) return written.error();
  call.out << "Fetched and verified (SHA-256 " << got << "): " << cache->string()
           << "\nEvery verb now finds it with no flag; 'tilewalk source' says so.\n";
  return ExitCode::Ok;
}

// ---- fingerprint --------------------------------------------------------------------------------

VerbResult Fingerprint(const kernel::Kernel& kernel, const fs::path& file, const VerbCall& call) {
  auto source = walkthrough::ReadPallasSource(kernel.info(), file, walkthrough::PallasSourceOrigin::Flag,
                                              RegisteredKernelInfos());
  if (!source) return source.error();
  walkthrough::PinnedFile pinned = walkthrough::WalkOf(kernel).pinned;
  pinned.sha256 = source->sha256;
  pinned.fingerprint = walkthrough::FingerprintLines(*source->lines);
  call.out << walkthrough::FormatPinnedFile(pinned);
  return ExitCode::Ok;
}

}  // namespace

std::string SourceHelp() {
  SourceOptions options;
  return base::OptionsHelp(SourceOptionSpecs(options));
}

VerbResult RunSourceVerb(const VerbCall& call) {
  SourceOptions options;
  const auto words = base::ParseOptions(call.args, SourceOptionSpecs(options), /*positional_allowed=*/true);
  if (!words) return words.error();
  const auto usage = [](std::string message) { return base::Fail(base::Reason::Usage, std::move(message)); };
  if (words->empty()) {
    if (!options.url.empty() || !options.sha256.empty())
      return usage("--url and --sha256 apply to 'source fetch'");
    return ShowSource(options, call);
  }
  const std::string_view action = words->front();
  if (action == "fetch") {
    if (words->size() > 1) return usage("unexpected argument '" + std::string((*words)[1]) + "' after fetch");
    if (options.pallas_source) return usage("--pallas-source does not apply to 'source fetch'");
    return Fetch(options, call);
  }
  if (action == "fingerprint") {
    if (words->size() != 2) return usage("'source fingerprint' takes one file");
    return Fingerprint(*options.kernel, fs::path((*words)[1]), call);
  }
  return usage("unknown action '" + std::string(action) + "'; expected fetch or fingerprint, or nothing");
}

}  // namespace tilewalk::app
