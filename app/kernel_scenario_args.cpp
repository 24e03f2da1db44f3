#include "app/kernel_scenario_args.hpp"

#include <algorithm>

#include "kernels/api/scenario_presets.hpp"
#include "kernels/registry/kernel_option.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::app {
namespace {

constexpr std::string_view kKernelOption = "--kernel";
constexpr std::string_view kPresetOption = "--scenario";

// The value of the option at args[i], given as "--name value" or "--name=value"; empty when it has none (a
// value missing, empty or that looks like an option is the parser's to refuse, in its words).
std::string_view ValueAt(std::span<const std::string_view> args, std::size_t i) {
  const std::size_t equals = args[i].find('=');
  const std::string_view value = equals != std::string_view::npos ? args[i].substr(equals + 1)
                                 : i + 1 < args.size()            ? args[i + 1]
                                                                  : "";
  return value.starts_with("--") ? std::string_view() : value;
}

std::string_view NameAt(std::span<const std::string_view> args, std::size_t i) {
  return args[i].substr(0, args[i].find('='));
}

// "--scenario got 'NAME': a B preset, and A has none of that name; add --kernel B" (A chosen);
// empty when `chosen` has the preset or no other kernel does.
std::string OtherKernelsPresetProblem(std::string_view preset, const kernel::Kernel& chosen,
                                      bool kernel_given) {
  if (kernel::PresetFlags(chosen.info().scenario, preset)) return {};
  for (const kernel::Kernel* other : kernel::Kernels()) {
    if (other == &chosen || !kernel::PresetFlags(other->info().scenario, preset)) continue;
    const std::string owner(other->info().name), name(chosen.info().name);
    return base::GotMessage(kPresetOption, preset,
                            "a " + owner + " preset, and " + name + " has none of that name; " +
                                (kernel_given ? "give --kernel " + owner + " instead of --kernel " + name
                                              : "add --kernel " + owner));
  }
  return {};
}

const kernel::ScenarioField* FieldWithFlag(const kernel::Kernel& k, std::string_view flag) {
  const auto fields = k.info().scenario.fields;
  const auto it = std::find_if(fields.begin(), fields.end(),
                               [&](const kernel::ScenarioField& f) { return f.flag == flag; });
  return it == fields.end() ? nullptr : &*it;
}

// The other kernels whose scenario tables have `flag`, in registration order.
std::vector<const kernel::Kernel*> OtherKernelsWith(std::string_view flag, const kernel::Kernel& chosen) {
  std::vector<const kernel::Kernel*> owners;
  if (FieldWithFlag(chosen, flag) != nullptr) return owners;
  for (const kernel::Kernel* k : kernel::Kernels())
    if (k != &chosen && FieldWithFlag(*k, flag) != nullptr) owners.push_back(k);
  return owners;
}

std::string NamesInWords(const std::vector<const kernel::Kernel*>& kernels) {
  std::string text;
  for (std::size_t i = 0; i < kernels.size(); ++i)
    text += (i == 0 ? "" : i + 1 == kernels.size() ? " and " : ", ") + std::string(kernels[i]->info().name);
  return text;
}

}  // namespace

std::string OtherKernelsFlagProblem(std::string_view flag, const kernel::Kernel& chosen, bool kernel_given) {
  const std::vector<const kernel::Kernel*> owners = OtherKernelsWith(flag, chosen);
  if (owners.empty()) return {};
  const std::string first(owners.front()->info().name), name(chosen.info().name);
  return std::string(flag) + " is " +
         (owners.size() == 1 ? "a " + first + " flag" : "a flag of " + NamesInWords(owners)) + ", and " +
         name + " has no such option; " +
         (kernel_given ? "give --kernel " + first + " instead of --kernel " + name : "add --kernel " + first);
}

KernelScenarioArgs::KernelScenarioArgs(std::span<const std::string_view> args)
    : m_kernel(&kernel::DefaultKernel()), m_scenario(*m_kernel) {
  bool& kernel_given = m_kernel_given;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (NameAt(args, i) != kKernelOption) continue;
    const std::string_view value = ValueAt(args, i);
    if (value.empty()) continue;
    kernel_given = true;
    if (const kernel::Kernel* found = kernel::FindKernel(value)) {
      m_kernel = found;
      continue;
    }
    const kernel::Kernel* ignored = nullptr;
    const base::Status refused = kernel::KernelOptionSpec(&ignored).set(value);
    m_status =
        base::Fail(base::Reason::Usage, base::GotMessage(kKernelOption, value, refused.error().message));
    return;
  }
  m_scenario = kernel::ScenarioArgs(*m_kernel);
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (!args[i].starts_with("--")) continue;
    const std::string problem = NameAt(args, i) == kPresetOption
                                    ? OtherKernelsPresetProblem(ValueAt(args, i), *m_kernel, kernel_given)
                                    : OtherKernelsFlagProblem(NameAt(args, i), *m_kernel, kernel_given);
    if (problem.empty()) continue;
    m_status = base::Fail(base::Reason::Usage, problem);
    return;
  }
}

std::vector<base::OptionSpec> KernelScenarioArgs::Specs() {
  std::vector<base::OptionSpec> specs{kernel::KernelOptionSpec(&m_kernel)};
  for (base::OptionSpec& spec : m_scenario.Specs()) specs.push_back(std::move(spec));
  // The flags only other kernels have: --help lists them with their kernel; the look through the line has
  // refused them already, and their setters say the same should a line reach them.
  for (const kernel::Kernel* other : kernel::Kernels()) {
    if (other == m_kernel) continue;
    for (const kernel::ScenarioField& field : other->info().scenario.fields) {
      const bool listed = std::any_of(specs.begin(), specs.end(),
                                      [&](const base::OptionSpec& s) { return s.name == field.flag; });
      if (listed) continue;
      specs.push_back({.name = field.flag,
                       .value_name = field.value_name,
                       .needs = "a value",
                       .help = std::string(field.help) + " (" + std::string(other->info().name) +
                               " only: with --kernel " + std::string(other->info().name) + ")",
                       .set = [this, flag = field.flag](std::string_view) -> base::Status {
                         return base::Fail(base::Reason::Usage,
                                           OtherKernelsFlagProblem(flag, *m_kernel, true));
                       }});
    }
  }
  return specs;
}

}  // namespace tilewalk::app
