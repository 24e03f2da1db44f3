// [SECTIONS] syntax check · a run's figures · the source: own run, variants, recording-only forms · fill
#include "walkthrough/placeholders.hpp"

#include <algorithm>
#include <cstdio>

#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::walkthrough {

// ---- syntax check -------------------------------------------------------------------------------

void CheckPlaceholderSyntax(std::string_view text, const KernelWalk& walk, const std::string& file,
                            int first_line, Diagnostics& diags) {
  // Linear in the text: lines are counted from the previous problem on, a name too long to be one of the
  // forms is not split, a message quotes at most the start of a name, and past kShownProblems in one text
  // the rest are only counted, so a file of a million stray braces cannot make a million messages.
  constexpr std::size_t kShownProblems = 20, kLongestName = 200, kQuoted = 60;
  std::size_t counted_to = 0, problems = 0;
  int line = first_line, last_line = first_line;
  ForEachPlaceholder(text, [&](std::size_t at, std::string_view name, bool closed) {
    std::string why = "longer than any placeholder";
    if (closed && name.size() <= kLongestName) {
      const base::Result<PlaceholderName> parsed = ParsePlaceholder(name, walk);
      if (parsed) return;
      why = parsed.error().message;
    }
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
      diags.push_back({file, line,
                       "unknown placeholder {" + quoted + "}: " + why +
                           "; see the placeholder table in docs/authoring.md"});
    }
  });
  if (problems > kShownProblems)
    diags.push_back({file, last_line,
                     "and " + std::to_string(problems - kShownProblems) +
                         " more placeholder problems after this line; fix the ones above first"});
}

// ---- a run's figures ----------------------------------------------------------------------------

struct LaunchFigures {
  std::string name;
  tpu::Dims grid;
  tpu::LaunchStats stats;
  int64_t vmem_bytes = 0;  // the launch's buffers in VMEM: two slots per pipelined operand, and scratch
  int64_t vmem_limit = 0;  // the scoped VMEM limit it compiled under
};

struct PlaceholderSource::Run {
  kernel::Scenario scenario;
  std::vector<LaunchFigures> launches{};
  std::optional<tpu::KernelError> error{};
  std::optional<base::Error> refused{};                     // a variant the memory guard refuses is not run
  bool variant = false;                                     // a {with …} run, not the recording's own
  std::optional<kernel::Outputs> outputs{};                 // held until the check has compared them
  std::optional<kernel::ReferenceComparison> comparison{};  // likewise
};

namespace {

std::string Format(const char* format, double v) {
  char buf[48];
  std::snprintf(buf, sizeof buf, format, v);
  return buf;
}

// Whole numbers as they are, others to two decimals.
std::string Number(double v) {
  return Format(v == static_cast<double>(static_cast<long long>(v)) ? "%.0f" : "%.2f", v);
}

std::string Bytes(uint64_t bytes, const std::string& unit) {
  if (unit == "KiB") return Number(static_cast<double>(bytes) / 1024.0) + " KiB";
  if (unit == "MiB") return Number(static_cast<double>(bytes) / 1048576.0) + " MiB";
  return std::to_string(bytes);
}

uint64_t BytesIn(const tpu::LaunchStats& s) {
  uint64_t total = 0;
  for (const auto& t : s.copies) total += t.bytes;
  return total;
}

const LaunchFigures* FindLaunch(const PlaceholderSource::Run& run, std::string_view name) {
  for (const LaunchFigures& l : run.launches)
    if (l.name == name) return &l;
  return nullptr;
}

// A figure of one TensorCore of a megacore launch: its steps that did arithmetic, or when it finished.
Figure CoreValue(const LaunchFigures& l, std::string_view name) {
  const tpu::LaunchStats& s = l.stats;
  const int core = name[4] - '0';  // "core0_..." or "core1_..."
  if (core >= s.cost.cores) {
    return base::Fail(
        base::Reason::NotFound,
        "the " + l.name + " launch runs on one TensorCore in this scenario " + "(a v4 or v5p runs two)");
  }
  if (name.ends_with("_end_us")) return Number(s.cost.core_end_us[static_cast<std::size_t>(core)]);
  const auto ran_here = [&](const tpu::StepCost& c) { return c.ran && c.core == core; };
  return std::to_string(std::count_if(s.step_costs.begin(), s.step_costs.end(), ran_here));
}

// Matmul statements per grid step that did arithmetic: per pair of blocks when a step holds one pair.
Figure MatmulsPerStep(const tpu::LaunchStats& s) {
  if (s.steps_run == 0) {
    return base::Fail(base::Reason::NotFound, "no grid step of this launch did arithmetic");
  }
  return Number(static_cast<double>(s.ops.matmuls) / static_cast<double>(s.steps_run));
}

Figure LaunchValue(const LaunchFigures& l, const std::vector<std::string_view>& p, const std::string& unit) {
  const tpu::LaunchStats& s = l.stats;
  if (p.size() == 2) {
    if (p[1] == "cores") return std::to_string(s.cost.cores);
    if (p[1].starts_with("core")) return CoreValue(l, p[1]);
    if (p[1] == "steps") return std::to_string(s.steps);
    if (p[1] == "steps_run") return std::to_string(s.steps_run);
    if (p[1] == "steps_skipped") return std::to_string(s.steps_skipped);
    if (p[1] == "matmuls") return std::to_string(s.ops.matmuls);
    if (p[1] == "matmuls_per_step") return MatmulsPerStep(s);
    if (p[1] == "est_time_us") return Number(s.cost.total_us);
    if (p[1] == "bytes_in") return Bytes(BytesIn(s), unit);
    if (p[1] == "vmem_bytes") return Bytes(static_cast<uint64_t>(l.vmem_bytes), unit);
    if (p[1] == "vmem_limit") return Bytes(static_cast<uint64_t>(l.vmem_limit), unit);
    if (p[1] == "grid") return l.grid.ToString();
  }
  const bool copies = p[1] == "copies";
  for (const tpu::OperandTraffic& t : copies ? s.copies : s.writebacks) {
    if (t.name != p[2]) continue;
    if (p.size() == 3 || p[3] == "issued") return std::to_string(t.issued);
    if (p[3] == "skipped") return std::to_string(t.skipped);
    return Bytes(t.bytes, unit);
  }
  return base::Fail(base::Reason::NotFound, "the " + l.name + " launch has no " +
                                                (copies ? "input" : "output") + " '" + std::string(p[2]) +
                                                "' in this scenario");
}

Figure CheckValue(PlaceholderSource::Run& run, const std::vector<std::string_view>& p) {
  if (run.error) {
    return base::Fail(base::Reason::NotFound,
                      "the scenario is rejected, so nothing is checked against the reference");
  }
  if (!run.comparison) {
    run.comparison = run.scenario.kernel().CompareWithReference(run.scenario, *run.outputs);
    run.outputs.reset();  // the comparison holds all a check asks
  }
  const auto verdict = [](bool pass, bool uncheckable) {
    return std::string(pass ? "PASS" : uncheckable ? "CANNOT CHECK" : "FAIL");
  };
  if (p.size() == 2 && p[1] == "masked_rows") return std::to_string(run.comparison->masked_rows);
  if (p.size() == 2) return verdict(run.comparison->pass, run.comparison->Uncheckable());
  for (const kernel::OutputError& e : run.comparison->outputs) {
    if (e.name != p[1]) continue;
    if (p[2] == "pass") return verdict(e.pass, e.verdict == kernel::Verdict::Uncheckable);
    return Format("%.1e", p[2] == "max_abs" ? e.max_abs : p[2] == "max_rel" ? e.max_rel : e.tolerance);
  }
  return base::Fail(base::Reason::NotFound,
                    "the check compares no output '" + std::string(p[1]) + "' in this scenario");
}

}  // namespace

// ---- the source: own run, variants, recording-only forms ------------------------------------------

PlaceholderSource::PlaceholderSource(const Recording& recording)
    : m_recording(recording), m_own(std::make_unique<Run>(Run{.scenario = recording.scenario()})) {
  m_own->error = recording.error();
  for (const LaunchTrack& t : recording.launches())
    m_own->launches.push_back({t.name, t.grid, t.stats, t.vmem.total_bytes, t.vmem.capacity});
}

PlaceholderSource::~PlaceholderSource() = default;

void PlaceholderSource::ReleaseVariantOutputs() {
  for (auto& [key, run] : m_variants)
    if (run) run->outputs.reset();
}

std::size_t PlaceholderSource::VariantsHoldingOutputs() const {
  std::size_t holding = 0;
  for (const auto& [key, run] : m_variants) holding += run && run->outputs ? 1 : 0;
  return holding;
}

namespace {

// Runs a variant's training step (its outputs, and the first time its launches' figures).
void RunVariantStep(PlaceholderSource::Run& run) {
  kernel::RunResult result = run.scenario.kernel()
                                 .Prepare(run.scenario, {.record_events = false})
                                 ->RunToEnd(kernel::KernelRun::Hand::Moved);
  run.outputs = std::move(result.outputs);
  run.error = result.error;
  if (!run.launches.empty()) return;
  for (const kernel::LaunchOutcome& l : result.launches)
    run.launches.push_back(
        {l.name, l.result.grid, l.result.stats, l.result.vmem.total_bytes, l.result.vmem.capacity});
}

}  // namespace

PlaceholderSource::Run& PlaceholderSource::Variant(const std::vector<std::string>& flags) {
  std::string key;
  for (const std::string& w : flags) key += w + " ";
  std::unique_ptr<Run>& run = m_variants[key];
  if (!run) {
    // The guard passes each variant alone, so only one variant's outputs are held at a time: the others
    // keep their figures, and run again if a check of theirs is asked for later.
    ReleaseVariantOutputs();
    // Checked when loaded.
    run = std::make_unique<Run>(
        Run{.scenario = kernel::ParseScenario(flags, m_recording.scenario()).value(), .variant = true});
    // Asked as check asks (a run and then its reference), since a {with …: check.…} compares too.
    if (const base::Status runnable = kernel::CheckRunnable(run->scenario, {.record = false}); !runnable) {
      run->refused = runnable.error();
      return *run;
    }
    RunVariantStep(*run);
  }
  return *run;
}

Figure PlaceholderSource::RunValue(Run& run, const std::string& body, const std::string& unit) {
  if (run.refused) return *run.refused;
  const std::vector<std::string_view> p = SplitDots(body);
  if (p[0] == "scenario") {
    if (const kernel::ScenarioField* field = run.scenario.schema().Find(p[1])) {
      const std::string value = run.scenario.Get(*field);
      return value.empty() ? std::string("unset") : value;  // an optional block left to the kernel
    }
    return base::Fail(base::Reason::NotFound, "the scenario has no setting '" + std::string(p[1]) + "'");
  }
  if (p[0] == "error") {
    if (!run.error) {
      return base::Fail(base::Reason::NotFound, "this scenario is not rejected, so there is no error");
    }
    if (p[1] == "type") return std::string(tpu::ErrorTypeName(run.error->type));
    if (p[1] == "phase") return std::string(tpu::PhaseName(run.error->phase));
    return run.error->message;
  }
  if (p[0] == "check") {
    if (!run.outputs && !run.comparison && !run.error) {
      if (run.variant) {
        ReleaseVariantOutputs();
        // The process may hold more now than when the guard first passed this variant: ask again.
        if (const base::Status runnable = kernel::CheckRunnable(run.scenario, {.record = false}); !runnable)
          return runnable.error();
        RunVariantStep(run);
      } else {
        run.outputs = m_recording.Outputs();
      }
    }
    return CheckValue(run, p);
  }
  const LaunchFigures* launch = FindLaunch(run, p[0]);
  if (!launch) {
    return base::Fail(base::Reason::NotFound,
                      "the launch '" + std::string(p[0]) + "' does not run in this scenario");
  }
  return LaunchValue(*launch, p, unit);
}

Figure PlaceholderSource::RecordingValue(const std::vector<std::string_view>& p, const std::string& body,
                                         const std::string& unit) {
  if (p.size() >= 4 && p[1] == "step") return StepFigure(m_recording, p);
  if (body.find('#') != std::string::npos) return EventValueFigure(m_recording, body);
  // naive_bytes_in and bytes_saved: the same scenario with naive index maps, as yardstick
  const LaunchFigures* own = FindLaunch(*m_own, p[0]);
  const Run& yardstick = Variant({"--naive-index-maps"});
  if (yardstick.refused) return *yardstick.refused;
  const LaunchFigures* naive = FindLaunch(yardstick, p[0]);
  if (!own || !naive) {
    return base::Fail(base::Reason::NotFound,
                      "the launch '" + std::string(p[0]) + "' does not run in this scenario");
  }
  const uint64_t naive_bytes = BytesIn(naive->stats);
  return Bytes(p[1] == "naive_bytes_in" ? naive_bytes : naive_bytes - BytesIn(own->stats), unit);
}

Figure PlaceholderSource::Value(std::string_view name) {
  const KernelWalk& walk = WalkOf(m_recording.scenario().kernel());
  const base::Result<PlaceholderName> parsed = ParsePlaceholder(name, walk);
  if (!parsed)
    return base::Fail(parsed.error().reason, "{" + std::string(name) + "}: " + parsed.error().message);
  const std::vector<std::string_view> p = SplitDots(parsed->body);
  // An event's value ({SITE#N.STAT}) names a site, whatever its first word: a kernel may prefix its sites
  // with its own name rather than a launch's.
  const bool recording_only = parsed->body.find('#') != std::string::npos ||
                              (p.size() >= 2 && IsLaunchName(p[0], walk) &&
                               (p[1] == "naive_bytes_in" || p[1] == "bytes_saved" || p[1] == "step"));
  Figure value = !parsed->with_flags.empty()
                     ? RunValue(Variant(parsed->with_flags), parsed->body, parsed->unit)
                 : recording_only ? RecordingValue(p, parsed->body, parsed->unit)
                                  : RunValue(*m_own, parsed->body, parsed->unit);
  if (!value)
    return base::Fail(value.error().reason, "{" + std::string(name) + "}: " + value.error().message);
  return value;
}

// ---- filling ------------------------------------------------------------------------------------

Figure FillPlaceholders(std::string_view text, PlaceholderSource& source,
                        std::optional<std::string_view> not_found) {
  std::string out;
  std::size_t copied = 0;
  std::optional<base::Error> failure;
  ForEachPlaceholder(text, [&](std::size_t at, std::string_view name, bool closed) {
    if (failure || !closed) return;
    out.append(text.substr(copied, at - copied));
    Figure value = source.Value(name);
    if (value) {
      out += *value;
    } else if (not_found && value.error().reason == base::Reason::NotFound) {
      out += *not_found;
    } else {
      failure = value.error();
      return;
    }
    copied = at + name.size() + 2;
  });
  if (failure) return *failure;
  out.append(text.substr(copied));
  return out;
}

}  // namespace tilewalk::walkthrough
