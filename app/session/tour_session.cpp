// The tour session: opening a tour, going to a stop, landing on its moment, the stop's passage and its
// question. Editing the scenario: tour_session_scenario.cpp; intents and playback:
// tour_session_intents.cpp; rebuilding the pictures: tour_session_pictures.cpp.
#include "app/session/tour_session.hpp"

#include <algorithm>

#include "base/terminal_text.hpp"
#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::session {
namespace {

constexpr int kTimelineBins = 600;  // marker resolution: about a pixel per bin at 1600 wide

// A tour of one stop over a scenario, landing where its first launch starts.
walkthrough::Tour ScenarioTour(const kernel::Scenario& scenario) {
  walkthrough::TourStop stop;
  stop.kernel = &scenario.kernel();
  stop.title = scenario.Canonical();
  stop.scenario = scenario.ToFlags();
  stop.land.kind = walkthrough::Landing::Kind::Launch;
  stop.land.launch = std::string(scenario.kernel().info().launches.front().name);
  walkthrough::Tour tour;
  tour.id = "scenario";
  tour.title = "Scenario";
  tour.stops.push_back(std::move(stop));
  return tour;
}

}  // namespace

TourSession::TourSession(const SessionOptions& options)
    : m_cancelled(options.cancelled),
      m_recording_progress(options.recording_progress),
      m_background_recording(options.background_recording),
      m_keep_all_heatmaps(options.all_heatmaps) {
  if (base::Result<LoadedLibrary> loaded = LoadTourLibrary(options.library_folder)) {
    m_loaded = std::move(*loaded);
  } else {  // an empty library named after its folder: the window opens on the gallery and says why
    m_loaded.origin = options.library_folder->string();
    m_library_problems.push_back(loaded.error().message);
  }
  bool no_tours = true;
  for (const walkthrough::Library* lib : m_loaded.All()) {
    for (const walkthrough::Diagnostic& d : lib->diagnostics) m_library_problems.push_back(d.ToString());
    no_tours = no_tours && lib->tours.empty();
  }

  if (options.scenario) {
    m_scenario_tour = ScenarioTour(*options.scenario);
    m_tour = &*m_scenario_tour;
  } else {
    m_tour = options.tour.empty() ? m_loaded.DefaultTour(options.kernel)
                                  : m_loaded.FindTour(options.tour, options.kernel);
  }
  m_kernel = m_tour != nullptr && !m_tour->stops.empty() ? m_tour->stops.front().kernel
             : options.kernel != nullptr                 ? options.kernel
                                                         : &kernel::DefaultKernel();
  m_library = m_loaded.Of(*m_kernel);
  if (m_tour == nullptr) {
    const std::string in_kernel = options.kernel == nullptr || options.kernel == &kernel::DefaultKernel()
                                      ? std::string()
                                      : " of the " + std::string(options.kernel->info().name) + " kernel";
    if (no_tours) {
      m_fallback_message =
          "The library (" + m_loaded.origin + ") has no tours yet, so the gallery is shown instead.";
    } else if (options.tour.empty()) {
      m_fallback_message =
          "No tour" + in_kernel + " of the library says 'default: yes', so the gallery is shown instead.";
    } else {
      m_fallback_message = "There is no tour '" + base::CutText(options.tour) + "'" + in_kernel +
                           " in the library; tilewalk tours lists them.";
    }
    return;
  }
  if (m_tour->stops.empty()) {
    m_fallback_message = "The tour '" + m_tour->id + "' has no stops.";
    m_tour = nullptr;
    return;
  }
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(*m_kernel);
  auto pallas = walkthrough::FindPallasSource(walk, options.pallas_source);
  if (pallas)
    m_pallas = std::make_shared<const walkthrough::PallasIndex>(
        std::move(*pallas), walk.sites,
        m_library != nullptr ? std::span<const walkthrough::Passage>(m_library->passages)
                             : std::span<const walkthrough::Passage>(),
        walk.pinned);
  else if (pallas.error().reason == base::Reason::NotFound && !options.pallas_source)
    m_pallas_problem =
        walkthrough::NoPallasHint(walk.kernel->info(), walk.kernel == &kernel::DefaultKernel());
  else
    m_pallas_problem = "No Pallas file: " + pallas.error().message + ".";
  m_pallas_missing = !pallas && pallas.error().reason == base::Reason::NotFound && !options.pallas_source;
  GoToStop(std::clamp(options.stop, 1, stop_count()) - 1);
}

int TourSession::stop_count() const {
  return m_tour == nullptr ? 0 : static_cast<int>(m_tour->stops.size());
}

std::optional<uint64_t> TourSession::cursor() const {
  if (!m_timeline) return std::nullopt;
  return m_timeline->cursor();
}

std::vector<TourSummary> TourSession::TourSummaries() const {
  std::vector<TourSummary> tours;
  for (const walkthrough::Library* lib : m_loaded.All())
    for (const walkthrough::Tour& t : lib->tours)
      tours.push_back({.id = t.id,
                       .title = t.title,
                       .kernel = lib->walk->kernel,
                       .question = t.question,
                       .stops = static_cast<int>(t.stops.size()),
                       .is_default = t.is_default});
  return tours;
}

void TourSession::GoToStop(int index) {
  if (m_tour == nullptr) return;
  RetireJob();  // an edit of the stop being left is no longer wanted
  m_stop = std::clamp(index, 0, stop_count() - 1);
  m_playing = false;
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  m_flags = stop.scenario;
  m_edited = false;
  m_scenario_problem.clear();
  Land(m_lander.Land(stop, {.progress = m_recording_progress, .cancelled = m_cancelled}));
}

void TourSession::Land(const walkthrough::StopLanding& landing) {
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  m_landing_problem = landing.problem;
  m_landing_event = landing.event;
  if (landing.recording != m_recording) {
    m_recording = landing.recording;
    m_overview = m_recording ? BuildTimelineOverview(*m_recording, kTimelineBins) : TimelineOverview{};
    std::erase_if(m_extras, [](const auto& entry) { return entry.first.expired(); });
  }
  m_timeline.reset();
  if (m_recording && m_recording->EventCount() > 0) {
    m_timeline = std::make_unique<walkthrough::Timeline>(m_recording);
    m_timeline->Seek(landing.event.value_or(0));
    m_play_us = m_recording->TimeOfEvent(m_timeline->cursor());
  }

  m_followed_site.clear();
  BuildStopPassage(stop.passages.empty() || m_library == nullptr
                       ? nullptr
                       : m_library->FindPassage(stop.passages.front()));
  PrepareAsk(stop);
  MarkDirty();
}

// An edit need not contain the stop's event: it then starts at the beginning, and the scenario pane, not
// the passage, says why.
void TourSession::BuildStopPassage(const walkthrough::Passage* passage) {
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  StopContext context{.tour_title = m_tour->title,
                      .stop_number = m_stop + 1,
                      .stop_count = stop_count(),
                      .stop = &stop,
                      .passage = passage,
                      .landing_problem = m_edited ? std::string() : m_landing_problem,
                      .edited = m_edited};
  m_passage = BuildPassagePicture(context, Placeholders());
  m_passage.try_words = kernel::FlagsInWords(m_kernel->info().scenario, stop.try_flags);
  m_passage.edited = m_edited;
  m_passage_shown = passage;
}

walkthrough::PlaceholderSource* TourSession::Placeholders() {
  if (!m_recording) return nullptr;
  auto& source = Extras().placeholders;
  if (!source) source = std::make_unique<walkthrough::PlaceholderSource>(*m_recording);
  return source.get();
}

// ---- [Ask] a stop's question: choices at the landing, the answer once the learner steps on ----

void TourSession::PrepareAsk(const walkthrough::TourStop& stop) {
  m_ask.reset();
  m_ask_pick = -1;
  m_ask_revealed = false;
  // A rejected scenario has a recording (its error) but no events: its question is still asked, about the
  // error or a variant's figures, and revealed by the next step forward as any other.
  if (!stop.ask || !m_recording) return;
  base::Result<walkthrough::AskReveal> reveal =
      walkthrough::RevealAsk(*stop.ask, *m_recording, *Placeholders());
  if (reveal)
    m_ask = std::move(*reveal);
  else if (m_passage.problem.empty())
    m_passage.problem = "The stop's question cannot be answered: " + reveal.error().message;
}

void TourSession::RevealAsk() {
  if (!m_ask || m_ask_revealed) return;
  m_ask_revealed = true;
  if (m_timeline && m_ask->reveal_event && m_timeline->cursor() < *m_ask->reveal_event)
    m_timeline->Seek(*m_ask->reveal_event);
  MarkDirty();
}

views::AskPicture TourSession::AskPictureNow() const {
  return {.question = m_ask->question,
          .choices = m_ask->choices,
          .picked = m_ask_pick,
          .revealed = m_ask_revealed,
          .correct = m_ask->correct,
          .recorded = m_ask->recorded,
          .explanation = m_ask->explanation};
}

// A stop that names no passage shows the one that explains the statement at the cursor, or at a copy or
// a step boundary, the statement nearest it.
void TourSession::FollowPassage(const std::string& site) {
  if (site.empty() || site == m_followed_site) return;
  m_followed_site = site;
  auto [known, inserted] = m_passage_at_site.try_emplace(site, nullptr);
  if (inserted && m_library != nullptr)
    known->second = m_library->PassageAtSite(site);  // scans the mirror: once per site
  const walkthrough::Passage* passage = known->second;
  if (passage != nullptr && passage != m_passage_shown) BuildStopPassage(passage);
}

std::shared_ptr<const walkthrough::Snapshot> TourSession::Current() const {
  return m_timeline ? m_timeline->Current() : nullptr;
}

const walkthrough::Passage* TourSession::CurrentPassage() const {
  return m_passage_shown;
}

}  // namespace tilewalk::session
