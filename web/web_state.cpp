#include "web/web_state.hpp"

#include <string>

#include "app/pictures/picture_svg.hpp"
#include "app/views/timeline_picture.hpp"

namespace tilewalk::web {
namespace {

using nlohmann::json;

json ToursJson(const session::TourSession& s) {
  json tours = json::array();
  for (const session::TourSummary& t : s.TourSummaries())
    tours.push_back({{"id", t.id},
                     {"title", t.title},
                     {"kernel", t.kernel == nullptr ? "" : std::string(t.kernel->info().name)},
                     {"stops", t.stops},
                     {"question", t.question},
                     {"default", t.is_default}});
  return tours;
}

json AskJson(const views::AskPicture& ask) {
  json j = {{"question", ask.question},
            {"choices", ask.choices},
            {"picked", ask.picked < 0 ? json(nullptr) : json(ask.picked)},
            {"revealed", ask.revealed}};
  if (ask.revealed) {
    j["correct"] = ask.correct < 0 ? json(nullptr) : json(ask.correct);
    j["recorded"] = ask.recorded;
    j["explanation"] = ask.explanation;
  }
  return j;
}

json PassageJson(const views::PassagePicture& p) {
  return {{"tour_title", p.tour_title}, {"stop_title", p.stop_title}, {"narration", p.narration},
          {"title", p.passage_title},   {"text", p.passage_body},     {"problem", p.problem},
          {"try", p.try_words},         {"edited", p.edited}};
}

// The first lit line, else the line that raised a rejected scenario's error, else the line the pane
// scrolls to; 0 for none.
int PaneLine(const views::SourcePane& pane) {
  if (!pane.lit_lines.empty()) return pane.lit_lines.front();
  return pane.error_line > 0 ? pane.error_line : pane.scroll_line;
}

std::string JoinLines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

json SourceJson(const views::SourcePicture& source) {
  json python = {{"file", nullptr}, {"line", 0},       {"lit", json::array()},
                 {"raised", 0},     {"text", nullptr}, {"missing", source.python_missing}};
  if (source.python && source.python->document) {
    const views::SourcePane& pane = *source.python;
    python["file"] = pane.document->title;
    python["line"] = PaneLine(pane);
    python["lit"] = pane.lit_lines;
    python["raised"] = pane.error_line;
    python["text"] = JoinLines(pane.document->lines);
  }
  json mirror = {{"file", nullptr}, {"line", 0}, {"lit", json::array()}, {"raised", 0}};
  if (source.cpp && source.cpp->document) {
    mirror["file"] = source.cpp->document->file;
    mirror["line"] = PaneLine(*source.cpp);
    mirror["lit"] = source.cpp->lit_lines;
    mirror["raised"] = source.cpp->error_line;
  }
  return {{"python", python}, {"mirror", mirror}};
}

// The field's kind as the page reads a value: "whole", "optional whole" (may be empty: unset), "switch",
// "choice" or "real".
const char* KindName(views::FieldKind kind) {
  switch (kind) {
    case views::FieldKind::Int:
      return "whole";
    case views::FieldKind::OptionalInt:
      return "optional whole";
    case views::FieldKind::Bool:
      return "switch";
    case views::FieldKind::Choice:
      return "choice";
    case views::FieldKind::Number:
      return "real";
  }
  return "whole";
}

json ScenarioJson(const session::TourSession& s, const views::ScenarioPicture& p) {
  json fields = json::array();
  const kernel::ScenarioSchema& schema = s.kernel().info().scenario;
  for (const views::ScenarioField& f : p.fields) {
    const kernel::ScenarioField* row = schema.Find(f.key);
    json field = {{"key", f.key},
                  {"flag", f.flag},
                  {"group", f.group},
                  {"value", f.value},
                  {"help", f.help},
                  {"kind", KindName(f.kind)},
                  {"names_file", row != nullptr && row->names_file}};
    if (!f.choices.empty()) field["choices"] = f.choices;
    fields.push_back(std::move(field));
  }
  return {{"kernel", std::string(s.kernel().info().name)},
          {"words", s.scenario_flags()},
          {"edited", p.edited},
          {"try", p.try_words},
          {"fields", fields},
          {"rejection", p.rejection},
          {"problem", p.problem}};
}

json CursorJson(const session::TourSession& s, const session::TourPictures& p) {
  const auto snapshot = s.Current();
  json j = {{"event", snapshot ? json(p.timeline.cursor) : json(nullptr)},
            {"events", p.timeline.event_count},
            {"launch", snapshot ? json(snapshot->launch_name) : json(nullptr)},
            {"grid_step", snapshot ? json(snapshot->step) : json(nullptr)},
            {"unit", views::StepUnitName(s.step_unit())},
            {"position", p.timeline.position},
            {"statement", p.timeline.statement}};
  if (s.landing_event()) j["landing"] = *s.landing_event();
  // The statement's site and its line in the C++ mirror, as `tilewalk trace` writes them; none for a
  // pipeline event (a copy, a step's start).
  if (snapshot && !snapshot->site.name.empty())
    j["site"] = {{"name", snapshot->site.name}, {"line", snapshot->site.line}};
  else
    j["site"] = nullptr;
  return j;
}

// The one picture shown, as SVG; the others null. None without a snapshot (a rejected scenario).
json PicturesJson(const session::TourPictures& p, const std::string& shown) {
  json pictures = {{"grid", nullptr},   {"memory", nullptr}, {"lanes", nullptr},
                   {"scores", nullptr}, {"cost", nullptr},   {"timeline", nullptr}};
  if (!p.has_snapshot) return pictures;
  if (shown == "grid") pictures["grid"] = pictures::GridSvg(p.grid);
  if (shown == "memory") pictures["memory"] = pictures::MemorySvg(p.memory);
  if (shown == "lanes") pictures["lanes"] = pictures::LanesSvg(p.lanes);
  if (shown == "scores") pictures["scores"] = pictures::ScoresSvg(p.scores);
  if (shown == "cost") pictures["cost"] = pictures::CostSvg(p.cost);
  if (shown == "timeline") pictures["timeline"] = pictures::TimelineSvg(p.timeline);
  return pictures;
}

}  // namespace

json StateJson(session::TourSession& s, const std::string& shown) {
  const session::TourPictures& p = s.Pictures();
  json state;
  state["tour"] = {{"id", s.tour_id()},
                   {"title", p.passage.tour_title},
                   {"kernel", std::string(s.kernel().info().name)},
                   {"scenario_only", s.is_scenario()}};
  state["tours"] = ToursJson(s);
  state["stop"] = {{"index", s.stop_index() + 1}, {"count", s.stop_count()}};
  state["passage"] = PassageJson(p.passage);
  state["ask"] = p.passage.ask ? AskJson(*p.passage.ask) : json(nullptr);
  state["cursor"] = CursorJson(s, p);
  state["source"] = SourceJson(p.source);
  state["scenario"] = ScenarioJson(s, p.scenario);
  state["pictures"] = PicturesJson(p, shown);
  state["shown"] = shown;
  state["recording"] = {{"events", p.timeline.event_count}, {"bytes", s.cached_recording_bytes()}};
  state["pallas_problem"] = s.pallas_problem();
  return state;
}

}  // namespace tilewalk::web
