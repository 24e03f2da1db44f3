#include "app/export/manifest.hpp"

#include <nlohmann/json.hpp>

#include "app/json_text.hpp"
#include "app/scenario_json.hpp"

namespace tilewalk::app {
namespace {

using nlohmann::ordered_json;

constexpr std::string_view kManifestFormat = "tilewalk-export";
// The schema's version: 6 added `kernel`, the kernel the export runs (`tilewalk kernels`); 5 added the
// `motion` list (export --motion); 4 added a stop's `show` and `focus`, and empty panes that have no
// image; 3 the texts (narration, passages, alt text, code lines, the event's fields).
constexpr int kManifestVersion = 6;

ordered_json OrNull(const std::string& s) {
  return s.empty() ? ordered_json(nullptr) : ordered_json(s);
}

// A scenario as typed settings and as the flags that reproduce it.
ordered_json ScenarioEntry(const std::optional<kernel::Scenario>& scenario) {
  if (!scenario) return nullptr;
  return {{"settings", ScenarioJson(*scenario)}, {"flags", scenario->ToFlags()}};
}

ordered_json TextJson(const ManifestText& text) {
  return {{"markdown", text.markdown}, {"plain", text.plain}};
}

// The event's fields as the trace writes them; they are our own JSON, so they always parse.
ordered_json EventFields(const std::string& fields) {
  return fields.empty() ? ordered_json(nullptr) : ordered_json::parse(fields);
}

// {"kind": "operand", "operand": "m_scratch"}, {"kind": "cell", "cell": [0, 0, 2, 3]} (with "cell_last" for
// a range), {"kind": "launch", "launch": "dkv"}, {"kind": "rows", "rows": [0, 7]} or {"kind": "line",
// "line": 440}; null when the stop names no focus.
ordered_json FocusJson(const walkthrough::StopFocus& focus) {
  using Kind = walkthrough::StopFocus::Kind;
  if (focus.kind == Kind::None) return nullptr;
  const std::string kind(walkthrough::StopFocusKindName(focus.kind));
  ordered_json j{{"kind", kind}};
  if (focus.kind == Kind::Operand) j[kind] = focus.operand;
  if (focus.kind == Kind::Cell) j[kind] = focus.cell;
  if (focus.kind == Kind::Cell && !focus.cell_last.empty() && focus.cell_last != focus.cell)
    j["cell_last"] = focus.cell_last;
  if (focus.kind == Kind::Launch) j[kind] = focus.launch;
  if (focus.kind == Kind::Rows) j[kind] = {focus.first_row, focus.last_row};
  if (focus.kind == Kind::Line) j[kind] = focus.line;
  return j;
}

ordered_json StopJson(const ManifestStop& s) {
  ordered_json passages = ordered_json::object();
  for (const ManifestPassage& p : s.passages) {
    ordered_json passage = {{"title", p.title}};
    passage.update(TextJson(p.body));
    passages[p.id] = std::move(passage);
  }
  return {{"title", s.title},
          {"show", s.show},
          {"focus", FocusJson(s.focus)},
          {"scenario", ScenarioEntry(s.scenario)},
          {"passage", OrNull(s.passage)},
          {"first_frame", s.first_frame},
          {"frame_count", s.frame_count},
          {"narration", TextJson(s.narration)},
          {"passages", std::move(passages)},
          {"dwell_seconds", s.dwell_seconds},
          {"problem", OrNull(s.problem)}};
}

ordered_json FrameJson(const ManifestFrame& f) {
  ordered_json j;
  j["file"] = OrNull(f.file);
  j["stop"] = f.stop;
  j["event"] = f.event ? ordered_json(*f.event) : ordered_json(nullptr);
  j["launch"] = OrNull(f.launch);
  j["grid_index"] = f.event ? ordered_json(f.grid_index) : ordered_json(nullptr);
  j["step"] = f.event ? ordered_json(f.step) : ordered_json(nullptr);
  j["event_kind"] = OrNull(f.event_kind);
  j["site"] = OrNull(f.site);
  j["cpp"] = f.cpp_line > 0 ? ordered_json{{"file", f.cpp_file}, {"line", f.cpp_line}, {"text", f.cpp_text}}
                            : ordered_json(nullptr);
  j["passage"] = OrNull(f.passage);
  j["pallas_lines"] =
      f.pallas_first > 0 ? ordered_json{f.pallas_first, f.pallas_last} : ordered_json(nullptr);
  j["caption"] = f.caption;
  j["estimated_us"] = f.estimated_us ? ordered_json(*f.estimated_us) : ordered_json(nullptr);
  j["rejection"] = OrNull(f.rejection);
  j["alt"] = f.alt;
  j["event_text"] = OrNull(f.event_text);
  j["pallas"] = f.pallas.line > 0
                    ? ordered_json{{"file", f.pallas.file}, {"line", f.pallas.line}, {"text", f.pallas.text}}
                    : ordered_json(nullptr);
  j["event_fields"] = EventFields(f.event_fields);
  ordered_json panes = ordered_json::array();
  for (const ManifestPane& p : f.panes) {
    ordered_json pane{{"pane", p.pane}, {"image", OrNull(p.image)}, {"picture", p.picture}};
    if (!p.title.empty()) pane["title"] = p.title;
    if (p.size.width > 0) {
      pane["width"] = p.size.width;
      pane["height"] = p.size.height;
    }
    if (!p.empty.empty()) pane["empty"] = p.empty;
    panes.push_back(std::move(pane));
  }
  j["panes"] = std::move(panes);
  return j;
}

ordered_json MotionJson(const ManifestMotion& m) {
  return {{"file", m.file},
          {"pane", m.pane},
          {"stop", m.stop},
          {"width", m.size.width},
          {"height", m.size.height},
          {"fps", m.fps},
          {"frame_count", m.frame_count},
          {"duration_seconds", m.duration_seconds},
          {"from_us", m.from_us},
          {"to_us", m.to_us},
          {"rate_us_per_second", m.rate_us_per_second},
          {"launch", m.launch},
          {"steps", {m.first_step, m.last_step}},
          {"events", {m.first_event, m.last_event}},
          {"start_seconds", m.start_seconds}};
}

}  // namespace

std::string ManifestJson(const Manifest& m) {
  ordered_json j;
  j["format"] = kManifestFormat;
  j["format_version"] = kManifestVersion;
  j["tilewalk_version"] = m.tilewalk_version;
  j["kernel"] = m.kernel;
  j["pallas_commit"] = m.pallas_commit;
  j["kind"] = m.kind;
  if (m.kind == "tour") {
    j["tour"] = {{"id", m.tour_id}, {"title", m.tour_title}};
  } else {
    j["scenario"] = ScenarioEntry(m.scenario);
  }
  j["every"] = m.every;
  j["size"] = {{"width", m.size.width}, {"height", m.size.height}, {"scale", m.scale}};
  j["panes"] = m.panes;
  j["theme"] = m.theme;
  j["figure"] = m.figure;
  j["stop_pane"] = m.stop_pane;
  j["image_format"] = m.image_format;
  j["fps"] = m.fps;
  ordered_json stops = ordered_json::array();
  for (const ManifestStop& s : m.stops) stops.push_back(StopJson(s));
  j["stops"] = std::move(stops);
  ordered_json frames = ordered_json::array();
  for (const ManifestFrame& f : m.frames) frames.push_back(FrameJson(f));
  j["frames"] = std::move(frames);
  ordered_json motion = ordered_json::array();
  for (const ManifestMotion& animation : m.motion) motion.push_back(MotionJson(animation));
  j["motion"] = std::move(motion);
  return JsonText(j, 2) + "\n";
}

bool IsExportManifest(std::string_view content) {
  const nlohmann::json manifest = nlohmann::json::parse(content, nullptr, /*allow_exceptions=*/false);
  if (!manifest.is_object()) return false;
  const auto format = manifest.find("format");
  return format != manifest.end() && format->is_string() && format->get<std::string>() == kManifestFormat;
}

}  // namespace tilewalk::app
