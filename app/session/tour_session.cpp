// The tour session: which stop is open, the one cursor, playback, and the pictures.
//   [Helpers]      site positions, step units and moments in the walkthrough's terms
//   [SuggestedTab] the detail tab a statement belongs to, from the site role table
//   [Stops]        opening a tour, going to a stop, landing on its moment (editing:
//   tour_session_scenario.cpp) [Intents]      Apply and playback [Pictures]     rebuilding the pictures when
//   the cursor moved
#include "app/session/tour_session.hpp"

#include "kernels/flash/scenario_fields.hpp"

#include <algorithm>
#include <filesystem>

#include "kernels/flash/scenario_options.hpp"
#include "walkthrough/mirror_sources.hpp"
#include "walkthrough/site_table.hpp"

namespace tilewalk::session {
namespace {

// ---- [Helpers] ----

constexpr int kTimelineBins = 600;  // marker resolution: about a pixel per bin at 1600 wide

std::optional<MirrorPosition> SitePosition(tpu::SiteId id) {
  if (id == tpu::kNoSite) return std::nullopt;
  const tpu::SiteInfo site = tpu::GetSite(id);
  if (site.file.empty() || site.line == 0) return std::nullopt;
  return MirrorPosition{std::filesystem::path(site.file).filename().string(), static_cast<int>(site.line)};
}

// The site of the statement nearest an event (a copy has no site), looking back first or forward first;
// kNoSite when its launch has no statement at all.
tpu::SiteId NearestSite(const walkthrough::Recording& rec, uint64_t event, bool forward_first = false) {
  const auto found = rec.NearestStatement(
      event, forward_first ? walkthrough::Direction::Forward : walkthrough::Direction::Backward);
  return found ? rec.EventAt(*found).site : tpu::kNoSite;
}

// What the source pane shows at a pipeline event: the nearest statement's line.
MirrorPosition NearestFile(const walkthrough::Recording& rec, uint64_t event) {
  return SitePosition(NearestSite(rec, event)).value_or(MirrorPosition{});
}

walkthrough::Granularity GranularityOf(views::StepUnit unit) {
  switch (unit) {
    case views::StepUnit::Dma:
      return walkthrough::Granularity::Dma;
    case views::StepUnit::GridStep:
      return walkthrough::Granularity::GridStep;
    case views::StepUnit::Launch:
      return walkthrough::Granularity::Launch;
    default:
      return walkthrough::Granularity::Statement;
  }
}

std::optional<walkthrough::Moment> MomentOf(std::int64_t marker) {
  switch (static_cast<views::MarkerKind>(marker)) {
    case views::MarkerKind::IssuedCopy:
      return walkthrough::Moment::IssuedCopy;
    case views::MarkerKind::SkippedCopy:
      return walkthrough::Moment::SkippedCopy;
    case views::MarkerKind::Writeback:
      return walkthrough::Moment::Writeback;
    case views::MarkerKind::SkippedStep:
      return walkthrough::Moment::SkippedStep;
    case views::MarkerKind::Error:
      return walkthrough::Moment::Error;
    default:
      return std::nullopt;
  }
}

// A tour of one stop over a scenario, landing where its first launch starts.
walkthrough::Tour ScenarioTour(const flash::Scenario& scenario) {
  walkthrough::TourStop stop;
  stop.title = flash::CanonicalScenario(scenario);
  stop.scenario = flash::ScenarioToFlags(scenario);
  stop.land.kind = walkthrough::Landing::Kind::Launch;
  stop.land.launch = "fwd";
  walkthrough::Tour tour;
  tour.id = "scenario";
  tour.title = "Scenario";
  tour.stops.push_back(std::move(stop));
  return tour;
}

}  // namespace

// ---- [SuggestedTab] ----

std::optional<DetailTab> DetailTabOf(walkthrough::StopPane pane) {
  using walkthrough::StopPane;
  switch (pane) {
    case StopPane::Grid:
      return std::nullopt;
    case StopPane::Memory:
      return DetailTab::Memory;
    case StopPane::Lanes:
      return DetailTab::Lanes;
    case StopPane::Scores:
      return DetailTab::Scores;
    case StopPane::Cost:
      return DetailTab::Cost;
    case StopPane::Scenario:
      return DetailTab::Scenario;
  }
  return std::nullopt;
}

std::optional<DetailTab> SuggestedTab(std::string_view site) {
  const walkthrough::SiteRow* row = walkthrough::ShippedSiteTable().Find(site);
  if (row == nullptr) return DetailTab::Memory;  // an error raised outside any statement
  switch (row->pane) {
    case walkthrough::SitePane::Lanes:
      return DetailTab::Lanes;
    case walkthrough::SitePane::Scores:
      return DetailTab::Scores;
    case walkthrough::SitePane::Memory:
      return DetailTab::Memory;
    case walkthrough::SitePane::Grid:
    case walkthrough::SitePane::Keep:
      break;
  }
  return std::nullopt;
}

bool IsGridMoment(std::string_view site) {
  const walkthrough::SiteRow* row = walkthrough::ShippedSiteTable().Find(site);
  return row != nullptr &&
         (row->role == walkthrough::SiteRole::Step || row->role == walkthrough::SiteRole::Branch);
}

// ---- [Stops] ----

TourSession::TourSession(const SessionOptions& options)
    : m_loaded(LoadTourLibrary(options.library_folder)),
      m_cancelled(options.cancelled),
      m_background_recording(options.background_recording),
      m_keep_all_heatmaps(options.all_heatmaps) {
  const walkthrough::Library& lib = m_loaded.library;
  if (!m_loaded.problem.empty()) m_library_problems.push_back(m_loaded.problem);
  for (const walkthrough::Diagnostic& d : lib.diagnostics) m_library_problems.push_back(d.ToString());

  if (options.scenario) {
    m_scenario_tour = ScenarioTour(*options.scenario);
    m_tour = &*m_scenario_tour;
  } else {
    m_tour = options.tour.empty() ? lib.DefaultTour() : lib.FindTour(options.tour);
  }
  if (m_tour == nullptr) {
    if (lib.tours.empty()) {
      m_fallback_message =
          "The library (" + m_loaded.origin + ") has no tours yet, so the gallery is shown instead.";
    } else if (options.tour.empty()) {
      m_fallback_message = "No tour of the library says 'default: yes', so the gallery is shown instead.";
    } else {
      m_fallback_message =
          "There is no tour '" + options.tour + "' in the library; tilewalk tours lists them.";
    }
    return;
  }
  if (m_tour->stops.empty()) {
    m_fallback_message = "The tour '" + m_tour->id + "' has no stops.";
    m_tour = nullptr;
    return;
  }
  auto pallas = walkthrough::FindPallasSource(options.pallas_source);
  if (pallas)
    m_pallas = std::make_shared<const walkthrough::PallasIndex>(
        std::move(*pallas), walkthrough::ShippedSiteTable(), lib.passages);
  else if (pallas.error().reason == base::Reason::NotFound && !options.pallas_source)
    m_pallas_problem =
        "No Pallas file: run 'tilewalk source fetch' to show flash_attention.py beside the mirror.";
  else
    m_pallas_problem = "No Pallas file: " + pallas.error().message + ".";
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
  for (const walkthrough::Tour& t : m_loaded.library.tours)
    tours.push_back({.id = t.id,
                     .title = t.title,
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
  Land(m_lander.Land(stop, {.cancelled = m_cancelled}));
}

void TourSession::Land(const walkthrough::StopLanding& landing) {
  const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
  m_landing_problem = landing.problem;
  m_landing_event = landing.event;
  if (landing.recording != m_recording) {
    m_recording = landing.recording;
    m_markers = m_recording ? BuildTimelineMarkers(*m_recording, kTimelineBins)
                            : std::vector<views::TimelineMarker>{};
    std::erase_if(m_extras, [](const auto& entry) { return entry.first.expired(); });
  }
  m_timeline.reset();
  if (m_recording && m_recording->EventCount() > 0) {
    m_timeline = std::make_unique<walkthrough::Timeline>(m_recording);
    m_timeline->Seek(landing.event.value_or(0));
  }

  m_followed_site.clear();
  BuildStopPassage(stop.passages.empty() ? nullptr : m_loaded.library.FindPassage(stop.passages.front()));
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
                      .landing_problem = m_edited ? std::string() : m_landing_problem};
  m_passage = BuildPassagePicture(context, Placeholders());
  m_passage.try_words = flash::FlagsInWords(stop.try_flags);
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
  if (!stop.ask || !m_timeline) return;
  std::string why;
  m_ask = walkthrough::RevealAsk(*stop.ask, *m_recording, *Placeholders(), why);
  if (!m_ask && m_passage.problem.empty())
    m_passage.problem = "The stop's question cannot be answered: " + why;
}

void TourSession::RevealAsk() {
  if (!m_ask || m_ask_revealed || !m_timeline) return;
  m_ask_revealed = true;
  if (m_ask->reveal_event && m_timeline->cursor() < *m_ask->reveal_event)
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
  if (inserted) known->second = m_loaded.library.PassageAtSite(site);  // scans the mirror: once per site
  const walkthrough::Passage* passage = known->second;
  if (passage != nullptr && passage != m_passage_shown) BuildStopPassage(passage);
}

std::shared_ptr<const walkthrough::Snapshot> TourSession::Current() const {
  return m_timeline ? m_timeline->Current() : nullptr;
}

const walkthrough::Passage* TourSession::CurrentPassage() const {
  return m_passage_shown;
}

// ---- [Intents] ----

void TourSession::Apply(const views::Intent& intent) {
  using views::IntentKind;
  switch (intent.kind) {
    case IntentKind::PreviousStop:
      GoToStop(m_stop - 1);
      return;
    case IntentKind::NextStop:
      GoToStop(m_stop + 1);
      return;
    case IntentKind::TogglePlay:
      m_playing = !m_playing && m_timeline != nullptr;
      m_play_debt = 0;
      MarkDirty();
      return;
    case IntentKind::ApplyScenario:
      RunScenario(intent.words);
      return;
    case IntentKind::ResetScenario:
      if (m_tour != nullptr) RunScenario(m_tour->stops[static_cast<std::size_t>(m_stop)].scenario);
      return;
    case IntentKind::TryStopSuggestion:
      if (m_tour != nullptr) {
        const walkthrough::TourStop& stop = m_tour->stops[static_cast<std::size_t>(m_stop)];
        if (stop.try_flags.empty()) return;
        std::vector<std::string> flags = stop.scenario;
        flags.insert(flags.end(), stop.try_flags.begin(), stop.try_flags.end());
        RunScenario(std::move(flags));
      }
      return;
    case IntentKind::ToggleStopSuggestion:
      Apply({.kind = m_edited ? IntentKind::ResetScenario : IntentKind::TryStopSuggestion});
      return;
    case IntentKind::PickChoice:
      if (m_ask && !m_ask_revealed && intent.value >= 0 &&
          intent.value < static_cast<std::int64_t>(m_ask->choices.size())) {
        m_ask_pick = static_cast<int>(intent.value);
        MarkDirty();
      }
      return;
    case IntentKind::RevealAnswer:
      RevealAsk();
      return;
    case IntentKind::SetSpeed:
      m_speed = std::clamp(static_cast<float>(intent.value), 1.0f, 120.0f);
      MarkDirty();
      return;
    case IntentKind::SetStepUnit:
      if (intent.value >= 0 && intent.value < static_cast<std::int64_t>(views::StepUnit::kCount)) {
        m_step_unit = static_cast<views::StepUnit>(intent.value);
        m_play_debt = 0;
        MarkDirty();
      }
      return;
    case IntentKind::NextStepUnit:
      Apply({.kind = IntentKind::SetStepUnit,
             .value = (static_cast<int>(m_step_unit) + 1) % static_cast<int>(views::StepUnit::kCount)});
      return;
    case IntentKind::ToggleAxis:
      Apply({.kind = IntentKind::SetAxis, .value = m_axis == views::TimelineAxis::Events ? 1 : 0});
      return;
    case IntentKind::SetAxis:
      m_axis = intent.value == 0 ? views::TimelineAxis::Events : views::TimelineAxis::Time;
      MarkDirty();
      return;
    default:
      break;
  }
  if (!m_timeline) return;
  const auto direction =
      intent.value < 0 ? walkthrough::Direction::Backward : walkthrough::Direction::Forward;
  bool moved = false;
  switch (intent.kind) {
    case IntentKind::SeekToEvent:
      moved = intent.value >= 0 && m_timeline->Seek(static_cast<uint64_t>(intent.value));
      break;
    case IntentKind::SeekToNextAtLine:
      moved = SeekToNextAtLine(intent.file, static_cast<int>(intent.value));
      break;
    case IntentKind::StepStatement:
      moved = m_timeline->Step(walkthrough::Granularity::Statement, direction);
      break;
    case IntentKind::StepGridStep:
      moved = m_timeline->Step(walkthrough::Granularity::GridStep, direction);
      break;
    case IntentKind::Step:
      moved = m_timeline->Step(GranularityOf(m_step_unit), direction);
      break;
    case IntentKind::JumpToMarker:
      if (const auto moment = MomentOf(intent.arg)) moved = m_timeline->Jump(*moment, direction);
      break;
    case IntentKind::SeekToTime: {
      const uint64_t event = m_recording->EventAtTime(static_cast<double>(intent.value) / 1000.0);
      moved = event != m_timeline->cursor() && m_timeline->Seek(event);
      break;
    }
    case IntentKind::GoToStart:
      moved = m_timeline->Seek(0);
      break;
    case IntentKind::GoToEnd:
      moved = m_timeline->Seek(m_timeline->size() - 1);
      break;
    case IntentKind::SeekToGridStep:
      moved = SeekToGridStep(intent.value);
      break;
    default:
      break;
  }
  if (!moved) return;
  MarkDirty();
  const bool stepped = intent.kind == IntentKind::Step || intent.kind == IntentKind::StepStatement ||
                       intent.kind == IntentKind::StepGridStep;
  if (stepped && direction == walkthrough::Direction::Forward) RevealAsk();  // the next step answers
}

void TourSession::Tick(double seconds) {
  PollRecording();
  if (!m_playing || !m_timeline) return;
  m_play_debt += seconds;
  const double interval = 1.0 / static_cast<double>(m_speed);
  // At most a few steps a frame, so that a slow frame does not turn into a jump.
  for (int i = 0; i < 4 && m_play_debt >= interval; ++i) {
    m_play_debt -= interval;
    if (!m_timeline->Step(GranularityOf(m_step_unit), walkthrough::Direction::Forward)) {
      m_playing = false;
      break;
    }
    MarkDirty();
    RevealAsk();
  }
  m_play_debt = std::min(m_play_debt, interval);
}

// The next event at a line after the cursor, wrapping around to the first: a line of the mirror by its
// statements' sites, a line of the Pallas file by the sites the table maps onto it.
bool TourSession::SeekToNextAtLine(const std::string& file, int line) {
  const walkthrough::Recording& rec = *m_recording;
  const uint64_t cursor = m_timeline->cursor();
  if (m_pallas && file == m_pallas->source().path.string()) {
    const std::vector<std::string> sites = m_pallas->SitesAtLine(line);
    if (sites.empty()) return false;
    for (uint64_t k = 1; k <= rec.EventCount(); ++k) {
      const uint64_t event = (cursor + k) % rec.EventCount();
      if (std::find(sites.begin(), sites.end(), rec.SiteNameOf(event)) != sites.end())
        return m_timeline->Seek(event);
    }
    return false;
  }
  const auto at_line = static_cast<uint32_t>(line);
  auto found = rec.NextAtLine(cursor, file, at_line, walkthrough::Direction::Forward);
  if (!found) found = rec.FirstAtLine(file, at_line);
  return found && m_timeline->Seek(*found);
}

bool TourSession::SeekToGridStep(int64_t step) {
  const walkthrough::Recording& rec = *m_recording;
  const auto first = rec.FirstEventOfStep(rec.LaunchOf(m_timeline->cursor()), step);
  return first && m_timeline->Seek(*first);
}

// ---- [Pictures] ----

void TourSession::SetShownTab(std::optional<DetailTab> tab) {
  if (m_keep_all_heatmaps) return;
  if (!m_all_heatmaps && tab == m_shown_tab) return;
  if (tab == DetailTab::Lanes || tab == DetailTab::Scores) MarkDirty();  // its heatmaps may not be built
  m_all_heatmaps = false;
  m_shown_tab = tab;
}

TourSession::RecordingExtras& TourSession::Extras() {
  return m_extras[m_recording];
}

const TourPictures& TourSession::Pictures() {
  if (m_dirty) Rebuild();
  return m_pictures;
}

void TourSession::Rebuild() {
  m_dirty = false;
  const bool follows_cursor =
      m_tour != nullptr && m_tour->stops[static_cast<std::size_t>(m_stop)].passages.empty();
  if (follows_cursor && m_timeline) {
    // A step's start and its copies belong to the statements that follow; a writeback to those before.
    const tpu::EventKind kind = m_recording->EventAt(m_timeline->cursor()).kind;
    const bool forward = kind != tpu::EventKind::Writeback && kind != tpu::EventKind::StepEnd;
    const tpu::SiteId site = NearestSite(*m_recording, m_timeline->cursor(), forward);
    FollowPassage(site == tpu::kNoSite ? std::string() : tpu::GetSite(site).name);
  }
  m_pictures = TourPictures{};
  m_pictures.revision = ++m_revision;
  m_pictures.passage = m_passage;
  if (m_ask) m_pictures.passage.ask = AskPictureNow();
  m_pictures.scenario = BuildScenarioPictureNow();
  const walkthrough::Passage* passage = m_passage_shown;
  if (!m_timeline) {
    if (m_recording && m_recording->error()) {
      SourceInput input;
      input.passage = passage;
      input.pallas = m_pallas.get();
      input.pallas_missing = m_pallas_problem;
      m_pictures.source = BuildRejectedSourcePicture(*m_recording->error(), input, m_documents);
      m_pictures.rejection = m_recording->error()->Describe();
      m_pictures.suggested_tab = DetailTab::Scenario;
    } else {
      m_pictures.source.empty_message = "This stop has no event to show: " + m_landing_problem;
    }
    return;
  }
  const std::shared_ptr<const walkthrough::Snapshot> snap = m_timeline->Current();
  m_pictures.has_snapshot = true;
  m_pictures.grid = BuildGridPicture(*snap);
  RecordingExtras& extras = Extras();
  if (!extras.yardsticks) extras.yardsticks = MeasureYardsticks(*m_recording);
  const auto launch = static_cast<std::size_t>(snap->launch);
  const Yardsticks& yardsticks = *extras.yardsticks;
  const std::string site = m_recording->SiteNameOf(snap->event_index);
  m_pictures.suggested_tab = SuggestedTab(site);
  if (m_tour != nullptr) m_pictures.stop_show = m_tour->stops[static_cast<std::size_t>(m_stop)].show;
  const auto stop_shows = [&](DetailTab tab) {
    if (!m_pictures.stop_show) return false;
    const std::optional<DetailTab> stop_tab = DetailTabOf(*m_pictures.stop_show);
    return stop_tab.has_value() && *stop_tab == tab;
  };
  const auto wanted = [&](DetailTab tab) {
    return m_all_heatmaps || m_shown_tab == tab || m_pictures.suggested_tab == tab || stop_shows(tab);
  };
  m_pictures.memory = BuildMemoryPicture(
      *snap, *m_recording,
      {.naive = launch < yardsticks.naive.size() ? &yardsticks.naive[launch] : nullptr,
       .bytes_through_step =
           launch < yardsticks.bytes_through_step.size() ? &yardsticks.bytes_through_step[launch] : nullptr},
      wanted(DetailTab::Memory));
  if (wanted(DetailTab::Lanes)) m_pictures.lanes = BuildLanesPicture(*snap);
  if (wanted(DetailTab::Scores)) m_pictures.scores = BuildScoresPicture(*snap);
  if (extras.cost_launch != snap->launch) {
    extras.cost = BuildCostPicture(*m_recording, snap->launch);
    extras.cost_launch = snap->launch;
  }
  m_pictures.cost = extras.cost;
  PlaceCostCursor(m_pictures.cost, *snap);
  m_pictures.grid_moment = IsGridMoment(site);
  m_pictures.timeline = BuildTimelinePicture(*snap, *m_recording, m_markers);
  m_pictures.timeline.playing = m_playing;
  m_pictures.timeline.landing = m_landing_event;
  m_pictures.timeline.speed = m_speed;
  m_pictures.timeline.step_unit = m_step_unit;
  m_pictures.timeline.axis = m_axis;
  if (m_landing_event) m_pictures.timeline.landing_us = m_recording->TimeOfEvent(*m_landing_event);
  const std::optional<MirrorPosition> position = MirrorPositionOf(*snap);
  m_pictures.source =
      BuildSourcePicture({.position = position,
                          .fallback = position ? *position : NearestFile(*m_recording, snap->event_index),
                          .site = site,
                          .passage = passage,
                          .pallas = m_pallas.get(),
                          .pallas_missing = m_pallas_problem},
                         m_documents);
}

}  // namespace tilewalk::session
