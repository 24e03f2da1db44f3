#include "walkthrough/tour.hpp"

#include <sstream>

#include "base/number_text.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"

namespace tilewalk::walkthrough {

std::vector<std::string> Words(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}

namespace {

std::optional<Moment> ParseMoment(const std::string& word) {
  if (word == "skipped-step") return Moment::SkippedStep;
  if (word == "issued-copy") return Moment::IssuedCopy;
  if (word == "skipped-copy") return Moment::SkippedCopy;
  if (word == "writeback") return Moment::Writeback;
  if (word == "when-taken") return Moment::WhenTaken;
  if (word == "error") return Moment::Error;
  return std::nullopt;
}

bool IsLaunch(const std::string& w) {
  return w == "fwd" || w == "dkv" || w == "dq";
}

// "site NAME #N", "moment KIND [in LAUNCH] #N", "launch LAUNCH", "rejected".
std::optional<Landing> ParseLanding(const std::string& value, std::string& why) {
  std::vector<std::string> w = Words(value);
  Landing land;
  auto occurrence = [&](const std::string& word) {
    const auto n = word.starts_with('#') ? base::ParseWhole(std::string_view(word).substr(1), 1, 1 << 30)
                                         : base::Result<int64_t>(base::Fail(base::Reason::Malformed, ""));
    if (!n) {
      why = "expected an occurrence like #1, got '" + word + "'";
      return false;
    }
    land.occurrence = static_cast<int>(*n);
    return true;
  };
  if (w.size() == 1 && w[0] == "rejected") {
    land.kind = Landing::Kind::Rejected;
    return land;
  }
  if (w.size() == 2 && w[0] == "launch" && IsLaunch(w[1])) {
    land.kind = Landing::Kind::Launch;
    land.launch = w[1];
    return land;
  }
  if ((w.size() == 2 || w.size() == 3) && w[0] == "site") {
    land.kind = Landing::Kind::Site;
    land.site = w[1];
    if (w.size() == 3 && !occurrence(w[2])) return std::nullopt;
    return land;
  }
  if (w.size() >= 2 && w[0] == "moment") {
    const auto m = ParseMoment(w[1]);
    if (!m) {
      why = "unknown moment '" + w[1] +
            "': use skipped-step, issued-copy, skipped-copy, writeback, when-taken or error";
      return std::nullopt;
    }
    land.kind = Landing::Kind::Moment;
    land.moment = *m;
    std::size_t i = 2;
    if (i < w.size() && w[i] == "in") {
      if (i + 1 >= w.size() || !IsLaunch(w[i + 1])) {
        why = "'in' takes fwd, dkv or dq";
        return std::nullopt;
      }
      land.launch = w[i + 1];
      i += 2;
    }
    if (i < w.size() && !occurrence(w[i++])) return std::nullopt;
    if (i == w.size()) return land;
  }
  why = "land takes 'site NAME #N', 'moment KIND [in LAUNCH] #N', 'launch LAUNCH' or 'rejected', got '" +
        value + "'";
  return std::nullopt;
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
    if (key == "passage") {
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
      problem(n, "unknown stop key '" + key + "'; a stop takes passage, scenario, land, try, then narration");
    }
  }
  finish_stop(static_cast<int>(lines.size()));
  for (std::size_t s = 0; s < tour.stops.size(); ++s) {
    if (!seen_land[s]) problem(tour.stops[s].line, "stop '" + tour.stops[s].title + "' needs 'land:'");
    CheckPlaceholderSyntax(tour.stops[s].narration, file, tour.stops[s].narration_line, diags);
  }
  if (tour.title.empty()) problem(1, "the tour needs 'title:'");
  if (tour.stops.size() < 5 || tour.stops.size() > 15)
    problem(1, "a tour has 5 to 15 stops; this one has " + std::to_string(tour.stops.size()));
  if (diags.size() != before) return std::nullopt;
  return tour;
}

}  // namespace tilewalk::walkthrough
