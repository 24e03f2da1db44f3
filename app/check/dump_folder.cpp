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
#include "kernels/flash/scenario_options.hpp"

namespace tilewalk::app {

namespace fs = std::filesystem;

namespace {

base::FolderOptions DumpFolderOptions(bool force) {
  return {.replace = force,
          .marker = {.file_name = "config.json", .accepts = IsDumpConfig, .description = "an earlier dump"}};
}

// The arrays of a dump, in the order they are written.
std::vector<std::pair<std::string, const tpu::Array*>> DumpedArrays(const CheckRun& run,
                                                                    const flash::ScenarioInputs& data) {
  const flash::AttentionInputs& in = data.inputs;
  std::vector<std::pair<std::string, const tpu::Array*>> arrays = {
      {"q.npy", &in.q}, {"k.npy", &in.k}, {"v.npy", &in.v}};
  if (in.ab) arrays.push_back({"ab.npy", &*in.ab});
  if (in.q_segment_ids) {
    arrays.push_back({"segment_ids_q.npy", &*in.q_segment_ids});
    arrays.push_back({"segment_ids_kv.npy", &*in.kv_segment_ids});
  }
  arrays.push_back({"do.npy", &data.d_o});
  const flash::TrainingStepResult& s = run.step;
  if (!s.o.empty()) arrays.push_back({"o.npy", &s.o});
  if (!s.l.empty()) {
    for (auto [name, array] :
         {std::pair{"l.npy", &s.l}, {"m.npy", &s.m}, {"dq.npy", &s.dq}, {"dk.npy", &s.dk}, {"dv.npy", &s.dv}})
      arrays.push_back({name, array});
  }
  if (s.ds) arrays.push_back({"ds.npy", &*s.ds});
  return arrays;
}

}  // namespace

std::string DumpConfigJson(const flash::Scenario& scenario) {
  nlohmann::ordered_json config;
  config["schema"] = kDumpSchema;
  config["tool"] = "tilewalk";
  config["tilewalk_version"] = kVersion;
  config["scenario"] = ScenarioJson(flash::Erased(scenario));
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
                          const flash::ScenarioInputs& data, const base::InterruptGuard& interrupts) {
  auto folder = base::OutputFolder::Create(dir, DumpFolderOptions(force));
  if (!folder) return folder.error();
  const std::string nothing = "nothing was written to " + base::Quote(dir);
  // A file's error names the hidden folder it was written in; the dump's destination was left alone.
  const auto failed = [&](const base::Status& written) {
    return base::Error{written.error().reason, written.error().message + "; " + nothing};
  };
  for (const auto& [name, array] : DumpedArrays(run, data)) {
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
