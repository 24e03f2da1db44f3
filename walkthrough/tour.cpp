#include "walkthrough/tour.hpp"

#include "base/terminal_text.hpp"
#include "kernels/api/scenario_args.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::walkthrough {

namespace {

// An operand some launch copies or writes back (its pseudo-site "LAUNCH.copy.NAME"), or a scratch buffer
// a site reads ("fwd.store.l_scratch") or a launch declares (the literal "acc_scratch" in the mirror): the
// names the Memory pane shows.
bool IsKnownOperand(std::string_view name, const KernelWalk& walk) {
  if (name.ends_with("_scratch") && walk.mirror.FindSite(name)) return true;
  for (const SiteRow& row : walk.sites.rows()) {
    const std::string_view site = row.site;
    const std::string_view last = site.substr(site.rfind('.') + 1);
    if (last != name) continue;
    if (row.role == SiteRole::Copy || row.role == SiteRole::Writeback || last.ends_with("_scratch"))
      return true;
  }
  return false;
}

// A launch of the kernel (not "entry", the checks before any launch).
bool IsKnownLaunch(std::string_view name, const KernelWalk& walk) {
  return walk.kernel->info().FindLaunch(name) != nullptr;
}

// The kernel's launches in words: "fwd, dkv or dq".
std::string LaunchesInWords(const KernelWalk& walk) {
  const auto launches = walk.kernel->info().launches;
  std::string text;
  for (std::size_t i = 0; i < launches.size(); ++i)
    text += (i == 0 ? "" : i + 1 == launches.size() ? " or " : ", ") + std::string(launches[i].name);
  return text;
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

// Reads a tour file line by line: the header, the tour's keys, then each stop's keys and narration.
class TourReader {
 public:
  TourReader(std::string_view file_name, const KernelWalk& walk, Diagnostics& diags)
      : m_file(file_name), m_walk(walk), m_diags(diags) {
    m_tour.file = m_file;
  }

  bool ReadHeader(std::string_view file_name, const std::string& first) {
    const std::string header = "# tour: ";
    if (first.rfind(header, 0) != 0) {
      Problem(1, "a tour starts with '# tour: ID' (see docs/authoring.md)");
      return false;
    }
    m_tour.id = Trim(std::string_view(first).substr(header.size()));
    const std::string_view base = file_name.substr(file_name.rfind('/') + 1);
    const std::string stem(base.substr(0, base.rfind('.')));
    if (m_tour.id != stem)
      Problem(1, "the tour id '" + m_tour.id + "' must equal the file name '" + stem + "'");
    return true;
  }

  void ReadLine(int n, const std::string& line) {
    if (line.rfind("## stop:", 0) == 0) {
      StartStop(n, line);
    } else if (m_in_narration) {
      if (m_stop->narration.empty() && Trim(line).empty()) return;
      if (m_stop->narration.empty()) m_stop->narration_line = n;
      m_stop->narration += line + "\n";
    } else if (Trim(line).empty()) {
      if (m_stop) m_in_narration = true;
    } else if (const auto colon = line.find(':'); colon == std::string::npos) {
      Problem(n, "expected 'key: value' or '## stop: TITLE', got '" + base::CutText(line) + "'");
    } else {
      const std::string key = Trim(std::string_view(line).substr(0, colon));
      const std::string value = Trim(std::string_view(line).substr(colon + 1));
      if (m_stop)
        ReadStopKey(n, key, value);
      else
        ReadTourKey(n, key, value);
    }
  }

  // After the last line: the checks of each stop as a whole and of the tour.
  Tour Finish(int last_line) {
    FinishStop(last_line);
    for (std::size_t s = 0; s < m_tour.stops.size(); ++s)
      CheckStop(m_tour.stops[s], m_seen_land[s], m_seen_show[s]);
    if (m_tour.title.empty()) Problem(1, "the tour needs 'title:'");
    if (m_tour.stops.size() < 5 || m_tour.stops.size() > 15)
      Problem(1, "a tour has 5 to 15 stops; this one has " + std::to_string(m_tour.stops.size()));
    return std::move(m_tour);
  }

 private:
  void Problem(int line, std::string message) { m_diags.push_back({m_file, line, std::move(message)}); }

  void StartStop(int n, const std::string& line) {
    FinishStop(n - 1);
    m_tour.stops.push_back(TourStop{});
    m_seen_land.push_back(false);
    m_seen_show.push_back(false);
    m_stop = &m_tour.stops.back();
    m_stop->kernel = m_walk.kernel;
    m_stop->title = Trim(std::string_view(line).substr(8));
    m_stop->line = n;
    m_in_narration = false;
    if (m_stop->title.empty()) Problem(n, "a stop needs a title after '## stop:'");
  }

  void FinishStop(int line) {
    if (!m_stop) return;
    while (!m_stop->narration.empty() && m_stop->narration.back() == '\n') m_stop->narration.pop_back();
    if (m_stop->passages.empty()) Problem(m_stop->line, "stop '" + m_stop->title + "' needs 'passage:'");
    if (m_stop->scenario.empty() && m_stop->land.kind != Landing::Kind::Rejected)
      Problem(m_stop->line, "stop '" + m_stop->title + "' needs 'scenario:' (flags, e.g. --scenario intro)");
    if (m_stop->narration.empty())
      Problem(line, "stop '" + m_stop->title + "' needs narration after a blank line");
  }

  void ReadTourKey(int n, const std::string& key, const std::string& value) {
    if (key == "title") {
      m_tour.title = value;
    } else if (key == "question") {
      if (value.size() != 1 || value[0] < '1' || value[0] > '5')
        Problem(n, "question is a number from 1 to 5");
      else
        m_tour.question = value[0] - '0';
    } else if (key == "default") {
      if (value != "yes" && value != "no") Problem(n, "default is yes or no");
      m_tour.is_default = value == "yes";
    } else if (key == "kernel") {
      const std::string_view name = m_walk.kernel->info().name;
      if (value != name)
        Problem(n, "kernel: '" + base::CutText(value) + "', but this tour is read with the " +
                       std::string(name) +
                       " kernel's passages and sites; put it with that kernel's tours, or drop the line");
    } else {
      Problem(n, "unknown tour key '" + key + "'; a tour takes title, question, default, kernel, then stops");
    }
  }

  // A stop's flags; none when they set a field that names a file (a tour may come from anyone, and landing
  // on its stop would read the file it names).
  std::vector<std::string> WordsNamingNoFile(int n, const std::string& key, const std::string& value) {
    std::vector<std::string> words = Words(value);
    const base::Status refused = kernel::RefuseFileFields(*m_walk.kernel, words, "a tour's '" + key + ":'",
                                                          kernel::kFileFieldsInTheApp);
    if (refused) return words;
    Problem(n, refused.error().message);
    return {};
  }

  void ReadStopKey(int n, const std::string& key, const std::string& value) {
    const base::Result<bool> asked = ReadAskLine(key, value, n, m_stop->ask);
    if (!asked) {
      Problem(n, asked.error().message);
      return;
    }
    if (*asked) return;  // an ask's line, read
    if (key == "passage") {
      m_stop->passages = SplitCommas(value);
    } else if (key == "scenario") {
      m_stop->scenario = WordsNamingNoFile(n, key, value);
    } else if (key == "try") {
      m_stop->try_flags = WordsNamingNoFile(n, key, value);
    } else if (key == "show") {
      if (auto pane = ParseStopPane(value))
        m_stop->show = *pane;
      else
        Problem(n, pane.error().message);
      m_seen_show.back() = true;
    } else if (key == "focus") {
      ReadFocus(n, value);
    } else if (key == "land") {
      if (auto land = ParseLanding(value))
        m_stop->land = *land;
      else
        Problem(n, land.error().message);
      m_seen_land.back() = true;
    } else {
      Problem(n,
              "unknown stop key '" + key +
                  "'; a stop takes passage, scenario, land, show, focus, try, an ask (ask, choice, answer, "
                  "explain, reveal), then narration");
    }
  }

  void ReadFocus(int n, const std::string& value) {
    const auto focus = ParseStopFocus(value, static_cast<int>(m_walk.pinned.fingerprint.lines.size()));
    if (!focus) {
      Problem(n, focus.error().message);
      return;
    }
    m_stop->focus = *focus;
    if (focus->kind == StopFocus::Kind::Launch && !IsKnownLaunch(focus->launch, m_walk))
      Problem(n, "focus: launch takes " + LaunchesInWords(m_walk) + ", got '" + base::CutText(focus->launch) +
                     "'");
    if (focus->kind == StopFocus::Kind::Operand && !IsKnownOperand(focus->operand, m_walk))
      Problem(n, "focus: no launch has an operand or scratch buffer '" + focus->operand +
                     "' (the Memory pane's names: q, k, v, o, l, m, do, di, dq, dk, dv, m_scratch, ...)");
  }

  void CheckStop(const TourStop& st, bool seen_land, bool seen_show) {
    if (!seen_land) Problem(st.line, "stop '" + st.title + "' needs 'land:'");
    if (!seen_show) {
      Problem(st.line,
              "stop '" + st.title + "' needs 'show:' (grid, memory, lanes, scores, cost or scenario)");
    } else {
      for (StopPane named : PanesNamedIn(st.narration))
        if (named != st.show)
          Problem(st.narration_line, "stop '" + st.title + "' names the " + std::string(StopPaneName(named)) +
                                         " pane but shows " + std::string(StopPaneName(st.show)) +
                                         "; say what it shows, or show what it says");
    }
    CheckPlaceholderSyntax(st.narration, m_walk, m_file, st.narration_line, m_diags);
    if (st.ask) CheckAsk(*st.ask, m_walk, m_file, m_diags);
  }

  std::string m_file;
  const KernelWalk& m_walk;
  Diagnostics& m_diags;
  Tour m_tour;
  TourStop* m_stop = nullptr;  // the stop being read; null before the first
  bool m_in_narration = false;
  std::vector<bool> m_seen_land, m_seen_show;
};

}  // namespace

std::optional<Tour> ParseTour(std::string_view file_name, std::string_view text, const KernelWalk& walk,
                              Diagnostics& diags) {
  const std::size_t before = diags.size();
  const std::vector<std::string> lines = TextLines(text);
  TourReader reader(file_name, walk, diags);
  if (!reader.ReadHeader(file_name, lines.empty() ? std::string() : lines[0])) return std::nullopt;
  for (std::size_t i = 1; i < lines.size(); ++i) reader.ReadLine(static_cast<int>(i) + 1, lines[i]);
  Tour tour = reader.Finish(static_cast<int>(lines.size()));
  if (diags.size() != before) return std::nullopt;
  return tour;
}

}  // namespace tilewalk::walkthrough
