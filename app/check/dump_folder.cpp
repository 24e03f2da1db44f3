#include "app/check/dump_folder.hpp"

#include <nlohmann/json.hpp>
#include <utility>
#include <vector>

#include "app/check/npy_writer.hpp"
#include "app/json_text.hpp"
#include "app/scenario_json.hpp"
#include "app/version.hpp"
#include "base/os_error.hpp"
#include "base/safe_output.hpp"

namespace tilewalk::app {

namespace fs = std::filesystem;

namespace {

base::FolderOptions DumpFolderOptions(bool force) {
  return {.replace = force,
          .marker = {.file_name = "config.json", .accepts = IsDumpConfig, .description = "an earlier dump"}};
}

// The arrays of a dump, in the order they are written: the inputs, then the outputs, each NAME.npy.
std::vector<std::pair<std::string, const tpu::Array*>> DumpedArrays(const CheckRun& run,
                                                                    const kernel::KernelRun& inputs) {
  std::vector<std::pair<std::string, const tpu::Array*>> arrays;
  for (const auto& [name, array] : inputs.InputArrays()) arrays.emplace_back(name + ".npy", array);
  for (const auto& [name, array] : run.step.outputs.named)
    arrays.emplace_back(std::string(name) + ".npy", array);
  return arrays;
}

}  // namespace

std::string DumpConfigJson(const kernel::Scenario& scenario) {
  nlohmann::ordered_json config;
  config["schema"] = kDumpSchema;
  config["tool"] = "tilewalk";
  config["tilewalk_version"] = kVersion;
  config["scenario"] = ScenarioJson(scenario);
  return JsonText(config, 2) + "\n";
}

bool IsDumpConfig(std::string_view content) {
  const nlohmann::json config = nlohmann::json::parse(content, nullptr, /*allow_exceptions=*/false);
  if (!config.is_object()) return false;
  const auto tool = config.find("tool"), schema = config.find("schema");
  return tool != config.end() && *tool == "tilewalk" && schema != config.end() && schema->is_string() &&
         schema->get<std::string>().starts_with("tilewalk-dump/");
}

base::Status CheckDumpDestination(const fs::path& dir, bool force) {
  return base::CheckOutputFolder(dir, DumpFolderOptions(force));
}

base::Status DumpCheckRun(const fs::path& dir, bool force, const CheckRun& run,
                          const kernel::KernelRun& inputs, const base::InterruptGuard& interrupts) {
  auto folder = base::OutputFolder::Create(dir, DumpFolderOptions(force));
  if (!folder) return folder.error();
  const std::string nothing = "nothing was written to " + base::Quote(dir);
  // A file's error names the hidden folder it was written in; the dump's destination was left alone.
  const auto failed = [&](const base::Status& written) {
    return base::Error{written.error().reason, written.error().message + "; " + nothing};
  };
  for (const auto& [name, array] : DumpedArrays(run, inputs)) {
    if (interrupts.Interrupted()) return interrupts.AsError(nothing);
    if (const base::Status written = WriteNpy(folder->path() / name, *array); !written)
      return failed(written);
  }
  const base::Status config =
      base::WriteFileContent(folder->path() / "config.json", DumpConfigJson(run.scenario));
  if (!config) return failed(config);
  if (interrupts.Interrupted()) return interrupts.AsError(nothing);
  return folder->Commit();
}

}  // namespace tilewalk::app
