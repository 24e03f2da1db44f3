// `check --dump DIR`: the inputs and outputs as .npy files plus config.json, written through the one safe
// folder writer (base/output_folder.hpp): into a hidden sibling that becomes DIR only when every file is
// complete, so a failed or interrupted dump never leaves a folder that looks finished. An existing DIR is
// replaced only with --force, and only when it is an earlier dump: its config.json is one tilewalk wrote,
// with our schema and tool name (a folder of the user's own .npy files is never deleted, nor the working
// folder or anything that holds it).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

#include "app/check/check_report.hpp"
#include "base/interrupt_guard.hpp"
#include "base/output_folder.hpp"
#include "kernels/api/run.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::app {

inline constexpr std::string_view kDumpSchema = "tilewalk-dump/1";

// config.json: {"schema": "tilewalk-dump/1", "tool": "tilewalk", "tilewalk_version": ..., "scenario": ...}.
std::string DumpConfigJson(const kernel::Scenario& scenario);
// Whether `content` is a config.json that tilewalk wrote: JSON whose tool is tilewalk and whose schema is
// a tilewalk-dump one.
bool IsDumpConfig(std::string_view content);

// Whether `dir` may be written (with `force`, replaced); `check` asks before running so as not to run for
// nothing, and the dump asks again.
base::Status CheckDumpDestination(const std::filesystem::path& dir, bool force);

// Writes the dump. Between files it asks `interrupts`, and stops with nothing written on a Ctrl-C.
// `inputs` are those of the run's kernel (KernelRun::InputArrays), written before its outputs.
base::Status DumpCheckRun(const std::filesystem::path& dir, bool force, const CheckRun& run,
                          const kernel::KernelRun& inputs, const base::InterruptGuard& interrupts);

}  // namespace tilewalk::app
