// Fuzzes the anchor engine: outlining a Python file, resolving a passage's anchor in it, and the region
// coverage. The input's first line is the anchor, FUNCTION|TOKEN|...|FIRST-LAST, turned into a passage's
// front matter and parsed by ParsePassage, so that only anchors a passage file could hold are resolved;
// the rest of the input is the Python file.
// Invariants: every outline block lies inside the file; a resolved range lies inside the file and inside
// the scope it names, and holds every token; coverage counts agree with the per-region flags.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "kernels/flash/entry/kernel_entry.hpp"
#include "tests/fuzz/fuzz_check.hpp"
#include "walkthrough/anchor_engine.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/pallas_outline.hpp"
#include "walkthrough/pallas_regions.hpp"
#include "walkthrough/passage.hpp"

namespace tw = tilewalk::walkthrough;
using tilewalk::fuzz::Check;

namespace {

// The anchor line as a passage would hold it, or nothing when ParsePassage rejects it.
std::optional<tw::PallasAnchor> AnchorFromLine(std::string_view line) {
  const auto first_bar = line.find('|'), last_bar = line.rfind('|');
  if (first_bar == std::string_view::npos || first_bar == last_bar) return std::nullopt;
  const std::string text = "---\nid: fuzz\ntitle: fuzz\npallas: " + std::string(line.substr(0, first_bar)) +
                           "\ntokens: " + std::string(line.substr(first_bar + 1, last_bar - first_bar - 1)) +
                           "\nhint: " + std::string(line.substr(last_bar + 1)) + "\ncpp: fuzz\n---\nprose\n";
  tw::Diagnostics diags;
  const auto passage = tw::ParsePassage("00-fuzz.md", text,
                                        tilewalk::walkthrough::WalkOf(tilewalk::flash::KernelEntry()), diags);
  if (!passage) return std::nullopt;
  return passage->pallas;
}

void CheckOutline(const std::vector<std::string>& lines, const tw::PythonOutline& outline) {
  const int n = static_cast<int>(lines.size());
  Check(outline.module_level.size() == lines.size(), "module_level has one flag per line");
  for (const tw::PythonBlock& b : outline.blocks) {
    Check(b.first >= 1 && b.first <= b.last && b.last <= n, "an outline block lies inside the file",
          b.name + " " + std::to_string(b.first) + "-" + std::to_string(b.last) + " of " + std::to_string(n));
    Check(!b.name.empty() && lines[static_cast<std::size_t>(b.first - 1)].find(b.name) != std::string::npos,
          "a block's first line holds its name", b.name);
  }
}

// Whether lines [first, last] lie in one scope named `function` (a block, or module-level lines).
bool InsideScope(const tw::PythonOutline& outline, const std::string& function, int first, int last) {
  if (function == "<module>")
    return outline.module_level[static_cast<std::size_t>(first - 1)] &&
           outline.module_level[static_cast<std::size_t>(last - 1)];
  for (const tw::PythonBlock& b : outline.blocks)
    if (b.name == function && b.first <= first && last <= b.last) return true;
  return false;
}

void CheckResolved(const std::vector<std::string>& lines, const tw::PythonOutline& outline,
                   const tw::PallasAnchor& anchor, const tw::AnchorResult& r) {
  const std::string where = r.function + " " + std::to_string(r.first) + "-" + std::to_string(r.last);
  Check(r.first >= 1 && r.first <= r.last && r.last <= static_cast<int>(lines.size()),
        "a resolved range lies inside the file", where);
  Check(r.drift == r.first - anchor.hint_first, "drift is first minus the hint's first line", where);
  Check(InsideScope(outline, r.function, r.first, r.last), "a resolved range lies inside the scope it names",
        where);
  for (const std::string& token : anchor.tokens) {
    bool found = false;
    for (int l = r.first; l <= r.last && !found; ++l)
      found = lines[static_cast<std::size_t>(l - 1)].find(token) != std::string::npos;
    Check(found, "every token occurs inside the resolved range", token);
  }
}

void CheckCoverage(const tw::RegionCoverage& c, bool any_range) {
  const int regions = static_cast<int>(tilewalk::flash::KernelEntry().info().python.regions.size());
  Check(c.total == regions && static_cast<int>(c.regions.size()) == regions, "one coverage entry per region");
  int covered = 0;
  for (const auto& [name, is_covered] : c.regions) covered += is_covered;
  Check(c.covered == covered, "the covered count matches the per-region flags");
  Check(c.covered + c.missing_in_file <= c.total, "a region the file lacks cannot be covered");
  Check(any_range || c.covered == 0, "no range covers nothing");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const auto newline = input.find('\n');
  if (newline == std::string_view::npos) return 0;
  const std::vector<std::string> lines = tw::TextLines(input.substr(newline + 1));

  const tw::PythonOutline outline = tw::OutlinePython(lines);
  CheckOutline(lines, outline);

  std::vector<std::pair<int, int>> ranges;
  if (const auto anchor = AnchorFromLine(input.substr(0, newline))) {
    const tw::AnchorResult r = tw::ResolveAnchor(lines, outline, *anchor);
    if (r.status == tw::AnchorStatus::NotFound) {
      Check(!r.note.empty(), "an anchor that is not found says why");
    } else {
      CheckResolved(lines, outline, *anchor, r);
      ranges.emplace_back(r.first, r.last);
    }
  }
  CheckCoverage(
      tw::CoverRegions(tilewalk::flash::KernelEntry().info().python.regions, lines, outline, ranges),
      !ranges.empty());
  return 0;
}
