// A kernel as the code above the kernels sees it: a name, words for people, and the tables that describe
// it (KernelInfo), and what a run of it needs (estimate, prepare, compare, advise), behind one abstract
// class a kernel implements in kernels/<name>/entry/. Calls are per scenario or per run, never per event. The
// registry (kernels/registry/) lists every kernel; nothing else names one.
#pragma once

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"
#include "kernels/api/host_memory.hpp"
#include "kernels/api/launch_info.hpp"
#include "kernels/api/run.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::kernel {

// The files a kernel ships for the walkthrough, compiled in by the kernel's own CMakeLists: its C++ (the
// mirror the source pane shows), its site table, passages and tours, and the fingerprint of the Pallas file
// it mirrors (exactly one).
struct KernelAssets {
  std::string_view root;  // "assets/flash": names the passages' and tours' files in diagnostics
  std::span<const EmbeddedFile> mirror, sites, passages, tours, fingerprint;
};

// The Pallas Python file a kernel mirrors, as tilewalk finds, checks and measures it. The file itself is
// never shipped; its pinned commit, path, url, sha256 and line hashes come from assets.fingerprint.
struct PallasRegion {     // a part of the file (DESIGN.md section 1), named by the top-level defs it holds
  std::string_view name;  // "cost estimate"
  std::span<const std::string_view> functions;  // defs or classes; "<module>" for module-level code
};
struct CoverageScenario {  // a scenario the anchors verb records to see which sites fire
  std::string_view name;   // its key in `anchors --json`: "default"
  std::string_view flags;  // as `check` takes them: "--causal"
};
struct CoverageBody {         // a kernel body whose statements the anchors verb counts
  std::string_view function;  // its Python def
  std::string_view scenario;  // the CoverageScenario it runs in (by name)
};
struct PythonFile {
  std::string_view file_name;  // "flash_attention.py"; the cache keeps STEM-<commit12>.py
  std::string_view jax_path;   // "pallas/ops/tpu/flash_attention.py": where jax keeps it, for advice
  std::string_view module;     // the module python3 is asked to find in an installed jax
  std::string_view defines;    // a def the file must have ("_flash_attention_impl"), else it is refused
  std::string_view env_var;    // the environment variable that names the user's copy
  std::span<const PallasRegion> regions{};
  std::span<const CoverageScenario> coverage{};  // the first is the default step
  std::span<const CoverageBody> bodies{};
};

struct KernelInfo {
  std::string_view name;     // "flash": cache keys, messages
  std::string_view title;    // "Pallas TPU flash attention"
  std::string_view summary;  // one line for a list of kernels
  // The folder of the kernel's C++ ("kernels/flash/"): its sites are those whose file is in it, since
  // two kernels may give a site the same name.
  std::string_view source_folder;
  // What the memory guard's refusal tells to change: "reduce --batch, --heads, ..., drop --bias".
  std::string_view memory_advice;
  std::span<const LaunchInfo> launches;  // every launch the kernel can run, in run order
  ScenarioSchema scenario;
  PythonFile python{};  // empty for a kernel that declares no Python file
  KernelAssets assets;
  const LaunchInfo* FindLaunch(std::string_view name) const;  // by name, or null
};

// A whole number `check --json` reports in its object `object` as `key` ("segments": {"count": 3}).
struct ReportFact {
  std::string object, key;
  std::int64_t value = 0;
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  virtual const KernelInfo& info() const = 0;
  // The checks of a scenario that need no memory: sizes below 1, an unknown chip (Reason::Usage), in
  // the kernel's words. The memory guard (memory_guard.hpp) asks them first.
  virtual base::Status CheckScenario(const Scenario& s) const = 0;
  // The chip, precision and padding the scenario's launches run under.
  virtual RunSettings Settings(const Scenario& s) const = 0;
  // The bytes a run of `s` takes, part by part: what the memory guard compares with MaxHostBytes().
  virtual HostMemory EstimateHostMemory(const Scenario& s, const HostUse& use) const = 0;
  // The scenario's launches, prepared: inputs made, every check and trace done. A run with error() set
  // executes nothing. `s` must be runnable (the kernel's guard passed it).
  virtual std::unique_ptr<KernelRun> Prepare(const Scenario& s, const RunOptions& options) const = 0;
  // The same scenario with naive index maps (every grid step asks for its own block), prepared without
  // events: the Memory pane's yardstick for the kernel's redirects. Null: the kernel has none.
  virtual std::unique_ptr<KernelRun> PrepareNaive(const Scenario&) const { return nullptr; }
  // `outputs` of a run of `s` against the dense reference, on the inputs `s` makes (made again: for a
  // caller that let the run go and kept its outputs).
  virtual ReferenceComparison CompareWithReference(const Scenario& s, const Outputs& outputs) const = 0;
  // What to change when a launch of this kernel raised `error` (a sentence for people).
  virtual std::string ErrorAdvice(const tpu::KernelError& error, std::string_view launch) const = 0;
  // The scenario in one line for people, as `check` prints it after "scenario: ". By default its flags.
  virtual std::string DescribeScenario(const Scenario& s) const { return s.Canonical(); }
  // Facts of the scenario that its fields do not say directly (what a field asked for turned into), for
  // `check --json`: each a whole number in an object of the report. By default none.
  virtual std::vector<ReportFact> ReportFacts(const Scenario&) const { return {}; }
};

}  // namespace tilewalk::kernel
