#include "walkthrough/tour.hpp"

#include "walkthrough/line_fingerprint.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::walkthrough {

namespace {

// An operand some launch copies or writes back (its pseudo-site "LAUNCH.copy.NAME"), or a scratch buffer
// a site reads ("fwd.store.l_scratch"): the names the Memory pane shows.
bool IsKnownOperand(std::string_view name) {
  for (const SiteRow& row : ShippedSiteTable().rows()) {
    const std::string_view site = row.site;
    const std::string_view last = site.substr(site.rfind('.') + 1);
    if (last != name) continue;
    if (row.role == SiteRole::Copy || row.role == SiteRole::Writeback || last.ends_with("_scratch"))
      return true;
  }
  return false;
}

std::vector<std::string> SplitCommas(const std::string& value) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (true) {
    const auto at = value.find(',', start);
    const std::string part = Trim(std::string_view(value).substr(start, at - start));
    if (!part.empty()) out.push_back(part);
    if (at == std::string::npos) return out;
    start = at + 1;
  }
}

}  // namespace

std::optional<Tour> ParseTour(std::string_view file_name, std::string_view text, Diagnostics& diags) {
  const std::string file(file_name);
  const std::size_t before = diags.size();
  auto problem = [&](int line, std::string message) { diags.push_back({file, line, std::move(message)}); };
  const std::vector<std::string> lines = TextLines(text);
  Tour tour;
  tour.file = file;
  const std::string header = "# tour: ";
  if (lines.empty() || lines[0].rfind(header, 0) != 0) {
    problem(1, "a tour starts with '# tour: ID' (see docs/authoring.md)");
    return std::nullopt;
  }
  tour.id = Trim(std::string_view(lines[0]).substr(header.size()));
  const std::string_view base = file_name.substr(file_name.rfind('/') + 1);
  const std::string stem(base.substr(0, base.rfind('.')));
  if (tour.id != stem) problem(1, "the tour id '" + tour.id + "' must equal the file name '" + stem + "'");

  TourStop* stop = nullptr;
  bool in_narration = false;
  auto finish_stop = [&](int line) {
    if (!stop) return;
    while (!stop->narration.empty() && stop->narration.back() == '\n') stop->narration.pop_back();
    if (stop->passages.empty()) problem(stop->line, "stop '" + stop->title + "' needs 'passage:'");
    if (stop->scenario.empty() && stop->land.kind != Landing::Kind::Rejected)
      problem(stop->line, "stop '" + stop->title + "' needs 'scenario:' (flags, e.g. --scenario intro)");
    if (stop->narration.empty())
      problem(line, "stop '" + stop->title + "' needs narration after a blank line");
  };
  std::vector<bool> seen_land, seen_show;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    const std::string& line = lines[i];
    if (line.rfind("## stop:", 0) == 0) {
      finish_stop(n - 1);
      tour.stops.push_back(TourStop{});
      seen_land.push_back(false);
      seen_show.push_back(false);
      stop = &tour.stops.back();
      stop->title = Trim(std::string_view(line).substr(8));
      stop->line = n;
      in_narration = false;
      if (stop->title.empty()) problem(n, "a stop needs a title after '## stop:'");
      continue;
    }
    if (in_narration) {
      if (stop->narration.empty() && Trim(line).empty()) continue;
      if (stop->narration.empty()) stop->narration_line = n;
      stop->narration += line + "\n";
      continue;
    }
    if (Trim(line).empty()) {
      if (stop) in_narration = true;
      continue;
    }
    const auto colon = line.find(':');
    if (colon == std::string::npos) {
      problem(n, "expected 'key: value' or '## stop: TITLE', got '" + line + "'");
      continue;
    }
    const std::string key = Trim(std::string_view(line).substr(0, colon));
    const std::string value = Trim(std::string_view(line).substr(colon + 1));
    if (!stop) {
      if (key == "title") {
        tour.title = value;
      } else if (key == "question") {
        if (value.size() != 1 || value[0] < '1' || value[0] > '5')
          problem(n, "question is a number from 1 to 5");
        else
          tour.question = value[0] - '0';
      } else if (key == "default") {
        if (value != "yes" && value != "no") problem(n, "default is yes or no");
        tour.is_default = value == "yes";
      } else {
        problem(n, "unknown tour key '" + key + "'; a tour takes title, question, default, then stops");
      }
      continue;
    }
    if (std::string why; ReadAskLine(key, value, n, stop->ask, why)) {
      if (!why.empty()) problem(n, why);
    } else if (key == "passage") {
      stop->passages = SplitCommas(value);
    } else if (key == "scenario") {
      stop->scenario = Words(value);
    } else if (key == "try") {
      stop->try_flags = Words(value);
    } else if (key == "show") {
      std::string why;
      if (auto pane = ParseStopPane(value, why))
        stop->show = *pane;
      else
        problem(n, why);
      seen_show.back() = true;
    } else if (key == "focus") {
      std::string why;
      if (auto focus =
              ParseStopFocus(value, static_cast<int>(ShippedPinnedFile().fingerprint.lines.size()), why)) {
        stop->focus = *focus;
        if (focus->kind == StopFocus::Kind::Operand && !IsKnownOperand(focus->operand))
          problem(n, "focus: no launch has an operand or scratch buffer '" + focus->operand +
                         "' (the Memory pane's names: q, k, v, o, l, m, do, di, dq, dk, dv, m_scratch, ...)");
      } else {
        problem(n, why);
      }
    } else if (key == "land") {
      std::string why;
      if (auto land = ParseLanding(value, why))
        stop->land = *land;
      else
        problem(n, why);
      seen_land.back() = true;
    } else {
      problem(n,
              "unknown stop key '" + key +
                  "'; a stop takes passage, scenario, land, show, focus, try, an ask (ask, choice, answer, "
                  "explain, reveal), then narration");
    }
  }
  finish_stop(static_cast<int>(lines.size()));
  for (std::size_t s = 0; s < tour.stops.size(); ++s) {
    const TourStop& st = tour.stops[s];
    if (!seen_land[s]) problem(st.line, "stop '" + st.title + "' needs 'land:'");
    if (!seen_show[s]) {
      problem(st.line,
              "stop '" + st.title + "' needs 'show:' (grid, memory, lanes, scores, cost or scenario)");
    } else {
      for (StopPane named : PanesNamedIn(st.narration))
        if (named != st.show)
          problem(st.narration_line, "stop '" + st.title + "' names the " + std::string(StopPaneName(named)) +
                                         " pane but shows " + std::string(StopPaneName(st.show)) +
                                         "; say what it shows, or show what it says");
    }
    CheckPlaceholderSyntax(tour.stops[s].narration, file, tour.stops[s].narration_line, diags);
    if (tour.stops[s].ask) CheckAsk(*tour.stops[s].ask, file, diags);
  }
  if (tour.title.empty()) problem(1, "the tour needs 'title:'");
  if (tour.stops.size() < 5 || tour.stops.size() > 15)
    problem(1, "a tour has 5 to 15 stops; this one has " + std::to_string(tour.stops.size()));
  if (diags.size() != before) return std::nullopt;
  return tour;
}

}  // namespace tilewalk::walkthrough
