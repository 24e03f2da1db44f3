#include "web/web_request.hpp"

#include <filesystem>
#include <string_view>

#include "app/kernel_scenario_args.hpp"
#include "base/embedded_file.hpp"
#include "base/option_parser.hpp"
#include "base/terminal_text.hpp"
#include "kernels/api/memory_guard.hpp"
#include "kernels/api/scenario_args.hpp"
#include "kernels/registry/kernel_option.hpp"
#include "kernels/registry/registry.hpp"

namespace tilewalk::web {
namespace {

constexpr std::size_t kMaxWords = 256;
constexpr std::size_t kMaxWordBytes = 4096;
constexpr std::size_t kMaxRequestBytes = std::size_t{64} << 20;  // a Pallas file is well under this
// Where a reader can give a field that names a file: a web page reads none, from the reader's disk or its
// own server.
constexpr std::string_view kInstead =
    "to the desktop app instead, on its command line or in its Scenario pane: this page reads no file";

}  // namespace

base::Result<nlohmann::json> ParseRequest(const char* text) {
  const std::string_view view = text == nullptr ? std::string_view() : std::string_view(text);
  if (view.size() > kMaxRequestBytes)
    return base::Fail(base::Reason::Usage, "the request is larger than 64 MiB");
  nlohmann::json request = nlohmann::json::parse(view, nullptr, /*allow_exceptions=*/false);
  if (view.empty()) request = nlohmann::json::object();  // no request: every key left out
  if (!request.is_object()) return base::Fail(base::Reason::Usage, "the request is not a JSON object");
  return request;
}

base::Result<std::vector<std::string>> ReadWords(const nlohmann::json& list, const std::string& key) {
  const std::string expected = key + " must be a list of scenario flags and values";
  if (!list.is_array()) return base::Fail(base::Reason::Usage, expected);
  if (list.size() > kMaxWords)
    return base::Fail(base::Reason::Usage, key + " has more than " + std::to_string(kMaxWords) + " words");
  std::vector<std::string> words;
  for (const nlohmann::json& word : list) {
    if (!word.is_string()) return base::Fail(base::Reason::Usage, expected);
    if (word.get_ref<const std::string&>().size() > kMaxWordBytes)
      return base::Fail(base::Reason::Usage, "a word of " + key + " is longer than 4096 bytes");
    words.push_back(word.get<std::string>());
  }
  for (const kernel::Kernel* k : kernel::Kernels())
    if (const base::Status refused = kernel::RefuseFileFields(*k, words, "a web page's scenario", kInstead);
        !refused)
      return refused.error();
  return words;
}

base::Result<std::vector<std::string>> ScenarioWords(const nlohmann::json& request) {
  if (!request.contains("scenario")) return std::vector<std::string>();
  return ReadWords(request["scenario"], "\"scenario\"");
}

base::Result<const kernel::Kernel*> RequestKernel(const nlohmann::json& request) {
  if (!request.contains("kernel")) return static_cast<const kernel::Kernel*>(nullptr);
  if (!request["kernel"].is_string()) return base::Fail(base::Reason::Usage, "\"kernel\" must be a name");
  const std::string name = request["kernel"].get<std::string>();
  const kernel::Kernel* chosen = nullptr;
  const std::string_view args[] = {"--kernel", name};
  const std::vector<base::OptionSpec> specs = {kernel::KernelOptionSpec(&chosen)};
  if (const auto parsed = base::ParseOptions(args, specs); !parsed) return parsed.error();
  return chosen;
}

const kernel::Kernel* TourKernel(std::string_view id) {
  if (id.empty()) return nullptr;
  for (const kernel::Kernel* k : kernel::Kernels())
    for (const EmbeddedFile& file : k->info().assets.tours)
      if (std::filesystem::path(file.name).stem() == id) return k;
  return nullptr;
}

base::Result<std::vector<PallasFile>> RequestPallasFiles(const nlohmann::json& request) {
  std::vector<PallasFile> files;
  if (!request.contains("pallas")) return files;
  const nlohmann::json& given = request["pallas"];
  const std::string expected = "\"pallas\" must map kernel names to their Python files' text";
  if (!given.is_object()) return base::Fail(base::Reason::Usage, expected);
  for (const auto& [name, text] : given.items()) {
    const kernel::Kernel* named = kernel::FindKernel(name);
    if (named == nullptr)
      return base::Fail(base::Reason::Usage, "\"pallas\" names no kernel '" + base::CutText(name) + "'");
    if (!text.is_string()) return base::Fail(base::Reason::Usage, expected);
    files.push_back({named, text.get<std::string>()});
  }
  return files;
}

base::Result<kernel::Scenario> ParseRequestScenario(const kernel::Kernel* kernel,
                                                    const std::vector<std::string>& words, bool record) {
  std::vector<std::string> line;
  if (kernel != nullptr) line = {"--kernel", std::string(kernel->info().name)};
  line.insert(line.end(), words.begin(), words.end());
  const std::vector<std::string_view> args(line.begin(), line.end());
  app::KernelScenarioArgs scenario_args(args);
  if (!scenario_args.status()) return scenario_args.status().error();
  if (const auto parsed = base::ParseOptions(args, scenario_args.Specs()); !parsed) return parsed.error();
  auto built = scenario_args.scenario().Build();
  if (!built) return built.error();
  if (const base::Status runnable = kernel::CheckRunnable(*built, {.record = record}); !runnable)
    return runnable.error();
  return built;
}

}  // namespace tilewalk::web
