#include "app/scenario_json.hpp"

#include <cfloat>
#include <cstdint>

#include "base/number_text.hpp"
#include "kernels/flash/scenario_fields.hpp"

namespace tilewalk::app {

nlohmann::ordered_json ScenarioJson(const flash::Scenario& scenario) {
  using nlohmann::ordered_json;
  ordered_json j = ordered_json::object();
  for (const flash::ScenarioField& field : flash::ScenarioFields()) {
    const std::string text = field.get(scenario);
    ordered_json value;
    switch (field.kind) {
      case flash::FieldKind::Whole:
      case flash::FieldKind::Block:
        value = text.empty() ? ordered_json(nullptr)
                             : ordered_json(*base::ParseWhole(text, INT64_MIN, INT64_MAX));
        break;
      case flash::FieldKind::Real:
        value = *base::ParseReal(text, -DBL_MAX, DBL_MAX);
        break;
      case flash::FieldKind::Switch:
        value = text == "true";
        break;
      case flash::FieldKind::Choice:
        value = text;
        break;
    }
    if (field.kind == flash::FieldKind::Block)
      j["block_sizes"][std::string(field.key)] = std::move(value);
    else
      j[std::string(field.key)] = std::move(value);
  }
  return j;
}

}  // namespace tilewalk::app
