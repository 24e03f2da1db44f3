// The kernel a verb runs and its scenario options, for every verb that runs a kernel (check, trace,
// export): --kernel NAME anywhere on the line, then the chosen kernel's scenario flags. The kernel is
// looked for before the parse, so that its flags are the ones parsed whatever stands before --kernel; a
// flag (or --scenario preset) that only another kernel has is refused with the name of the kernel that has
// it.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/option_parser.hpp"
#include "kernels/api/scenario_args.hpp"

namespace tilewalk::app {

class KernelScenarioArgs {
 public:
  // Looks through `args` for --kernel (any word "--kernel" is the option: a value never starts with "--")
  // and for flags of other kernels. With no args (--help): the default kernel.
  explicit KernelScenarioArgs(std::span<const std::string_view> args = {});
  KernelScenarioArgs(const KernelScenarioArgs&) = delete;  // the specs refer to this object
  KernelScenarioArgs& operator=(const KernelScenarioArgs&) = delete;

  // What the look through the line found wrong: an unknown --kernel, or another kernel's flag.
  const base::Status& status() const { return m_status; }
  const kernel::Kernel& kernel() const { return *m_kernel; }
  bool kernel_given() const { return m_kernel_given; }  // --kernel is on the line
  kernel::ScenarioArgs& scenario() { return m_scenario; }
  // --kernel, the chosen kernel's scenario options, then the flags only other kernels have (listed in
  // --help with the kernel they belong to; refused if given).
  std::vector<base::OptionSpec> Specs();

 private:
  const kernel::Kernel* m_kernel;
  kernel::ScenarioArgs m_scenario;
  base::Status m_status;
  bool m_kernel_given = false;
};

// "--X is a B flag, and A has no such option; add --kernel B" (A chosen, B the kernel that has it): for a
// flag of the scenario tables of other kernels than `chosen`; empty when `flag` is not one (or `chosen` has
// it too).
std::string OtherKernelsFlagProblem(std::string_view flag, const kernel::Kernel& chosen, bool kernel_given);

}  // namespace tilewalk::app
