// The site role table: one place that says what each kernel site is. Every site name the C++ mirror
// passes (and the pseudo-sites of events that have no literal: a grid step, a copy of an operand, a
// writeback) has a row in assets/KERNEL/sites/*.sites: its role (a statement, a branch, a store, a copy,
// ...), its launch, the detail pane it belongs to, and the lines of the pinned Pallas file it mirrors, by
// top-level function and line range. The source pane lights those lines, the session picks panes from
// the role, and `tilewalk anchors` resolves them against a user's file. Our own data, validated on load.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"
#include "kernels/api/kernel.hpp"
#include "walkthrough/diagnostic.hpp"

namespace tilewalk::walkthrough {

enum class SiteRole : uint8_t { Statement, Load, Store, Branch, Loop, Raise, Check, Copy, Writeback, Step };
enum class SitePane : uint8_t { Keep, Grid, Memory, Lanes, Scores };

std::string_view SiteRoleName(SiteRole role);  // "statement", ...
std::string_view SitePaneName(SitePane pane);  // "keep", "grid", ...

struct SiteRow {
  std::string site;  // "fwd.run.alpha", or a pseudo-site: "fwd.step", "dkv.copy.q", "dq.writeback.ds"
  SiteRole role = SiteRole::Statement;
  std::string launch;  // "fwd", "dkv", "dq", or "entry" for the checks before any launch
  SitePane pane = SitePane::Keep;
  std::string function;  // the def or class of the Pallas file that holds the lines: top-level, or
                         // "Class.method" ("BlockSizes.__post_init__")
  std::string TopLevelFunction() const { return function.substr(0, function.find('.')); }
  int first = 0, last = 0;  // the lines at the pinned commit
  std::string file;         // where the row is written, for messages
  int line = 0;
};

class SiteTable {
 public:
  SiteTable() = default;
  explicit SiteTable(std::vector<SiteRow> rows);

  const std::vector<SiteRow>& rows() const { return m_rows; }
  const SiteRow* Find(std::string_view site) const;  // null for a site with no row
  const SiteRow* CopyOf(std::string_view launch, std::string_view operand) const;
  const SiteRow* WritebackOf(std::string_view launch, std::string_view operand) const;
  const SiteRow* StepOf(std::string_view launch) const;

 private:
  std::vector<SiteRow> m_rows;  // sorted by site
};

// Parses the given .sites files of `kernel`; each problem is a file:line diagnostic (a malformed row, an
// unknown role or pane, a launch the kernel does not have (nor its entry checks, "entry"), a bad range, a
// site named twice). `root` names the folder in messages; empty: the kernel's own, ROOT/sites of its assets.
SiteTable ParseSiteTable(std::span<const EmbeddedFile> files, const kernel::KernelInfo& kernel,
                         Diagnostics& diagnostics, std::string_view root = {});

}  // namespace tilewalk::walkthrough
