#include "walkthrough/tour.hpp"

#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"

namespace tilewalk::walkthrough {

namespace {

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
  std::vector<bool> seen_land;
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const int n = static_cast<int>(i) + 1;
    const std::string& line = lines[i];
    if (line.rfind("## stop:", 0) == 0) {
      finish_stop(n - 1);
      tour.stops.push_back(TourStop{});
      seen_land.push_back(false);
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
    } else if (key == "land") {
      std::string why;
      if (auto land = ParseLanding(value, why))
        stop->land = *land;
      else
        problem(n, why);
      seen_land.back() = true;
    } else {
      problem(n, "unknown stop key '" + key +
                     "'; a stop takes passage, scenario, land, try, an ask (ask, choice, answer, explain, "
                     "reveal), then narration");
    }
  }
  finish_stop(static_cast<int>(lines.size()));
  for (std::size_t s = 0; s < tour.stops.size(); ++s) {
    if (!seen_land[s]) problem(tour.stops[s].line, "stop '" + tour.stops[s].title + "' needs 'land:'");
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
