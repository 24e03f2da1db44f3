// The site role table against the code it describes: the shipped rows parse without a problem; every site
// literal of the mirror has exactly one row and every row a literal (or a launch's pseudo-site); the C++
// line the compiler records for each site is the line the scan of the embedded source finds; each event
// of real runs has a row whose role fits the event; and the shipped fingerprint parses and is of the
// pinned commit. Errors are described with the table's Pallas function.
#include <doctest/doctest.h>

#include <filesystem>
#include <regex>
#include <set>

#include "kernels/flash/block_sizes.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "tests/flash_walk.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/recording.hpp"
#include "walkthrough/site_table.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace {

// Every site literal in the embedded mirror: "fwd.run.alpha", "entry.batch", ...
std::set<std::string> MirrorSiteLiterals() {
  static const std::regex literal(
      R"re("((?:fwd|fwd_single|dkv|dq|fwd_impl|dkv_impl|dq_impl|entry|block_sizes|bwd)\.[a-z_0-9.]+)")re");
  std::set<std::string> sites;
  for (const EmbeddedFile& f : flash::KernelEntry().info().assets.mirror) {
    const std::string text(f.text);
    for (auto it = std::sregex_iterator(text.begin(), text.end(), literal); it != std::sregex_iterator();
         ++it)
      sites.insert((*it)[1].str());
  }
  return sites;
}

bool IsPseudoSite(const std::string& site) {
  return site.find(".copy.") != std::string::npos || site.find(".writeback.") != std::string::npos ||
         site.ends_with(".step");
}

// Records of scenarios that between them reach most sites: every option with split blocks, the single-step
// forward, and a scenario rejected at each phase.
std::vector<std::unique_ptr<Recording>> CoverageRecordings() {
  std::vector<std::unique_ptr<Recording>> recordings;
  flash::Scenario all;
  all.q_len = all.kv_len = 256;
  all.causal = all.bias = true;
  all.segments = 2;
  all.sm_scale = 0.5f;
  all.block_sizes.block_k_major = 256;
  recordings.push_back(Recording::Record(flash::Erased(all)));
  flash::Scenario single = all;
  single.block_sizes.block_k = 256;  // one kv block: the single-step forward body
  single.forward_only = true;
  recordings.push_back(Recording::Record(flash::Erased(single)));
  flash::Scenario rejected;
  rejected.block_sizes.block_k = 64;  // tracing error in the forward body
  recordings.push_back(Recording::Record(flash::Erased(rejected)));
  return recordings;
}

std::string_view RoleFor(tpu::EventKind kind) {
  switch (kind) {
    case tpu::EventKind::StepBegin:
    case tpu::EventKind::StepEnd:
      return "step";
    case tpu::EventKind::CopyIn:
      return "copy";
    case tpu::EventKind::Writeback:
      return "writeback";
    case tpu::EventKind::When:
      return "branch";
    case tpu::EventKind::LoopIteration:
      return "loop";
    case tpu::EventKind::Load:
      return "load";
    case tpu::EventKind::Store:
      return "store";
    case tpu::EventKind::Vector:
    case tpu::EventKind::MatMul:
    case tpu::EventKind::Scalar:
      return "statement";
    default:
      return "";
  }
}

}  // namespace

TEST_CASE("site table: flash's walk parses its assets without a problem") {
  const KernelWalk& walk = WalkOf(flash::KernelEntry());
  for (const Diagnostic& d : walk.problems) CAPTURE(d.ToString());
  CHECK(walk.problems.empty());
  for (const Diagnostic& d : walk.library.diagnostics) CAPTURE(d.ToString());
  CHECK(walk.library.diagnostics.empty());
  CHECK(walk.library.walk == &walk);
  CHECK(walk.library.DefaultTour() != nullptr);
  CHECK(&walk == &WalkOf(flash::KernelEntry()));
  CHECK(walk.mirror.files().size() == flash::KernelEntry().info().assets.mirror.size());
}

TEST_CASE("site table: the shipped rows parse without a problem") {
  Diagnostics problems;
  const SiteTable table =
      ParseSiteTable(flash::KernelEntry().info().assets.sites, flash::KernelEntry().info(), problems);
  for (const Diagnostic& d : problems) CAPTURE(d.ToString());
  CHECK(problems.empty());
  CHECK(table.rows().size() == tilewalk::test::FlashWalk().sites.rows().size());
  CHECK(table.rows().size() > 200);
}

TEST_CASE(
    "site table: every site literal of the mirror has a row, and every row a literal or a pseudo-site") {
  const std::set<std::string> literals = MirrorSiteLiterals();
  REQUIRE(literals.size() > 150);
  const SiteTable& table = tilewalk::test::FlashWalk().sites;
  for (const std::string& site : literals) {
    CAPTURE(site);
    CHECK(table.Find(site) != nullptr);
  }
  for (const SiteRow& row : table.rows()) {
    CAPTURE(row.site);
    CHECK((literals.contains(row.site) || IsPseudoSite(row.site)));
    CHECK(IsPseudoSite(row.site) ==
          (row.role == SiteRole::Copy || row.role == SiteRole::Writeback || row.role == SiteRole::Step));
  }
}

TEST_CASE("site table: the compiler's line of each site is the line the scan of the embedded source finds") {
  const auto recordings = CoverageRecordings();
  int compared = 0;
  for (const tpu::SiteInfo& site : tpu::AllSites()) {
    if (site.name.empty() || tilewalk::test::FlashWalk().sites.Find(site.name) == nullptr) continue;
    CAPTURE(site.name);
    const auto scanned = tilewalk::test::FlashWalk().mirror.FindSite(site.name);
    REQUIRE(scanned);
    CHECK(std::filesystem::path(site.file).filename() == scanned->file);
    CHECK(static_cast<int>(site.line) == scanned->line);
    ++compared;
  }
  CHECK(compared > 120);
}

TEST_CASE("site table: every event of real runs has a row whose role fits the event") {
  const auto recordings = CoverageRecordings();
  std::set<std::string> fired;
  for (const auto& rec : recordings) {
    for (uint64_t e = 0; e < rec->EventCount(); ++e) {
      const tpu::Event& event = rec->EventAt(e);
      if (event.kind == tpu::EventKind::Error) continue;
      const std::string site = rec->SiteNameOf(e);
      CAPTURE(site);
      const SiteRow* row = tilewalk::test::FlashWalk().sites.Find(site);
      REQUIRE(row != nullptr);
      CHECK(SiteRoleName(row->role) == RoleFor(event.kind));
      CHECK(rec->launches()[static_cast<std::size_t>(rec->LaunchOf(e))].name == row->launch);
      fired.insert(site);
    }
  }
  CHECK(fired.size() > 150);
}

TEST_CASE("site table: malformed rows are file:line problems") {
  const EmbeddedFile bad{"bad.sites",
                         "# a comment\n"
                         "fwd.run.x statement fwd lanes f 3\n"
                         "fwd.run.y sentence fwd lanes f 3\n"
                         "fwd.run.z statement fwd lanes f 9-3\n"
                         "dkv.run.w statement fwd lanes f 3\n"
                         "fwd.run.x statement fwd lanes f 4\n"
                         "too few columns\n"};
  Diagnostics problems;
  const SiteTable table = ParseSiteTable(std::span(&bad, 1), flash::KernelEntry().info(), problems, "lib");
  REQUIRE(problems.size() == 5);
  CHECK(problems[0].ToString() ==
        "lib/bad.sites:3: unknown role 'sentence'; expected one of statement, load, store, "
        "branch, loop, raise, check, copy, writeback, step");
  CHECK(problems[1].ToString().starts_with("lib/bad.sites:4: lines '9-3'"));
  CHECK(problems[2].ToString() == "lib/bad.sites:5: site 'dkv.run.w' does not belong to launch 'fwd'");
  CHECK(problems[3].ToString().starts_with("lib/bad.sites:7: expected 6 columns"));
  CHECK(problems[4].ToString() == "lib/bad.sites:6: site 'fwd.run.x' already has a row at lib/bad.sites:2");
  CHECK(table.Find("fwd.run.x") != nullptr);
}

TEST_CASE("site table: the shipped fingerprint parses and is of the pinned commit") {
  // The jax commit the passages' line hints refer to: the last one that changed flash_attention.py.
  const PinnedFile& pinned = tilewalk::test::FlashWalk().pinned;
  CHECK(pinned.commit == "15c420602cf29fc9a163efcb1f22d25443f8bbae");
  CHECK(pinned.fingerprint.lines.size() == 1715);
  CHECK(pinned.fingerprint.keys.size() == 1715);
  CHECK(pinned.sha256.size() == 64);
  CHECK(pinned.url.find(pinned.commit) != std::string::npos);
  CHECK(FormatPinnedFile(pinned) ==
        std::string(flash::KernelEntry().info().assets.fingerprint.front().text));  // a fixed point
  CHECK_FALSE(ParsePinnedFile("commit x\nlines 2\n0000000000000001 0000000000000001\n").ok());
}

TEST_CASE("site table: an error is described with the Pallas function and lines of its row") {
  flash::Scenario s;
  s.q_len = s.kv_len = 256;
  s.block_sizes.block_k = 64;
  const auto rec = Recording::Record(flash::Erased(s));
  REQUIRE(rec->error());
  const std::string text =
      DescribeKernelError(*rec->error(), tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()));
  CHECK(text.find("NotImplementedError: block_k=64 should be a multiple of 128") == 0);
  CHECK(text.find("phase: tracing") != std::string::npos);
  CHECK(text.find("forward_kernel.cpp:") != std::string::npos);
  CHECK(text.find("raised in the Pallas original by _flash_attention_kernel_single_batch, line") !=
        std::string::npos);
  CHECK(PallasFunctionOf("block_sizes.minor_exceeds_major",
                         tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry())) ==
        "BlockSizes.__post_init__");
  CHECK(PallasFunctionOf("no.such.site", tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()))
            .empty());
}
