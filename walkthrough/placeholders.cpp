#include "walkthrough/placeholders.hpp"

#include <algorithm>
#include <cstdio>
#include <initializer_list>
#include <vector>

#include "kernels/flash/flash_error.hpp"
#include "kernels/flash/scenario_fields.hpp"

namespace tilewalk::walkthrough {

namespace {

bool OneOf(std::string_view word, std::initializer_list<std::string_view> options) {
  for (std::string_view o : options)
    if (word == o) return true;
  return false;
}

bool IsLaunch(std::string_view w) {
  return OneOf(w, {"fwd", "dkv", "dq"});
}

bool IsOperandName(std::string_view w) {
  if (w.empty() || w.size() > 64) return false;
  for (char c : w)
    if (!((c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

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

// The documented forms (docs/authoring.md), checked by hand: std::regex overflows its stack on long input.
bool IsKnownForm(std::string_view name) {
  const auto p = SplitDots(name);
  if (p.size() == 2 && p[0] == "scenario") {
    return flash::FindScenarioField(p[1]) != nullptr;
  }
  if (p.size() == 2 && p[0] == "error") return OneOf(p[1], {"type", "message", "phase"});
  if (p.empty() || !IsLaunch(p[0])) return false;
  if (p.size() == 2)
    return OneOf(p[1], {"steps", "steps_run", "steps_skipped", "grid", "matmuls", "est_time_us", "bytes_in",
                        "naive_bytes_in", "bytes_saved"});
  if (p.size() == 3 && p[1] == "writebacks") return IsOperandName(p[2]);
  if (p.size() == 4 && p[1] == "copies")
    return IsOperandName(p[2]) && OneOf(p[3], {"issued", "skipped", "bytes"});
  return false;
}

// Calls f(offset of '{', name between the braces, closed) for each '{' in order, in one pass. The '}' that
// closes a placeholder is looked up once and shared by every '{' before it, so a text of many '{' and
// one late '}' stays linear (issue 19: a 3.3 MB passage took 54 s).
template <typename F>
void ForEachPlaceholder(std::string_view text, F f) {
  std::size_t close = std::string_view::npos;
  bool close_known = false;
  for (std::size_t open = text.find('{'); open != std::string_view::npos; open = text.find('{', open + 1)) {
    if (!close_known || (close != std::string_view::npos && close < open)) {
      close = text.find('}', open);
      close_known = true;
    }
    if (close == std::string_view::npos) {
      f(open, std::string_view{}, false);
      return;
    }
    f(open, text.substr(open + 1, close - open - 1), true);
  }
}

std::string Number(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, v == static_cast<double>(static_cast<long long>(v)) ? "%.0f" : "%.2f", v);
  return buf;
}

uint64_t BytesIn(const tpu::LaunchStats& s) {
  uint64_t total = 0;
  for (const auto& t : s.copies) total += t.bytes;
  return total;
}

}  // namespace

void CheckPlaceholderSyntax(std::string_view text, const std::string& file, int first_line,
                            Diagnostics& diags) {
  // Linear in the text: lines are counted from the previous placeholder on, a name too long to be one of
  // the forms is not split, a message quotes at most the start of a name, and past kShownProblems in one
  // text the rest are only counted, so a file of a million stray braces cannot make a million messages.
  constexpr std::size_t kShownProblems = 20, kLongestName = 200, kQuoted = 60;
  std::size_t counted_to = 0, problems = 0;
  int line = first_line, last_line = first_line;
  ForEachPlaceholder(text, [&](std::size_t at, std::string_view name, bool closed) {
    if (closed && name.size() <= kLongestName && IsKnownForm(name)) return;
    ++problems;
    if (problems > kShownProblems) return;
    line += static_cast<int>(std::count(text.begin() + static_cast<std::ptrdiff_t>(counted_to),
                                        text.begin() + static_cast<std::ptrdiff_t>(at), '\n'));
    counted_to = at;
    last_line = line;
    if (!closed) {
      diags.push_back({file, line, "a '{' without its '}': close the placeholder"});
    } else {
      const std::string quoted =
          name.size() <= kQuoted ? std::string(name) : std::string(name.substr(0, kQuoted)) + "…";
      diags.push_back(
          {file, line,
           "unknown placeholder {" + quoted + "}; see the placeholder table in docs/authoring.md"});
    }
  });
  if (problems > kShownProblems)
    diags.push_back({file, last_line,
                     "and " + std::to_string(problems - kShownProblems) +
                         " more placeholder problems after this line; fix the ones above first"});
}

const tpu::LaunchStats* PlaceholderSource::Stats(std::string_view launch) const {
  for (const LaunchTrack& t : m_recording.launches())
    if (t.name == launch) return &t.stats;
  return nullptr;
}

std::optional<std::string> PlaceholderSource::Value(std::string_view name, std::string& why) {
  const std::string n(name);
  const auto dot = n.find('.');
  const std::string head = n.substr(0, dot), rest = dot == std::string::npos ? "" : n.substr(dot + 1);
  if (head == "scenario") {
    if (const flash::ScenarioField* field = flash::FindScenarioField(rest)) {
      const std::string value = field->get(m_recording.scenario());
      return value.empty() ? std::string("unset") : value;  // an optional block left to the kernel
    }
    why = "{" + n + "}: the scenario has no setting '" + rest + "'";
    return std::nullopt;
  }
  if (head == "error") {
    if (!m_recording.error()) {
      why = "{" + n + "}: this scenario is not rejected, so there is no error";
      return std::nullopt;
    }
    const tpu::KernelError& e = *m_recording.error();
    if (rest == "type") return std::string(tpu::ErrorTypeName(e.type));
    if (rest == "phase") return std::string(tpu::PhaseName(e.phase));
    return e.message;
  }
  const tpu::LaunchStats* s = Stats(head);
  if (!s) {
    why = "{" + n + "}: the launch '" + head + "' does not run in this scenario";
    return std::nullopt;
  }
  if (rest == "steps") return std::to_string(s->steps);
  if (rest == "steps_run") return std::to_string(s->steps_run);
  if (rest == "steps_skipped") return std::to_string(s->steps_skipped);
  if (rest == "matmuls") return std::to_string(s->ops.matmuls);
  if (rest == "est_time_us") return Number(s->cost.total_us);
  if (rest == "bytes_in") return std::to_string(BytesIn(*s));
  if (rest == "grid") {
    for (const LaunchTrack& t : m_recording.launches())
      if (t.name == head) return t.grid.ToString();
  }
  if (rest == "naive_bytes_in" || rest == "bytes_saved") {
    if (!m_naive) {
      flash::Scenario naive = m_recording.scenario();
      naive.naive_index_maps = true;
      const flash::ScenarioInputs data = flash::MakeInputs(naive);
      flash::StepOptions options{
          .forward_only = naive.forward_only,
          .launch = {.chip = naive.ChipPreset(), .precision = naive.precision, .record_events = false}};
      m_naive = flash::RunTrainingStep(data.inputs, data.d_o, naive.Config(), options);
    }
    for (const flash::LaunchOutcome& l : m_naive->launches)
      if (l.name == head) {
        const uint64_t naive_bytes = BytesIn(l.result.stats);
        return std::to_string(rest == "naive_bytes_in" ? naive_bytes : naive_bytes - BytesIn(*s));
      }
  }
  const auto second = rest.find('.');
  const std::string group = rest.substr(0, second);
  if (group == "copies" || group == "writebacks") {
    const std::string tail = rest.substr(second + 1);
    const auto third = tail.find('.');
    const std::string operand = tail.substr(0, third);
    const auto& table = group == "copies" ? s->copies : s->writebacks;
    for (const tpu::OperandTraffic& t : table) {
      if (t.name != operand) continue;
      if (group == "writebacks") return std::to_string(t.issued);
      const std::string field = tail.substr(third + 1);
      if (field == "issued") return std::to_string(t.issued);
      if (field == "skipped") return std::to_string(t.skipped);
      return std::to_string(t.bytes);
    }
    why = "{" + n + "}: the " + head + " launch has no " + (group == "copies" ? "input" : "output") + " '" +
          operand + "' in this scenario";
    return std::nullopt;
  }
  why = "{" + n + "}: not a known placeholder";
  return std::nullopt;
}

std::optional<std::string> FillPlaceholders(std::string_view text, PlaceholderSource& source,
                                            std::string& why) {
  std::string out;
  std::size_t copied = 0;
  bool ok = true;
  ForEachPlaceholder(text, [&](std::size_t at, std::string_view name, bool closed) {
    if (!ok || !closed) return;
    out.append(text.substr(copied, at - copied));
    const auto value = source.Value(name, why);
    if (!value) {
      ok = false;
      return;
    }
    out += *value;
    copied = at + name.size() + 2;
  });
  if (!ok) return std::nullopt;
  out.append(text.substr(copied));
  return out;
}

}  // namespace tilewalk::walkthrough
