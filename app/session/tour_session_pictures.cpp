// The tour session's pictures: rebuilt from the snapshot at the cursor whenever something changed, the
// costly heatmaps only for the detail tab on screen or the one the statement asks for.
#include <filesystem>

#include "app/session/tour_session.hpp"

#include "app/session/motion_pictures.hpp"
#include "app/session/stop_focus.hpp"

namespace tilewalk::session {
namespace {

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

}  // namespace

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
  if (m_dirty) {
    Rebuild();
  } else if (m_motion_dirty) {
    ApplyMotion();
  }
  return m_pictures;
}

const walkthrough::ModelTime& TourSession::ModelClock() {
  RecordingExtras& extras = Extras();
  if (!extras.time) extras.time = std::make_unique<walkthrough::ModelTime>(*m_recording);
  return *extras.time;
}

// In model time: the pipeline chart around the clock, and what moves at that instant on the grid and in
// Memory. By steps the pictures stay as the event at the cursor leaves them.
void TourSession::ApplyMotion() {
  m_motion_dirty = false;
  if (!m_timeline || m_clock != views::PlayClock::ModelTime) return;
  const walkthrough::ModelInstant instant = ModelClock().At(m_play_us);
  views::TimelinePicture& timeline = m_pictures.timeline;
  timeline.pipeline = BuildPipelineChart(ModelClock(), instant, *m_recording);
  timeline.cursor_us = instant.time_us;
  AddGridMotion(m_pictures.grid, instant, *m_recording);
  m_pictures.memory = m_memory_at_cursor;  // motion takes back copies not yet started: from the built one
  AddMemoryMotion(m_pictures.memory, instant, *m_recording);
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
  if (!m_timeline) {
    BuildPicturesWithoutEvent();
    return;
  }
  const std::shared_ptr<const walkthrough::Snapshot> snap = m_timeline->Current();
  m_pictures.has_snapshot = true;
  m_pictures.grid =
      BuildGridPicture(*snap, m_recording->launches()[static_cast<std::size_t>(snap->launch)].info);
  const std::string site = m_recording->SiteNameOf(snap->event_index);
  // Playing in model time the cursor crosses several statements a frame: the detail pane stays on Memory,
  // where the copies move, rather than turning to each statement's tab.
  const bool timed_playback = m_playing && m_clock == views::PlayClock::ModelTime;
  m_pictures.suggested_tab =
      timed_playback ? DetailTab::Memory : SuggestedTab(site, m_recording->walk().sites);
  m_pictures.grid_moment = !timed_playback && IsGridMoment(site, m_recording->walk().sites);
  if (m_tour != nullptr) m_pictures.stop_show = m_tour->stops[static_cast<std::size_t>(m_stop)].show;
  BuildDetailPictures(*snap);
  BuildTimelineAndSource(*snap, site);
  if (m_tour != nullptr) FocusPictures(m_pictures, m_tour->stops[static_cast<std::size_t>(m_stop)].focus);
  m_memory_at_cursor = m_pictures.memory;
  ApplyMotion();
}

// A stop with no event: its rejected scenario's error, or why it could not land.
void TourSession::BuildPicturesWithoutEvent() {
  if (m_recording && m_recording->error()) {
    SourceInput input;
    input.passage = m_passage_shown;
    input.pallas = m_pallas.get();
    input.pallas_missing = m_pallas_problem;
    m_pictures.source =
        BuildRejectedSourcePicture(*m_recording->error(), m_recording->walk(), input, m_documents);
    m_pictures.rejection = m_recording->error()->Describe();
    m_pictures.suggested_tab = DetailTab::Scenario;
  } else {
    m_pictures.source.empty_message = "This stop has no event to show: " + m_landing_problem;
  }
}

void TourSession::BuildDetailPictures(const walkthrough::Snapshot& snap) {
  RecordingExtras& extras = Extras();
  if (!extras.yardsticks) extras.yardsticks = MeasureYardsticks(*m_recording);
  const auto launch = static_cast<std::size_t>(snap.launch);
  const Yardsticks& yardsticks = *extras.yardsticks;
  const auto stop_shows = [&](DetailTab tab) {
    if (!m_pictures.stop_show) return false;
    const std::optional<DetailTab> stop_tab = DetailTabOf(*m_pictures.stop_show);
    return stop_tab.has_value() && *stop_tab == tab;
  };
  const auto wanted = [&](DetailTab tab) {
    return m_all_heatmaps || m_shown_tab == tab || m_pictures.suggested_tab == tab || stop_shows(tab);
  };
  m_pictures.memory = BuildMemoryPicture(
      snap, *m_recording,
      {.naive = launch < yardsticks.naive.size() ? &yardsticks.naive[launch] : nullptr,
       .bytes_through_step =
           launch < yardsticks.bytes_through_step.size() ? &yardsticks.bytes_through_step[launch] : nullptr},
      wanted(DetailTab::Memory), &m_heatmaps);
  const int q_len = QueryLength(*m_recording, snap.launch);
  if (wanted(DetailTab::Lanes)) m_pictures.lanes = BuildLanesPicture(snap, &m_heatmaps, q_len);
  if (wanted(DetailTab::Scores)) m_pictures.scores = BuildScoresPicture(snap, q_len);
  if (extras.cost_launch != snap.launch) {
    extras.cost = BuildCostPicture(*m_recording, snap.launch);
    extras.cost_launch = snap.launch;
  }
  m_pictures.cost = extras.cost;
  PlaceCostCursor(m_pictures.cost, snap);
}

void TourSession::BuildTimelineAndSource(const walkthrough::Snapshot& snap, const std::string& site) {
  m_pictures.timeline = BuildTimelinePicture(snap, *m_recording, m_overview);
  m_pictures.timeline.playing = m_playing;
  m_pictures.timeline.landing = m_landing_event;
  m_pictures.timeline.speed = m_speed;
  m_pictures.timeline.clock = m_clock;
  m_pictures.timeline.rate_us = m_rate_us;
  m_pictures.timeline.step_unit = m_step_unit;
  m_pictures.timeline.axis = m_axis;
  if (m_landing_event) m_pictures.timeline.landing_us = m_recording->TimeOfEvent(*m_landing_event);
  const std::optional<MirrorPosition> position = MirrorPositionOf(snap);
  m_pictures.source =
      BuildSourcePicture(m_recording->walk(),
                         {.position = position,
                          .fallback = position ? *position : NearestFile(*m_recording, snap.event_index),
                          .site = site,
                          .passage = m_passage_shown,
                          .pallas = m_pallas.get(),
                          .pallas_missing = m_pallas_problem},
                         m_documents);
}

}  // namespace tilewalk::session
