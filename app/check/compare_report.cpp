#include "app/check/compare_report.hpp"

#include <cstdio>
#include <functional>
#include <utility>
#include <vector>

#include "app/scenario_json.hpp"
#include "walkthrough/kernel_error_text.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

std::string RatioName(const Comparison& c, std::size_t index) {
  return std::string(c.kernels[index].kernel->info().name) + "/" +
         std::string(c.kernels[0].kernel->info().name);
}

double Ratio(double later, double first) {
  return first == 0 ? 0 : later / first;
}

namespace {

// One row of the side-by-side table: its label and how to read it off a run's total.
struct Figure {
  const char* key;    // JSON
  const char* label;  // text
  std::function<double(const LaunchTally&)> of;
};

const std::vector<Figure>& Figures() {
  static const std::vector<Figure> figures = {
      {"grid_steps", "grid steps", [](const LaunchTally& t) { return double(t.grid_steps); }},
      {"steps_run", "steps run (did arithmetic)", [](const LaunchTally& t) { return double(t.steps_run); }},
      {"steps_idle", "steps that did nothing", [](const LaunchTally& t) { return double(t.steps_idle); }},
      {"copies_issued", "copies issued", [](const LaunchTally& t) { return double(t.copies_issued); }},
      {"copies_skipped", "copies skipped", [](const LaunchTally& t) { return double(t.copies_skipped); }},
      {"writebacks", "writebacks", [](const LaunchTally& t) { return double(t.writebacks); }},
      {"bytes_moved", "bytes moved", [](const LaunchTally& t) { return double(t.BytesMoved()); }},
      {"matmuls", "matmuls", [](const LaunchTally& t) { return double(t.matmuls); }},
      {"est_time_us", "estimated time (us)", [](const LaunchTally& t) { return t.est_us; }},
  };
  return figures;
}

nlohmann::ordered_json TallyJson(const LaunchTally& t) {
  nlohmann::ordered_json j;
  if (t.grid.rank() > 0) {
    j["grid"] = nlohmann::ordered_json::array();
    for (int64_t d : t.grid) j["grid"].push_back(d);
  }
  j["grid_steps"] = t.grid_steps;
  j["steps_run"] = t.steps_run;
  j["steps_idle"] = t.steps_idle;
  j["copies_issued"] = t.copies_issued;
  j["copies_skipped"] = t.copies_skipped;
  j["writebacks"] = t.writebacks;
  j["bytes_in"] = t.bytes_in;
  j["bytes_out"] = t.bytes_out;
  j["bytes_moved"] = t.BytesMoved();
  j["matmuls"] = t.matmuls;
  j["est_time_us"] = t.est_us;
  return j;
}

std::string Verdict(const KernelTally& k) {
  if (k.error) return "error";
  if (k.pass) return "pass";
  return k.comparison.Uncheckable() ? "cannot check" : "fail";
}

std::string Number(double v, const char* fmt = "%.0f") {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, v);
  return buf;
}

std::string Pad(std::string text, std::size_t width, bool right = true) {
  if (text.size() >= width) return text;
  const std::string fill(width - text.size(), ' ');
  return right ? fill + text : text + fill;
}

void PrintLaunches(const KernelTally& k, std::ostream& out) {
  std::string own;
  for (const std::string& w : k.own_words) own += " " + w;
  out << k.kernel->info().name << " (" << k.kernel->info().title << "), chip " << k.chip
      << (own.empty() ? "" : ", its own words:" + own) << "\n";
  out << "  launch  grid              grid steps   steps run   copies issued   skipped    bytes moved"
         "   est. time (us)\n";
  std::vector<const LaunchTally*> rows;
  for (const LaunchTally& l : k.launches) rows.push_back(&l);
  if (k.launches.size() > 1) rows.push_back(&k.total);
  for (const LaunchTally* l : rows)
    out << "  " << Pad(l->name, 8, false) << Pad(l->grid.rank() ? l->grid.ToString() : "", 16, false)
        << Pad(Number(double(l->grid_steps)), 12) << Pad(Number(double(l->steps_run)), 12)
        << Pad(Number(double(l->copies_issued)), 16) << Pad(Number(double(l->copies_skipped)), 10)
        << Pad(Number(double(l->BytesMoved())), 15) << Pad(Number(l->est_us, "%.2f"), 17) << "\n";
}

}  // namespace

nlohmann::ordered_json ComparisonJson(const Comparison& c) {
  nlohmann::ordered_json j;
  j["words"] = c.words;
  j["kernels"] = nlohmann::ordered_json::array();
  for (const KernelTally& k : c.kernels) {
    nlohmann::ordered_json kj;
    kj["kernel"] = std::string(k.kernel->info().name);
    kj["chip"] = k.chip;
    kj["own_words"] = k.own_words;
    kj["scenario"] = ScenarioJson(k.scenario);
    kj["launches"] = nlohmann::ordered_json::object();
    for (const LaunchTally& l : k.launches) kj["launches"][l.name] = TallyJson(l);
    kj["total"] = TallyJson(k.total);
    kj["outputs"] = nlohmann::ordered_json::object();
    for (const kernel::OutputError& e : k.comparison.outputs)
      kj["outputs"][e.name] = {{"max_abs", e.max_abs},
                               {"tolerance", e.tolerance},
                               {"verdict", std::string(kernel::VerdictName(e.verdict))}};
    if (k.error)
      kj["error"] = {{"launch", k.error_launch},
                     {"type", std::string(tpu::ErrorTypeName(k.error->type))},
                     {"message", k.error->message}};
    kj["verdict"] = Verdict(k);
    kj["simulate_ms"] = k.simulate_ms;
    j["kernels"].push_back(std::move(kj));
  }
  j["ratios"] = nlohmann::ordered_json::object();
  for (std::size_t i = 1; i < c.kernels.size(); ++i) {
    nlohmann::ordered_json rj;
    for (const Figure& f : Figures()) rj[f.key] = Ratio(f.of(c.kernels[i].total), f.of(c.kernels[0].total));
    j["ratios"][RatioName(c, i)] = std::move(rj);
  }
  j["chips"] = nlohmann::ordered_json::array();
  for (const ChipTimes& chip : c.chips) {
    nlohmann::ordered_json cj;
    cj["chip"] = chip.chip;
    for (std::size_t i = 0; i < c.kernels.size(); ++i)
      cj["est_time_us"][std::string(c.kernels[i].kernel->info().name)] = chip.est_us[i];
    for (std::size_t i = 1; i < c.kernels.size(); ++i)
      cj["ratios"][RatioName(c, i)] = Ratio(chip.est_us[i], chip.est_us[0]);
    j["chips"].push_back(std::move(cj));
  }
  bool pass = true;
  for (const KernelTally& k : c.kernels) pass = pass && k.pass;
  j["pass"] = pass;
  return j;
}

void PrintComparison(const Comparison& c, std::ostream& out) {
  std::string words;
  for (const std::string& w : c.words) words += (words.empty() ? "" : " ") + w;
  out << "scenario: " << (words.empty() ? "the defaults" : words) << "\n\n";
  for (const KernelTally& k : c.kernels) {
    PrintLaunches(k, out);
    out << "\n";
  }
  constexpr std::size_t kLabel = 30, kColumn = 16;
  out << Pad("side by side", kLabel, false);
  for (const KernelTally& k : c.kernels) out << Pad(std::string(k.kernel->info().name), kColumn);
  for (std::size_t i = 1; i < c.kernels.size(); ++i) out << Pad(RatioName(c, i), kColumn);
  out << "\n";
  for (const Figure& f : Figures()) {
    const bool time = std::string_view(f.key) == "est_time_us";
    out << Pad(std::string("  ") + f.label, kLabel, false);
    for (const KernelTally& k : c.kernels) out << Pad(Number(f.of(k.total), time ? "%.2f" : "%.0f"), kColumn);
    for (std::size_t i = 1; i < c.kernels.size(); ++i)
      out << Pad(Number(Ratio(f.of(c.kernels[i].total), f.of(c.kernels[0].total)), "%.3f"), kColumn);
    out << "\n";
  }
  out << Pad("  reference check", kLabel, false);
  for (const KernelTally& k : c.kernels) out << Pad(Verdict(k), kColumn);
  out << "\n";
  if (!c.chips.empty()) {
    out << "\n" << Pad("estimated time (us) by chip", kLabel, false);
    for (const KernelTally& k : c.kernels) out << Pad(std::string(k.kernel->info().name), kColumn);
    for (std::size_t i = 1; i < c.kernels.size(); ++i) out << Pad(RatioName(c, i), kColumn);
    out << "\n";
    const auto row = [&](const std::string& chip, const std::vector<double>& us) {
      out << Pad("  " + chip, kLabel, false);
      for (double v : us) out << Pad(Number(v, "%.2f"), kColumn);
      for (std::size_t i = 1; i < us.size(); ++i) out << Pad(Number(Ratio(us[i], us[0]), "%.3f"), kColumn);
      out << "\n";
    };
    std::vector<double> first;
    for (const KernelTally& k : c.kernels) first.push_back(k.total.est_us);
    row(c.kernels.front().chip + " (above)", first);
    for (const ChipTimes& chip : c.chips) row(chip.chip, chip.est_us);
  }
  out << "\n";
  bool pass = true;
  for (const KernelTally& k : c.kernels) {
    pass = pass && k.pass;
    if (k.error)
      out << k.kernel->info().name << ": "
          << walkthrough::DescribeKernelError(*k.error, walkthrough::WalkOf(*k.kernel)) << "\n";
    else if (!k.pass)
      out << k.kernel->info().name << ": an output is outside its tolerance of the dense reference "
          << "(tilewalk check --kernel " << k.kernel->info().name << " with the same words says which)\n";
  }
  out << (pass ? "PASS: every kernel's outputs are within tolerance of its dense reference\n"
               : "FAIL: not every kernel passed its reference check\n");
  out << "estimated times are the cost model's, for the chip named (docs/tpu-model.md)\n";
}

}  // namespace tilewalk::app
