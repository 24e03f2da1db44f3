// The scenario a request names, read as the app reads a command line: `--kernel NAME` and the kernel's
// scenario flags through the one option parser (app/kernel_scenario_args.hpp), then the memory guard, so
// that every refusal is the app's own message.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "base/result.hpp"
#include "kernels/api/kernel.hpp"
#include "kernels/api/scenario.hpp"

namespace tilewalk::web {

// A list of scenario words from the page (`key` names it in messages: "\"scenario\""): at most 256 strings
// of at most 4096 bytes, none setting a field that names a file in any kernel (a link may carry the words,
// and "--kernel" among them may pick the kernel). Bounded and checked here, where every list is read.
base::Result<std::vector<std::string>> ReadWords(const nlohmann::json& list, const std::string& key);

// The request's "scenario" through ReadWords (absent: none).
base::Result<std::vector<std::string>> ScenarioWords(const nlohmann::json& request);

// The request's "kernel", or null when it names none; an unknown name fails with the app's --kernel message.
base::Result<const kernel::Kernel*> RequestKernel(const nlohmann::json& request);

// `words` for `kernel` (null: the default, or --kernel among the words) as `tilewalk check` reads its line,
// checked by the memory guard for a run that records (`record`) or not.
base::Result<kernel::Scenario> ParseRequestScenario(const kernel::Kernel* kernel,
                                                    const std::vector<std::string>& words, bool record);

// The kernel whose built-in tours hold the tour `id` (a tour's id is its file's name), or null: a tour of
// no kernel is the session's to refuse.
const kernel::Kernel* TourKernel(std::string_view id);

// The request's "pallas" ({"flash": TEXT, "splash": TEXT}: the page's Python files, by kernel), each with
// its kernel; none when absent. A key that names no kernel, or a value that is not text, is refused.
struct PallasFile {
  const kernel::Kernel* kernel = nullptr;
  std::string text;
};
base::Result<std::vector<PallasFile>> RequestPallasFiles(const nlohmann::json& request);

// A JSON text from the page: parsed, or the reason it is not a JSON object.
base::Result<nlohmann::json> ParseRequest(const char* text);

}  // namespace tilewalk::web
