#include "app/gui/layout_json.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

#include "app/json_text.hpp"

namespace tilewalk::app {

std::string LayoutReportJson(const LayoutReport& report) {
  using nlohmann::ordered_json;
  const auto px = [](float v) { return std::round(v * 10.0f) / 10.0f; };
  ordered_json panes = ordered_json::array();
  for (const LayoutReport::PaneBox& pane : report.panes)
    panes.push_back(
        {{"name", pane.name},
         {"rect", {px(pane.rect.x), px(pane.rect.y), px(pane.rect.width), px(pane.rect.height)}}});
  ordered_json files = ordered_json::array();
  for (const views::ShownFile& file : report.files)
    files.push_back({{"name", file.name},
                     {"first", file.first},
                     {"last", file.last},
                     {"lit", file.lit > 0 ? ordered_json(file.lit) : ordered_json(nullptr)},
                     {"python", file.python}});
  const ordered_json json = {
      {"panes", std::move(panes)},
      {"files", std::move(files)},
      {"narration_whole", report.narration_whole},
      {"question_whole", report.question_whole},
      {"focus_in_view", report.focus_in_view},
      {"focus_pane", report.focus_pane},
      {"cell_px", report.cell_px ? ordered_json(px(*report.cell_px)) : ordered_json(nullptr)},
      {"clipped", report.clipped},
      {"folded", report.folded},
  };
  // Text from a user's library may hold bytes that are not UTF-8: replaced, never a throw.
  return JsonText(json, 2) + "\n";
}

}  // namespace tilewalk::app
