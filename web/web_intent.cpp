#include "web/web_intent.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <utility>

#include "app/views/timeline_picture.hpp"
#include "web/web_request.hpp"

namespace tilewalk::web {
namespace {

using views::IntentKind;

// The kinds that take no value or a plain number, as the session's intents.
constexpr std::array<std::pair<std::string_view, IntentKind>, 14> kPlainKinds = {{
    {"step", IntentKind::Step},
    {"statement", IntentKind::StepStatement},
    {"grid_step", IntentKind::StepGridStep},
    {"seek_event", IntentKind::SeekToEvent},
    {"seek_grid_step", IntentKind::SeekToGridStep},
    {"start", IntentKind::GoToStart},
    {"end", IntentKind::GoToEnd},
    {"next_stop", IntentKind::NextStop},
    {"prev_stop", IntentKind::PreviousStop},
    {"pick", IntentKind::PickChoice},
    {"reveal", IntentKind::RevealAnswer},
    {"try", IntentKind::TryStopSuggestion},
    {"reset", IntentKind::ResetScenario},
    {"apply", IntentKind::ApplyScenario},
}};

// Kinds whose value is a direction, and those whose value is an index.
bool TakesDirection(IntentKind kind) {
  return kind == IntentKind::Step || kind == IntentKind::StepStatement || kind == IntentKind::StepGridStep;
}
bool TakesIndex(IntentKind kind) {
  return kind == IntentKind::SeekToEvent || kind == IntentKind::SeekToGridStep ||
         kind == IntentKind::PickChoice;
}

base::Error Usage(const std::string& message) {
  return base::Fail(base::Reason::Usage, message);
}

base::Result<std::int64_t> WholeValue(const nlohmann::json& request, const std::string& kind) {
  if (!request.contains("value") || !request["value"].is_number_integer())
    return Usage("the intent \"" + kind + "\" needs a whole number in \"value\"");
  return request["value"].get<std::int64_t>();
}

std::string Lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// "statement", "dma", "grid step" or "launch" (any case), as StepUnitName words them; "next" cycles.
base::Result<views::Intent> UnitIntent(const nlohmann::json& request) {
  const std::string expected =
      "the intent \"unit\" needs \"value\": \"statement\", \"dma\", \"grid step\", "
      "\"launch\" or \"next\"";
  if (!request.contains("value") || !request["value"].is_string()) return Usage(expected);
  const std::string value = Lower(request["value"].get<std::string>());
  if (value == "next") return views::Intent{.kind = IntentKind::NextStepUnit};
  for (int u = 0; u < static_cast<int>(views::StepUnit::kCount); ++u)
    if (value == Lower(views::StepUnitName(static_cast<views::StepUnit>(u))))
      return views::Intent{.kind = IntentKind::SetStepUnit, .value = u};
  return Usage(expected);
}

}  // namespace

std::span<const std::string_view> PictureNames() {
  static constexpr std::array<std::string_view, 6> names = {"grid",   "memory", "lanes",
                                                            "scores", "cost",   "timeline"};
  return names;
}

base::Result<std::string> ReadPictureName(const nlohmann::json& value, const std::string& refusal) {
  const auto names = PictureNames();
  if (value.is_string() && std::find(names.begin(), names.end(), value.get<std::string>()) != names.end())
    return value.get<std::string>();
  return Usage(refusal + " grid, memory, lanes, scores, cost or timeline");
}

base::Result<WebIntent> ReadIntent(const nlohmann::json& request) {
  if (!request.contains("kind") || !request["kind"].is_string())
    return Usage("an intent needs \"kind\": a name such as \"step\" (docs/web-module.md lists them)");
  const std::string kind = request["kind"].get<std::string>();
  if (kind == "unit") {
    auto unit = UnitIntent(request);
    if (!unit) return unit.error();
    return WebIntent(*unit);
  }
  if (kind == "go_to_stop") {
    const auto index = WholeValue(request, kind);
    if (!index) return index.error();
    if (*index < 1 || *index > 100000) return Usage("the intent \"go_to_stop\" needs a stop number from 1");
    return WebIntent(GoToStop{static_cast<int>(*index - 1)});
  }
  if (kind == "tour") {
    if (!request.contains("value") || !request["value"].is_string())
      return Usage("the intent \"tour\" needs a tour's id in \"value\"");
    return WebIntent(OpenTour{request["value"].get<std::string>()});
  }
  if (kind == "show") {
    auto name = ReadPictureName(request.contains("value") ? request["value"] : nlohmann::json(),
                                "the intent \"show\" needs \"value\":");
    if (!name) return name.error();
    return WebIntent(ShowPicture{std::move(*name)});
  }
  const auto found = std::find_if(kPlainKinds.begin(), kPlainKinds.end(),
                                  [&](const auto& entry) { return entry.first == kind; });
  if (found == kPlainKinds.end())
    return Usage("there is no intent \"" + kind.substr(0, 64) + "\" (docs/web-module.md lists them)");
  views::Intent intent{.kind = found->second};
  if (TakesDirection(intent.kind)) {
    const auto value = WholeValue(request, kind);
    if (!value) return value.error();
    if (*value != 1 && *value != -1) return Usage("the intent \"" + kind + "\" needs \"value\": 1 or -1");
    intent.value = *value;
  } else if (TakesIndex(intent.kind)) {
    const auto value = WholeValue(request, kind);
    if (!value) return value.error();
    if (*value < 0) return Usage("the intent \"" + kind + "\" needs \"value\" of 0 or more");
    intent.value = *value;
  } else if (intent.kind == IntentKind::ApplyScenario) {
    if (!request.contains("words"))
      return Usage("the intent \"apply\" needs \"words\": a list of scenario flags and values");
    auto words = ReadWords(request["words"], "\"words\"");
    if (!words) return words.error();
    intent.words = std::move(*words);
  }
  return WebIntent(std::move(intent));
}

}  // namespace tilewalk::web
