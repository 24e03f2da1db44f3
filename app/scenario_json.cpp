#include "app/scenario_json.hpp"

#include <cfloat>
#include <cstdint>

#include "base/number_text.hpp"

namespace tilewalk::app {

nlohmann::ordered_json ScenarioJson(const kernel::Scenario& scenario) {
  using nlohmann::ordered_json;
  ordered_json j = ordered_json::object();
  for (const kernel::ScenarioField& field : scenario.schema().fields) {
    const std::string text = scenario.Get(field);
    ordered_json value;
    switch (field.kind) {
      case kernel::FieldKind::Whole:
      case kernel::FieldKind::Block:
        value = text.empty() ? ordered_json(nullptr)
                             : ordered_json(*base::ParseWhole(text, INT64_MIN, INT64_MAX));
        break;
      case kernel::FieldKind::Real:
        value = *base::ParseReal(text, -DBL_MAX, DBL_MAX);
        break;
      case kernel::FieldKind::Switch:
        value = text == "true";
        break;
      case kernel::FieldKind::Choice:
        value = text;
        break;
    }
    if (field.kind == kernel::FieldKind::Block)
      j["block_sizes"][std::string(field.key)] = std::move(value);
    else
      j[std::string(field.key)] = std::move(value);
  }
  return j;
}

}  // namespace tilewalk::app
