// Golden digests of recordings: every scenario preset and every coverage scenario of `anchors`, plus a
// two-core chip and bfloat16, lengths capped at 512, recorded and reduced to two SHA-256 digests that a
// fixture file holds. They freeze what a recording is across commits, which the other bit-for-bit tests (two
// paths of one build) cannot.
// - The structure digest is portable: launches, grids, operands, VMEM plans, every event by kind, flags,
//   operand, slot, block, region, work and site *name* (never its line), step_ran, checkpoints, the
//   integer statistics, copies issued and skipped, bytes, errors, and the outputs' shapes. Checked in every
//   build.
// - The values digest holds float bits: the outputs as recorded and after ReplayToEnd, every event's
//   times and the cost model's step and launch times. The default build compiles for the machine's CPU
//   (-march=native), so those bits depend on the compiler, its flags and the CPU's instruction sets: a
//   values digest is stored per build key (compiler, build type, native or portable, sanitizers, and a hash
//   of the compiler's predefined macros for those flags) and checked only in a build with that key.
// TILEWALK_UPDATE_DIGESTS=1 rewrites the structure digests and this build's values digests in the fixture;
// TILEWALK_DIGEST_DUMP=DIR writes each scenario's structure text there, to diff two trees.
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "base/sha256.hpp"
#include "kernels/flash/entry/kernel_entry.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "kernels/flash/scenario_presets.hpp"
#include "kernels/flash/training_step.hpp"
#include "walkthrough/recording.hpp"

using namespace tilewalk;
using namespace tilewalk::walkthrough;

namespace recording_digest_test {

constexpr int kLengthCap = 512;  // as seeded_normals_test caps its bias cases: bench-step is 2048²

struct Named {
  std::string name;  // "preset/intro", "coverage/default"
  flash::Scenario scenario;
};

flash::Scenario ParseWords(const std::string& flags, const std::string& label) {
  std::vector<std::string> words;
  std::istringstream in(flags);
  for (std::string word; in >> word;) words.push_back(word);
  const auto s = flash::ParseScenario(words);
  if (!s.ok()) FAIL(label << ": " << s.error().message);
  flash::Scenario capped = *s;
  capped.q_len = std::min(capped.q_len, kLengthCap);
  capped.kv_len = std::min(capped.kv_len, kLengthCap);
  return capped;
}

std::vector<Named> Scenarios() {
  std::vector<Named> all;
  for (const std::string& preset : flash::ScenarioPresetNames())
    all.push_back({"preset/" + preset, ParseWords("--scenario " + preset, preset)});
  for (const kernel::CoverageScenario& c : flash::KernelEntry().info().python.coverage)
    all.push_back({"coverage/" + std::string(c.name), ParseWords(std::string(c.flags), std::string(c.name))});
  // What no preset runs: a chip with two TensorCores (events on core 1, its clock), and bfloat16 inputs.
  for (const auto& [name, flags] :
       {std::pair<std::string, std::string>{"megacore-v4", "--scenario walk-causal-bias --chip v4"},
        {"bfloat16", "--scenario precision --dtype bfloat16"}})
    all.push_back({"extra/" + name, ParseWords(flags, name)});
  return all;
}

// ---- the two texts ------------------------------------------------------------------------------

class SiteNames {
 public:
  const std::string& Of(tpu::SiteId id) {
    if (id >= m_names.size()) m_names.resize(id + 1u);
    if (!m_names[id]) m_names[id] = tpu::GetSite(id).name;
    return *m_names[id];
  }

 private:
  std::vector<std::optional<std::string>> m_names;
};

template <typename T>
void Bits(std::string& out, const T& value) {
  char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  out.append(bytes, sizeof(T));
}

void ArrayShape(std::ostream& out, const char* name, const tpu::Array& a) {
  out << name << ' ' << (a.empty() ? std::string("empty") : a.shape().ToString()) << ' '
      << tpu::DTypeName(a.dtype()) << '\n';
}

void ArrayBits(std::string& out, const tpu::Array& a) {
  out.append(reinterpret_cast<const char*>(a.RawData()), a.bytes());
}

void OutputsShape(std::ostream& out, const flash::TrainingStepResult& r) {
  ArrayShape(out, "o", r.o), ArrayShape(out, "l", r.l), ArrayShape(out, "m", r.m),
      ArrayShape(out, "di", r.di);
  ArrayShape(out, "dq", r.dq), ArrayShape(out, "dk", r.dk), ArrayShape(out, "dv", r.dv);
  if (r.ds) ArrayShape(out, "ds", *r.ds);
}

void OutputsBits(std::string& out, const flash::TrainingStepResult& r) {
  for (const tpu::Array* a : {&r.o, &r.l, &r.m, &r.di, &r.dq, &r.dk, &r.dv}) ArrayBits(out, *a);
  if (r.ds) ArrayBits(out, *r.ds);
}

std::string Structure(const Recording& rec, SiteNames& sites) {
  std::ostringstream out;
  out << "events " << rec.EventCount() << '\n';
  if (rec.error()) out << "error in '" << rec.error_launch() << "': " << rec.error()->Describe() << '\n';
  for (const LaunchTrack& t : rec.launches()) {
    out << "launch " << t.name << " grid " << t.grid.ToString() << " first " << t.global_first_event << '\n';
    out << "operands";
    for (const std::string& name : t.operand_names) out << ' ' << name;
    out << "\nvmem " << t.vmem.total_bytes << '/' << t.vmem.capacity << '/' << t.vmem.physical << ' '
        << t.vmem.default_limit << ' ' << t.vmem.limit_source << '\n';
    for (const tpu::VmemBuffer& b : t.vmem.buffers)
      out << "  " << b.name << ' ' << b.shape.ToString() << ' ' << tpu::DTypeName(b.dtype) << ' ' << b.bytes
          << " @" << b.offset << '\n';
    const tpu::LaunchStats& s = t.stats;
    out << "steps " << s.steps << " ran " << s.steps_run << " skipped " << s.steps_skipped << '\n';
    for (const tpu::OperandTraffic& c : s.copies)
      out << "copies " << c.name << ' ' << c.issued << ' ' << c.skipped << ' ' << c.bytes << '\n';
    for (const tpu::OperandTraffic& w : s.writebacks)
      out << "writebacks " << w.name << ' ' << w.issued << ' ' << w.skipped << ' ' << w.bytes << '\n';
    out << "ops " << s.ops.flops << ' ' << s.ops.mxu_flops << ' ' << s.ops.vreg_ops << ' '
        << s.ops.transcendentals << ' ' << s.ops.matmuls << " cores " << s.cost.cores << '\n';
    out << "step costs";
    for (const tpu::StepCost& c : s.step_costs) out << ' ' << c.ran << ':' << int{c.core};
    out << "\nstep_ran ";
    for (const uint8_t ran : t.step_ran) out << int{ran};
    out << "\nstep_first_event";
    for (const uint32_t e : t.step_first_event) out << ' ' << e;
    out << "\ncheckpoints " << t.checkpoint_bytes;
    for (const Checkpoint& c : t.checkpoints) out << ' ' << c.step() << ':' << c.events_emitted();
    out << '\n';
    if (t.error) out << "launch error: " << t.error->Describe() << '\n';
    for (const tpu::Event& e : t.events)
      out << tpu::EventKindName(e.kind) << ' ' << int{e.flags} << ' ' << int{e.operand} << ' ' << int{e.slot}
          << ' ' << sites.Of(e.site) << ' ' << e.lead << ' ' << e.step << ' ' << e.block << ' ' << e.row0
          << '+' << e.rows << ' ' << e.col0 << '+' << e.cols << ' ' << e.work << '\n';
  }
  // A recording that met an error has no outputs to collect (its later launches were never built).
  if (!rec.error()) OutputsShape(out, rec.Outputs().As<flash::TrainingStepResult>());
  return out.str();
}

// ReplayToEnd overwrites the outputs, so this runs after Structure.
std::string Values(const Recording& rec) {
  std::string out;
  if (!rec.error()) OutputsBits(out, rec.Outputs().As<flash::TrainingStepResult>());
  for (const LaunchTrack& t : rec.launches()) {
    for (const tpu::Event& e : t.events) Bits(out, e.t_start_us), Bits(out, e.t_end_us);
    for (const tpu::StepCost& c : t.stats.step_costs)
      for (const double v : {c.start_us, c.end_us, c.compute_us, c.overhead_us, c.dma_us, c.wait_us})
        Bits(out, v);
    const tpu::CostSummary& c = t.stats.cost;
    Bits(out, c.bound);  // compute or memory bound: a comparison of two times
    for (const double v :
         {c.total_us, c.compute_us, c.overhead_us, c.dma_us, c.bubble_us, c.core_end_us[0], c.core_end_us[1]})
      Bits(out, v);
  }
  if (!rec.error()) OutputsBits(out, rec.ReplayToEnd().As<flash::TrainingStepResult>());
  return out;
}

struct Digests {
  std::string structure, values;
};

Digests Record(const flash::Scenario& scenario, int threads, SiteNames& sites, std::string* structure_text) {
  const auto rec = Recording::Record(flash::Erased(scenario), {.threads = threads});
  REQUIRE(rec);
  std::string structure = Structure(*rec, sites);
  Digests d{base::Sha256Hex(structure), base::Sha256Hex(Values(*rec))};
  if (structure_text) *structure_text = std::move(structure);
  return d;
}

// ---- the fixture ---------------------------------------------------------------------------------
// Lines: "structure NAME HEX" and "values NAME HEX BUILD KEY…"; '#' starts a comment line.

struct Fixture {
  std::map<std::string, std::string> structure;                      // by scenario
  std::map<std::string, std::map<std::string, std::string>> values;  // by build key, then scenario
};

const char* const kHeader =
    "# The golden digests of tests/walkthrough/recording_digest_test.cpp: every scenario preset and "
    "coverage\n"
    "# scenario, lengths capped at 512. Rewrite them with TILEWALK_UPDATE_DIGESTS=1 (docs/development.md),\n"
    "# only for a change that is meant to change a recording, and say so in the commit.\n"
    "# structure NAME SHA256              (checked in every build)\n"
    "# values NAME SHA256 BUILD KEY       (checked only in a build with that key)\n";

Fixture ReadFixture(const std::string& path) {
  Fixture f;
  std::ifstream in(path);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, name, hex, key;
    words >> kind >> name >> hex;
    std::getline(words >> std::ws, key);
    if (kind == "structure")
      f.structure[name] = hex;
    else if (kind == "values")
      f.values[key][name] = hex;
    else
      FAIL(path << ": a line that is neither structure nor values: " << line);
  }
  return f;
}

void WriteFixture(const std::string& path, const Fixture& f) {
  std::ofstream out(path, std::ios::trunc);
  out << kHeader;
  for (const auto& [name, hex] : f.structure) out << "structure " << name << ' ' << hex << '\n';
  for (const auto& [key, by_name] : f.values)
    for (const auto& [name, hex] : by_name) out << "values " << name << ' ' << hex << ' ' << key << '\n';
  REQUIRE_MESSAGE(out.good(), "could not write " << path);
}

bool EnvSet(const char* name) {
  const char* v = std::getenv(name);
  return v && *v && std::string_view(v) != "0";
}

}  // namespace recording_digest_test

TEST_CASE("every preset and coverage scenario records as its golden digests say") {
  using namespace recording_digest_test;
  const std::string path = TILEWALK_DIGEST_FIXTURE;
  const std::string key = TILEWALK_DIGEST_BUILD;
  const bool update = EnvSet("TILEWALK_UPDATE_DIGESTS");
  const char* dump = std::getenv("TILEWALK_DIGEST_DUMP");
  Fixture fixture = ReadFixture(path);
  const std::vector<Named> scenarios = Scenarios();
  REQUIRE(scenarios.size() >= 25);  // 19 presets, 4 coverage scenarios and 2 more when this was written

  SiteNames sites;
  std::map<std::string, std::string> structure, values;
  for (const Named& n : scenarios) {
    std::string text;
    const Digests d = Record(n.scenario, 0, sites, dump ? &text : nullptr);
    structure[n.name] = d.structure;
    values[n.name] = d.values;
    if (dump) {
      std::filesystem::path file = std::filesystem::path(dump) / (n.name + ".txt");
      std::filesystem::create_directories(file.parent_path());
      std::ofstream(file) << text;
    }
  }

  if (update) {
    fixture.structure = structure;
    fixture.values[key] = values;
    WriteFixture(path, fixture);
    MESSAGE("rewrote " << path << " (structure, and values for " << key << ")");
    return;
  }
  CHECK_MESSAGE(structure.size() == fixture.structure.size(),
                "the fixture has digests of " << fixture.structure.size() << " scenarios, the test records "
                                              << structure.size() << ": a preset was added or removed?");
  for (const auto& [name, hex] : structure) {
    const auto want = fixture.structure.find(name);
    if (want == fixture.structure.end())
      FAIL_CHECK(name << ": no structure digest in " << path);
    else
      CHECK_MESSAGE(hex == want->second,
                    name << ": the structure digest is " << hex << ", the fixture says " << want->second);
  }
  const auto own = fixture.values.find(key);
  if (own == fixture.values.end()) {
    std::string keys;
    for (const auto& [k, v] : fixture.values) keys += "\n  " + k;
    MESSAGE(
        "skipped: the values digests (float bits) are checked only in a build whose key the fixture has;"
        " this build is\n  "
        << key << "\nand the fixture has" << (keys.empty() ? std::string(" none") : keys));
    return;
  }
  for (const auto& [name, hex] : values) {
    const auto want = own->second.find(name);
    if (want == own->second.end())
      FAIL_CHECK(name << ": no values digest for this build in " << path);
    else
      CHECK_MESSAGE(hex == want->second, name << ": the values digest is " << hex << ", the fixture says "
                                              << want->second << " (build " << key << ")");
  }
}

TEST_CASE("a recording's digests are the same twice and on 1 and 3 threads") {
  using namespace recording_digest_test;
  SiteNames sites;
  for (const char* preset : {"walk-causal-bias", "bias-segments"}) {
    const flash::Scenario s = ParseWords(std::string("--scenario ") + preset, preset);
    const Digests one = Record(s, 1, sites, nullptr);
    const Digests again = Record(s, 1, sites, nullptr);
    const Digests three = Record(s, 3, sites, nullptr);
    CHECK_MESSAGE(one.structure == again.structure, preset);
    CHECK_MESSAGE(one.values == again.values, preset);
    CHECK_MESSAGE(one.structure == three.structure, preset);
    CHECK_MESSAGE(one.values == three.values, preset);
  }
}
