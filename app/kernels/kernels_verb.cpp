#include "app/kernels/kernels_verb.hpp"

#include <nlohmann/json.hpp>

#include <vector>

#include "app/cli_options.hpp"
#include "app/json_text.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {
namespace {

struct KernelsOptions {
  bool json = false;
};

std::vector<OptionSpec> KernelsOptionSpecs(KernelsOptions& into) {
  return {SwitchOption("--json", "print the kernels as one JSON object", into.json)};
}

// "fwd, dkv, dq", in lines of at most kWidth characters after the first's `lead`, the next ones indented
// under the first word.
std::string Joined(std::string_view lead, const std::vector<std::string>& words) {
  constexpr std::size_t kWidth = 110;
  std::string text(lead);
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < words.size(); ++i) {
    const std::string word = words[i] + (i + 1 < words.size() ? "," : "");
    if (i > 0 && text.size() - line_start + 1 + word.size() > kWidth) {
      line_start = text.size() + 1;
      text += "\n" + std::string(lead.size(), ' ');
    } else if (i > 0) {
      text += " ";
    }
    text += word;
  }
  return text;
}

std::vector<std::string> LaunchNames(const kernel::KernelInfo& info) {
  std::vector<std::string> names;
  for (const kernel::LaunchInfo& launch : info.launches) names.emplace_back(launch.name);
  return names;
}

std::vector<std::string> ScenarioFlags(const kernel::KernelInfo& info) {
  std::vector<std::string> flags;
  for (const kernel::ScenarioField& field : info.scenario.fields) flags.emplace_back(field.flag);
  return flags;
}

nlohmann::ordered_json KernelJson(const kernel::Kernel& k) {
  const kernel::KernelInfo& info = k.info();
  const walkthrough::PinnedFile& pinned = walkthrough::WalkOf(k).pinned;
  return {
      {"name", info.name},
      {"title", info.title},
      {"summary", info.summary},
      {"default", &k == &kernel::DefaultKernel()},
      {"launches", LaunchNames(info)},
      {"scenario_flags", ScenarioFlags(info)},
      {"python",
       {{"path", pinned.path}, {"commit", pinned.commit}, {"sha256", pinned.sha256}, {"url", pinned.url}}}};
}

void PrintKernel(const kernel::Kernel& k, std::ostream& out) {
  const kernel::KernelInfo& info = k.info();
  const walkthrough::PinnedFile& pinned = walkthrough::WalkOf(k).pinned;
  out << info.name << (&k == &kernel::DefaultKernel() ? " (default)" : "") << ": " << info.title << "\n"
      << "  " << info.summary << "\n"
      << Joined("  launches: ", LaunchNames(info)) << "\n"
      << "  Python:   " << pinned.path << " at jax " << pinned.commit.substr(0, 12) << "\n"
      << Joined("  scenario: ", ScenarioFlags(info)) << "\n";
}

}  // namespace

std::string KernelsHelp() {
  KernelsOptions options;
  return base::OptionsHelp(KernelsOptionSpecs(options));
}

VerbResult RunKernelsVerb(const VerbCall& call) {
  KernelsOptions options;
  if (const auto parsed = base::ParseOptions(call.args, KernelsOptionSpecs(options)); !parsed)
    return parsed.error();
  if (options.json) {
    nlohmann::ordered_json kernels = nlohmann::ordered_json::array();
    for (const kernel::Kernel* k : kernel::Kernels()) kernels.push_back(KernelJson(*k));
    call.out << JsonText(nlohmann::ordered_json{{"kernels", std::move(kernels)}}, 2) << "\n";
    return ExitCode::Ok;
  }
  bool first = true;
  for (const kernel::Kernel* k : kernel::Kernels()) {
    if (!first) call.out << "\n";
    first = false;
    PrintKernel(*k, call.out);
  }
  return ExitCode::Ok;
}

}  // namespace tilewalk::app
