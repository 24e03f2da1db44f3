#include "walkthrough/site_table.hpp"

#include <algorithm>
#include <array>
#include <sstream>

#include "base/number_text.hpp"

namespace tilewalk::walkthrough {
namespace {

constexpr std::array<std::string_view, 10> kRoles = {"statement", "load",  "store", "branch",    "loop",
                                                     "raise",     "check", "copy",  "writeback", "step"};
constexpr std::array<std::string_view, 5> kPanes = {"keep", "grid", "memory", "lanes", "scores"};
constexpr std::string_view kEntryLaunch = "entry";  // the checks before any launch

template <std::size_t N>
int IndexOf(const std::array<std::string_view, N>& names, std::string_view name) {
  const auto it = std::find(names.begin(), names.end(), name);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

template <std::size_t N>
std::string Listed(const std::array<std::string_view, N>& names) {
  std::string text;
  for (std::string_view n : names) text += (text.empty() ? "" : ", ") + std::string(n);
  return text;
}

bool ParseLines(std::string_view text, int& first, int& last) {
  const std::size_t dash = text.find('-');
  const auto a = base::ParseWhole(text.substr(0, dash), 1, 1 << 24);
  const auto b = dash == std::string_view::npos ? a : base::ParseWhole(text.substr(dash + 1), 1, 1 << 24);
  if (!a || !b || *b < *a) return false;
  first = static_cast<int>(*a);
  last = static_cast<int>(*b);
  return true;
}

// The kernel's launches, then "entry".
std::vector<std::string_view> LaunchNames(const kernel::KernelInfo& kernel) {
  std::vector<std::string_view> names;
  for (const kernel::LaunchInfo& launch : kernel.launches) names.push_back(launch.name);
  names.push_back(kEntryLaunch);
  return names;
}

std::string Listed(const std::vector<std::string_view>& names) {
  std::string text;
  for (std::string_view n : names) text += (text.empty() ? "" : ", ") + std::string(n);
  return text;
}

// One row: "site role launch pane function lines". `kernel_prefix` ("<kernel name>."): a site named after its
// kernel rather than its launch (a helper every launch calls) may belong to any launch.
std::optional<SiteRow> ParseRow(std::string_view text, const std::vector<std::string_view>& launches,
                                const std::string& kernel_prefix, const std::string& file, int line,
                                Diagnostics& d) {
  std::istringstream in{std::string(text)};
  std::vector<std::string> w;
  for (std::string word; in >> word;) w.push_back(word);
  auto problem = [&](const std::string& message) {
    d.push_back({file, line, message});
    return std::nullopt;
  };
  if (w.size() != 6)
    return problem("expected 6 columns (site role launch pane function lines), got " +
                   std::to_string(w.size()));
  SiteRow row{.site = w[0], .launch = w[2], .function = w[4], .file = file, .line = line};
  const int role = IndexOf(kRoles, w[1]), pane = IndexOf(kPanes, w[3]);
  if (role < 0) return problem("unknown role '" + w[1] + "'; expected one of " + Listed(kRoles));
  if (std::find(launches.begin(), launches.end(), w[2]) == launches.end())
    return problem("unknown launch '" + w[2] + "'; expected one of " + Listed(launches));
  if (pane < 0) return problem("unknown pane '" + w[3] + "'; expected one of " + Listed(kPanes));
  if (!ParseLines(w[5], row.first, row.last))
    return problem("lines '" + w[5] + "' should be N or FIRST-LAST, from 1, with LAST ≥ FIRST");
  row.role = static_cast<SiteRole>(role);
  row.pane = static_cast<SitePane>(pane);
  if (!row.site.starts_with(row.launch == kEntryLaunch ? "" : row.launch) &&
      !row.site.starts_with(kernel_prefix))
    return problem("site '" + row.site + "' does not belong to launch '" + row.launch + "'");
  return row;
}

}  // namespace

std::string_view SiteRoleName(SiteRole role) {
  return kRoles[static_cast<std::size_t>(role)];
}

std::string_view SitePaneName(SitePane pane) {
  return kPanes[static_cast<std::size_t>(pane)];
}

SiteTable::SiteTable(std::vector<SiteRow> rows) : m_rows(std::move(rows)) {
  std::sort(m_rows.begin(), m_rows.end(), [](const SiteRow& a, const SiteRow& b) { return a.site < b.site; });
}

const SiteRow* SiteTable::Find(std::string_view site) const {
  const auto it = std::lower_bound(m_rows.begin(), m_rows.end(), site,
                                   [](const SiteRow& row, std::string_view name) { return row.site < name; });
  return it != m_rows.end() && it->site == site ? &*it : nullptr;
}

const SiteRow* SiteTable::CopyOf(std::string_view launch, std::string_view operand) const {
  return Find(std::string(launch) + ".copy." + std::string(operand));
}

const SiteRow* SiteTable::WritebackOf(std::string_view launch, std::string_view operand) const {
  return Find(std::string(launch) + ".writeback." + std::string(operand));
}

const SiteRow* SiteTable::StepOf(std::string_view launch) const {
  return Find(std::string(launch) + ".step");
}

SiteTable ParseSiteTable(std::span<const EmbeddedFile> files, const kernel::KernelInfo& kernel,
                         Diagnostics& d, std::string_view root) {
  const std::vector<std::string_view> launches = LaunchNames(kernel);
  const std::string kernel_prefix = std::string(kernel.name) + ".";
  const std::string folder = root.empty() ? std::string(kernel.assets.root) + "/sites" : std::string(root);
  std::vector<SiteRow> rows;
  for (const EmbeddedFile& f : files) {
    const std::string file = folder + "/" + std::string(f.name);
    std::string_view text = f.text;
    for (int line = 1; !text.empty(); ++line) {
      const std::size_t end = text.find('\n');
      const std::string_view row = text.substr(0, end);
      text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
      const std::size_t start = row.find_first_not_of(" \t\r");
      if (start == std::string_view::npos || row[start] == '#') continue;
      if (auto parsed = ParseRow(row, launches, kernel_prefix, file, line, d))
        rows.push_back(std::move(*parsed));
    }
  }
  SiteTable table(std::move(rows));
  const auto& sorted = table.rows();
  for (std::size_t i = 1; i < sorted.size(); ++i)
    if (sorted[i].site == sorted[i - 1].site)
      d.push_back({sorted[i].file, sorted[i].line,
                   "site '" + sorted[i].site + "' already has a row at " + sorted[i - 1].file + ":" +
                       std::to_string(sorted[i - 1].line)});
  return table;
}

}  // namespace tilewalk::walkthrough
