// The page's intents, `{"kind": K, "value": N, "words": [...]}` (docs/web-module.md), as the app's own
// views::Intent, which the tour session applies exactly as it applies a click or a key in the window.
#pragma once

#include <nlohmann/json.hpp>
#include <span>
#include <string>
#include <string_view>
#include <variant>

#include "app/views/view_intent.hpp"
#include "base/result.hpp"

namespace tilewalk::web {

// Intents that are not the session's to apply: moving to a stop by number, and opening another tour.
struct GoToStop {
  int index = 0;  // 0-based
};
struct OpenTour {
  std::string id;
};
// The picture the page shows: the state then carries that one SVG alone (a state with all six is near 1 MB
// at a large recording, and building them is most of a step's time).
struct ShowPicture {
  std::string name;  // one of PictureNames()
};
using WebIntent = std::variant<views::Intent, GoToStop, OpenTour, ShowPicture>;

// "grid", "memory", "lanes", "scores", "cost", "timeline": the pictures a state can carry.
std::span<const std::string_view> PictureNames();
// `value` as one of PictureNames(), or `refusal` followed by the names ("\"show\" must name a picture:").
base::Result<std::string> ReadPictureName(const nlohmann::json& value, const std::string& refusal);

// What the request asks for, or why it cannot be read (an unknown kind, a value of the wrong type).
base::Result<WebIntent> ReadIntent(const nlohmann::json& request);

}  // namespace tilewalk::web
