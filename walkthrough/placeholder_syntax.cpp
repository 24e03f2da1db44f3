#include "walkthrough/placeholder_syntax.hpp"

#include <cstdint>
#include <initializer_list>

#include "base/number_text.hpp"
#include "kernels/api/scenario_args.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/mirror_sources.hpp"

namespace tilewalk::walkthrough {

namespace {

bool OneOf(std::string_view word, std::initializer_list<std::string_view> options) {
  for (std::string_view o : options)
    if (word == o) return true;
  return false;
}

bool IsOperandName(std::string_view w) {
  if (w.empty() || w.size() > 64) return false;
  for (char c : w)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

bool IsCount(std::string_view w) {
  return base::ParseWhole(w, 0, INT32_MAX).ok();
}

std::string TrimmedSpaces(std::string_view s) {
  const auto b = s.find_first_not_of(' ');
  if (b == std::string_view::npos) return {};
  return std::string(s.substr(b, s.find_last_not_of(' ') - b + 1));
}

// {SITE#N.STAT}: a value computed at the N-th event at a site of the mirror.
bool IsEventValue(std::string_view body, const KernelWalk& walk) {
  const auto hash = body.find('#');
  if (hash == std::string_view::npos) return false;
  const std::string_view site = body.substr(0, hash), rest = body.substr(hash + 1);
  const auto dot = rest.find('.');
  if (dot == std::string_view::npos || !IsCount(rest.substr(0, dot)) || rest.substr(0, dot) == "0")
    return false;
  return OneOf(rest.substr(dot + 1), {"min", "max", "rows", "rows_below_one"}) &&
         walk.mirror.FindSite(site).has_value();
}

bool IsBytesForm(const std::vector<std::string_view>& p) {
  if (p.size() == 2)
    return OneOf(p[1], {"bytes_in", "naive_bytes_in", "bytes_saved", "vmem_bytes", "vmem_limit"});
  return (p.size() == 4 && (p[1] == "copies" || p[1] == "writebacks")) && p[3] == "bytes";
}

// The forms a variant can fill too: figures of the whole run, not of one of its events.
bool IsRunForm(const std::vector<std::string_view>& p, const KernelWalk& walk) {
  if (p.size() == 2 && p[0] == "scenario") {
    return walk.kernel->info().scenario.Find(p[1]) != nullptr;
  }
  if (p.size() == 2 && p[0] == "error") return OneOf(p[1], {"type", "message", "phase"});
  if (p.size() == 2 && p[0] == "check") return OneOf(p[1], {"pass", "masked_rows"});
  if (p.size() == 3 && p[0] == "check")
    return IsOperandName(p[1]) && OneOf(p[2], {"max_abs", "max_rel", "tolerance", "pass"});
  if (p.empty() || !IsLaunchName(p[0], walk)) return false;
  if (p.size() == 2)
    return OneOf(p[1], {"steps", "steps_run", "steps_skipped", "grid", "matmuls", "matmuls_per_step",
                        "est_time_us", "bytes_in", "vmem_bytes", "vmem_limit", "cores", "core0_steps_run",
                        "core1_steps_run", "core0_end_us", "core1_end_us"});
  if (p.size() == 3 && p[1] == "writebacks") return IsOperandName(p[2]);
  if (p.size() == 4 && p[1] == "writebacks") return IsOperandName(p[2]) && p[3] == "bytes";
  if (p.size() == 4 && p[1] == "copies")
    return IsOperandName(p[2]) && OneOf(p[3], {"issued", "skipped", "bytes"});
  return false;
}

// The forms only the recording itself can fill: the naive yardstick, and facts of one step or event.
bool IsRecordingForm(const std::vector<std::string_view>& p, std::string_view body, const KernelWalk& walk) {
  if (p.size() == 2 && IsLaunchName(p[0], walk) && OneOf(p[1], {"naive_bytes_in", "bytes_saved"}))
    return true;
  if (p.size() == 4 && IsLaunchName(p[0], walk) && p[1] == "step")
    return IsCount(p[2]) && OneOf(p[3], {"ran", "queries", "keys"});
  if (p.size() == 5 && IsLaunchName(p[0], walk) && p[1] == "step")
    return IsCount(p[2]) && OneOf(p[3], {"copy", "slot"}) && IsOperandName(p[4]);
  return IsEventValue(body, walk);
}

}  // namespace

std::vector<std::string_view> SplitDots(std::string_view name) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = name.find('.', start);
    parts.push_back(name.substr(start, dot - start));
    if (dot == std::string_view::npos) return parts;
    start = dot + 1;
  }
}

bool IsLaunchName(std::string_view w, const KernelWalk& walk) {
  return walk.kernel->info().FindLaunch(w) != nullptr;
}

base::Result<PlaceholderName> ParsePlaceholder(std::string_view name, const KernelWalk& walk) {
  PlaceholderName out;
  std::string_view rest = name;
  if (rest.starts_with("with ")) {
    const auto colon = rest.find(':');
    if (colon == std::string_view::npos) {
      return base::Fail(base::Reason::Malformed, "a variant is written {with FLAGS: NAME}");
    }
    std::string flags = TrimmedSpaces(rest.substr(5, colon - 5));
    for (std::size_t at = 0; at < flags.size();) {
      const auto space = flags.find(' ', at);
      if (space != at) out.with_flags.push_back(flags.substr(at, space - at));
      at = space == std::string::npos ? flags.size() : space + 1;
    }
    if (out.with_flags.empty()) {
      return base::Fail(base::Reason::Malformed, "{with FLAGS: NAME} needs at least one scenario flag");
    }
    if (const base::Status refused = kernel::RefuseFileFields(
            *walk.kernel, out.with_flags, "a passage's variant", kernel::kFileFieldsInTheApp);
        !refused) {
      return refused.error();
    }
    if (const auto parsed = kernel::ParseScenario(*walk.kernel, out.with_flags); !parsed) {
      return parsed.error();
    }
    rest = rest.substr(colon + 1);
  }
  std::string body = TrimmedSpaces(rest);
  if (const auto colon = body.rfind(':'); colon != std::string::npos) {
    out.unit = body.substr(colon + 1);
    body.resize(colon);
  }
  out.body = body;
  const std::vector<std::string_view> parts = SplitDots(out.body);
  const bool known =
      IsRunForm(parts, walk) || (out.with_flags.empty() && IsRecordingForm(parts, out.body, walk));
  if (!known) {
    return base::Fail(base::Reason::Malformed,
                      out.with_flags.empty() || !IsRecordingForm(parts, out.body, walk)
                          ? "not one of the documented forms"
                          : "a variant fills figures of a whole run only, not of one step or event");
  }
  if (!out.unit.empty() && (!OneOf(out.unit, {"KiB", "MiB"}) || !IsBytesForm(parts))) {
    return base::Fail(base::Reason::Malformed, "the units :KiB and :MiB go only on byte figures");
  }
  return out;
}

}  // namespace tilewalk::walkthrough
