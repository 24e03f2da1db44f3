#include "kernels/flash/what_if.hpp"

#include <array>

namespace tilewalk::flash {

namespace {

struct WhatIfRow {
  WhatIf what_if;
  std::string_view name;
  std::string_view help;
};

constexpr std::array<WhatIfRow, 5> kWhatIfs = {{
    {WhatIf::None, "none", "the original file"},
    {WhatIf::RedirectLmDkv, "redirect-lm-dkv",
     "dK/dV: skipped steps redirect the l and m maps, as they do q"},
    {WhatIf::BiasMapCeil, "bias-map-ceil", "forward: the bias map's last q row by ceiling, not floor"},
    {WhatIf::DkvRedirectFirstRun, "dkv-redirect-first-run",
     "dK/dV: skipped steps ask for the first running q block"},
    {WhatIf::NonStrictDiag, "non-strict-diag", "below_or_on_diag compares with >= rather than >"},
}};

const WhatIfRow& Row(WhatIf w) {
  for (const WhatIfRow& row : kWhatIfs)
    if (row.what_if == w) return row;
  return kWhatIfs[0];
}

}  // namespace

std::string_view WhatIfName(WhatIf w) {
  return Row(w).name;
}

std::string_view WhatIfHelp(WhatIf w) {
  return Row(w).help;
}

std::optional<WhatIf> WhatIfByName(std::string_view name) {
  for (const WhatIfRow& row : kWhatIfs)
    if (row.name == name) return row.what_if;
  return std::nullopt;
}

const std::vector<WhatIf>& AllWhatIfs() {
  static const std::vector<WhatIf> all = [] {
    std::vector<WhatIf> out;
    for (const WhatIfRow& row : kWhatIfs)
      if (row.what_if != WhatIf::None) out.push_back(row.what_if);
    return out;
  }();
  return all;
}

}  // namespace tilewalk::flash
