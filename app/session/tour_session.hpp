// The app's model of a tour in progress: the library, the recording of each stop's scenario, the one
// timeline whose cursor every pane follows, and playback. Views hand it intents; it applies them to the
// cursor and rebuilds the pictures when the cursor moves. When the library has no tour to show (or the
// tour asked for is missing), it says why and the app shows the gallery instead.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "app/session/detail_tab.hpp"
#include "app/session/heatmap_builders.hpp"
#include "app/session/library_loader.hpp"
#include "app/session/picture_builders.hpp"
#include "app/session/recording_job.hpp"
#include "app/session/yardsticks.hpp"
#include "app/views/play_rate.hpp"
#include "app/views/view_intent.hpp"
#include "kernels/api/kernel.hpp"
#include "walkthrough/model_time.hpp"
#include "walkthrough/stop_landing.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::session {

struct SessionOptions {
  std::optional<std::filesystem::path> library_folder{};  // null: the passages and tours built in
  std::string tour{};                                     // empty: the default tour
  // --kernel: the tour is looked for in this kernel's library, and its default tour is the default; null:
  // a tour of any kernel (the default kernel's first), and the default kernel's default tour.
  const kernel::Kernel* kernel = nullptr;
  int stop = 1;                                          // 1-based
  std::optional<std::filesystem::path> pallas_source{};  // --pallas-source
  // Given: no tour, but one stop over this scenario, landing on the first launch; the passage pane then
  // follows the cursor, showing the passage that explains the statement at hand.
  std::optional<kernel::Scenario> scenario{};
  // Apply and Try record on a worker thread (the window); false: at once, on the caller's (tests, export).
  bool background_recording = false;
  // Asked between grid steps of the recordings made on the caller's thread; true stops them (export's
  // Ctrl-C). A stop whose recording was stopped shows no event.
  std::function<bool()> cancelled{};
  // Told after each grid step of those recordings: steps done and steps in all launches (export's
  // progress line while it plans).
  std::function<void(int64_t done, int64_t total)> recording_progress{};
  // Build every heatmap of every picture whatever tab is shown (SetShownTab changes nothing): an export
  // that writes each pane's picture needs them all.
  bool all_heatmaps = false;
};

struct TourPictures {
  views::GridPicture grid;
  views::SourcePicture source;
  views::PassagePicture passage;
  views::MemoryPicture memory;
  views::LanesPicture lanes;
  views::ScoresPicture scores;
  views::CostPicture cost;
  views::ScenarioPicture scenario;  // drawn with or without a snapshot: a rejected scenario is edited here
  std::optional<DetailTab> suggested_tab{};  // the tab the cursor's statement belongs to
  // The picture the tour stop declares (`show:`): it stays while the cursor moves inside the stop, until
  // the user picks another tab. Unset outside a tour.
  std::optional<walkthrough::StopPane> stop_show{};
  bool grid_moment = false;  // the event is the grid's: a step begins or ends, a branch decides (classroom
                             // mode then shows the grid rather than a detail tab)
  uint64_t revision = 0;     // changes whenever the pictures are rebuilt, so textures know to re-upload
  views::TimelinePicture timeline;
  bool has_snapshot = false;  // false: the stop has no event (a rejected scenario); only the passage is real
  std::string rejection{};    // the rejected scenario's error, when there is one
};

// A tour of the library as a picker lists it.
struct TourSummary {
  std::string id, title;
  const kernel::Kernel* kernel = nullptr;  // the kernel its stops run
  int question = 0;                        // 0: none
  int stops = 0;
  bool is_default = false;
};

class TourSession {
 public:
  explicit TourSession(const SessionOptions& options);

  bool HasTour() const { return m_tour != nullptr; }
  const std::string& fallback_message() const { return m_fallback_message; }  // why there is no tour
  const std::vector<std::string>& library_problems() const { return m_library_problems; }
  // Why no Pallas file is shown (not found, or named and unusable); empty when one is.
  const std::string& pallas_problem() const { return m_pallas_problem; }
  // No Pallas file was named and none was found: the usual case, which export does not warn about.
  bool pallas_missing() const { return m_pallas_missing; }
  const walkthrough::PallasIndex* pallas() const { return m_pallas.get(); }
  int stop_index() const { return m_stop; }  // 0-based
  std::string tour_id() const { return m_tour == nullptr ? std::string() : m_tour->id; }
  // The kernel the tour (or the scenario) runs; with no tour, the one asked for, else the default kernel.
  const kernel::Kernel& kernel() const { return *m_kernel; }
  std::vector<TourSummary> TourSummaries() const;  // every tour of the library, in its order
  int stop_count() const;
  bool playing() const { return m_playing; }
  float speed() const { return m_speed; }
  views::PlayClock play_clock() const { return m_clock; }
  double play_rate_us() const { return m_rate_us; }  // model time: µs of TPU time per second
  double play_time_us() const { return m_play_us; }  // where the model-time clock is
  views::StepUnit step_unit() const { return m_step_unit; }
  views::TimelineAxis axis() const { return m_axis; }
  std::optional<uint64_t> cursor() const;

  void GoToStop(int index);
  // Records `flags` (through the stop lander, as every stop's scenario is) and lands on the stop's moment in
  // it, or at the start when it lacks that moment. Flags that cannot be read leave everything as it was and
  // are reported in the scenario picture.
  // With background_recording the recording runs on a worker thread, the old recording stays on screen
  // until the new one is ready, and a recording under way is cancelled by another edit or a stop change.
  void RunScenario(std::vector<std::string> flags);
  bool recording_in_progress() const { return m_job != nullptr || m_pending.has_value(); }
  int recording_percent() const;         // of the grid steps; 0 when none is under way
  std::string recording_status() const;  // "recording… 42 %", or empty
  void CancelRecording();                // keeps what is on screen
  std::size_t cached_recording_bytes() const { return m_lander.cached_bytes(); }
  const std::vector<std::string>& scenario_flags() const { return m_flags; }
  bool scenario_edited() const { return m_edited; }
  void Apply(const views::Intent& intent);
  // Advances playback by `seconds` of wall time: one step of the step unit per 1/speed seconds, or, in model
  // time, the clock by seconds × rate with the cursor on the statement computing then; stops at the end.
  void Tick(double seconds);

  const TourPictures& Pictures();  // rebuilt only when something changed
  // The detail tab on screen, if any. The heatmaps of Lanes and of Scores, the costliest pictures, are built
  // only for the tab shown or the one the statement at the cursor asks for; until this is called, always.
  void SetShownTab(std::optional<DetailTab> tab);

  // For headless export, which plans its frames over the same recording and describes each one.
  const walkthrough::Tour* tour() const { return m_tour; }
  bool is_scenario() const { return m_scenario_tour.has_value(); }  // SessionOptions::scenario, not a tour
  std::shared_ptr<const walkthrough::Recording> recording() const { return m_recording; }
  std::optional<uint64_t> landing_event() const { return m_landing_event; }
  std::shared_ptr<const walkthrough::Snapshot> Current() const;  // null when the stop has no event
  const walkthrough::Passage* CurrentPassage() const;            // the passage the pane shows, if any

 private:
  void MarkDirty() { m_dirty = true; }
  void Land(const walkthrough::StopLanding& landing);
  void FinishScenario(const walkthrough::StopLanding& landing, std::vector<std::string> flags);
  void PollRecording();
  struct RecordingExtras;
  RecordingExtras& Extras();  // of m_recording
  views::ScenarioPicture BuildScenarioPictureNow() const;
  bool ApplySetting(const views::Intent& intent);  // false: the intent moves the cursor
  bool ApplyPlaybackSetting(const views::Intent& intent);
  void TickModelTime(double seconds);
  void ApplyMotion();                          // the pictures' model-time parts, at m_play_us
  const walkthrough::ModelTime& ModelClock();  // of m_recording, built once
  bool MoveCursor(const views::Intent& intent, walkthrough::Direction direction);  // true: it moved
  void TryStopSuggestion();
  bool SeekToNextAtLine(const std::string& file, int line);
  bool SeekToGridStep(int64_t step);
  void Rebuild();
  void BuildPicturesWithoutEvent();
  void BuildDetailPictures(const walkthrough::Snapshot& snap);
  void BuildTimelineAndSource(const walkthrough::Snapshot& snap, const std::string& site);
  void BuildStopPassage(const walkthrough::Passage* passage);
  walkthrough::PlaceholderSource* Placeholders();  // the current recording's; null without one
  void PrepareAsk(const walkthrough::TourStop& stop);
  void RevealAsk();
  views::AskPicture AskPictureNow() const;
  void FollowPassage(const std::string& site);

  LoadedLibrary m_loaded;
  const kernel::Kernel* m_kernel = nullptr;
  const walkthrough::Library* m_library = nullptr;  // m_kernel's; null: it has no passages or tours
  const walkthrough::Tour* m_tour = nullptr;
  std::optional<walkthrough::Tour> m_scenario_tour;  // SessionOptions::scenario's one-stop tour
  std::string m_fallback_message;
  std::vector<std::string> m_library_problems;
  std::shared_ptr<const walkthrough::PallasIndex> m_pallas;  // resolved once, shared by the pictures
  std::string m_pallas_problem;
  bool m_pallas_missing = false;
  SourceDocuments m_documents;

  walkthrough::StopLander m_lander;
  std::function<bool()> m_cancelled;                           // SessionOptions::cancelled
  std::function<void(int64_t, int64_t)> m_recording_progress;  // SessionOptions::recording_progress
  int m_stop = 0;
  std::vector<std::string> m_flags;  // the scenario that runs at this stop: its own, or the user's edit
  bool m_edited = false;
  std::string m_scenario_problem;  // why the last edit could not be read
  std::string m_landing_problem;
  std::optional<uint64_t> m_landing_event;      // where the current stop landed
  std::optional<walkthrough::AskReveal> m_ask;  // the stop's question, filled from the recording
  int m_ask_pick = -1;                          // the learner's choice, -1 for none yet
  bool m_ask_revealed = false;                  // stepped on from the question: the answer shows
  std::shared_ptr<const walkthrough::Recording> m_recording;
  std::unique_ptr<walkthrough::Timeline> m_timeline;  // null when the stop has no event to land on
  TimelineOverview m_overview;                        // of m_recording: markers and core lanes
  // What the session derives from a recording, kept while the recording lives: an entry goes with the
  // last shared pointer to its recording (the lander may evict it), never to a reused address.
  struct RecordingExtras {
    std::unique_ptr<walkthrough::PlaceholderSource> placeholders;
    std::optional<Yardsticks> yardsticks;
    views::CostPicture cost;  // of one launch, without the cursor
    int cost_launch = -1;
    std::unique_ptr<walkthrough::ModelTime> time;  // built when playback first asks
  };
  std::map<std::weak_ptr<const walkthrough::Recording>, RecordingExtras, std::owner_less<>> m_extras;
  std::unique_ptr<RecordingJob> m_job;  // an edit being recorded; declared after m_lander, which it uses
  // Cancelled jobs still finishing their grid step: joined once finished, so that a cancel never waits.
  std::vector<std::unique_ptr<RecordingJob>> m_retired;
  // The newest edit, waiting for the cancelled job to stop before it starts: one recording thread at a
  // time, however fast edits come, and each new edit replaces the one waiting.
  struct PendingRecording {
    walkthrough::TourStop stop;
    std::vector<std::string> flags;
  };
  std::optional<PendingRecording> m_pending;
  void RetireJob();  // cancels the job and drops the edit waiting
  void StartPendingJob();

  bool m_background_recording = false;
  bool m_keep_all_heatmaps = false;  // SessionOptions::all_heatmaps
  bool m_playing = false;
  float m_speed = 8.0f;  // steps per second, in m_step_unit
  views::StepUnit m_step_unit = views::StepUnit::Statement;
  views::TimelineAxis m_axis = views::TimelineAxis::Events;
  double m_play_debt = 0.0;  // seconds of playback not yet turned into steps
  views::PlayClock m_clock = views::PlayClock::Steps;
  double m_rate_us = views::kDefaultPlayRate;
  double m_play_us = 0.0;       // the model-time clock: the cursor's event's start, or where playback is
  bool m_motion_dirty = false;  // m_play_us moved but the cursor did not: only the motion is redrawn

  bool m_all_heatmaps = true;  // SetShownTab was never called, or SessionOptions::all_heatmaps
  HeatmapCache m_heatmaps;     // of values and buffers the pictures showed lately
  std::optional<DetailTab> m_shown_tab;
  bool m_dirty = true;
  TourPictures m_pictures;
  views::MemoryPicture m_memory_at_cursor;  // as built at the cursor, before model time's motion
  uint64_t m_revision = 0;
  views::PassagePicture m_passage;  // of the stop, filled once when the stop is entered
  const walkthrough::Passage* m_passage_shown = nullptr;
  std::string m_followed_site;  // the site the followed passage was looked up for
  std::map<std::string, const walkthrough::Passage*> m_passage_at_site;
};

}  // namespace tilewalk::session
