// The gallery's exhibits: the canned pictures, and variants of them for the states a view must also get
// right (a raised error, a missing file, a skipped copy, the time axis, playback).
#include "app/views/gallery_exhibits.hpp"

#include <utility>

namespace tilewalk::views {
namespace {

SourcePicture SourceWithError() {
  SourcePicture p = CannedSourcePicture();
  p.cpp->lit_lines.clear();
  p.cpp->error_line = 6;
  p.cpp->note = "ValueError while tracing: block_k=64 must be a multiple of 128 (raised here)";
  p.python->lit_lines.clear();
  return p;
}

SourcePicture SourceWithoutPallas() {
  SourcePicture p = CannedSourcePicture();
  p.python.reset();
  p.python_missing =
      "No Pallas file: give one with --pallas-source PATH or TILEWALK_PALLAS_SOURCE, or download the pinned "
      "one with 'tilewalk source fetch', to show flash_attention.py beside the mirror.";
  return p;
}

PassagePicture PassageWithQuestion(bool revealed) {
  PassagePicture p = CannedPassagePicture();
  p.ask =
      AskPicture{.question = "How many grid steps do arithmetic?",
                 .choices = {"16", "10", "6", "4"},
                 .picked = revealed ? 1 : -1,
                 .revealed = revealed,
                 .correct = 1,
                 .recorded = "10",
                 .explanation = "Six of the sixteen steps lie above the diagonal and skip their arithmetic."};
  return p;
}

MemoryPicture MemoryWithSkippedCopy() {
  MemoryPicture p = CannedMemoryPicture();
  p.copy_in_flight = "q (0,0,1,0) (skipped: already in slot 0)";
  p.redirect.clear();
  p.inputs[2].hbm.naive = -1;
  return p;
}

TimelinePicture TimelineOnTimeAxis(bool playing) {
  TimelinePicture p = CannedTimelinePicture();
  p.axis = TimelineAxis::Time;
  p.playing = playing;
  return p;
}

LanesPicture LanesOfFirstBlock() {
  LanesPicture p = CannedLanesPicture();
  p.has_alpha = false;
  p.rows_rescaled = 0;
  return p;
}

CostPicture CostWithCursorAt(int step) {
  CostPicture p = CannedCostPicture();
  p.current_step = step;
  if (step >= 0 && static_cast<std::size_t>(step) < p.steps.size())
    p.cursor_us = p.steps[static_cast<std::size_t>(step)].start_us;
  return p;
}

ScenarioPicture ScenarioWithSuggestion() {
  ScenarioPicture p = CannedScenarioPicture();
  p.rejection.clear();
  p.try_words = "block_k = 64";
  return p;
}

template <typename Picture>
GalleryExhibit Exhibit(GalleryView view, std::string state, std::string builder, std::string slug,
                       Picture picture) {
  return {.view = view,
          .state = std::move(state),
          .builder = std::move(builder),
          .slug = std::move(slug),
          .picture = std::move(picture)};
}

}  // namespace

const char* GalleryViewName(GalleryView view) {
  switch (view) {
    case GalleryView::Grid:
      return "Grid view";
    case GalleryView::Source:
      return "Source view";
    case GalleryView::Passage:
      return "Passage view";
    case GalleryView::Memory:
      return "Memory view";
    case GalleryView::Timeline:
      return "Timeline view";
    case GalleryView::Lanes:
      return "Lanes view";
    case GalleryView::Scores:
      return "Scores view";
    case GalleryView::Cost:
      return "Cost view";
    case GalleryView::Scenario:
      break;
  }
  return "Scenario view";
}

std::vector<GalleryExhibit> GalleryExhibits(const std::vector<CannedGridSpec>& grids) {
  using V = GalleryView;
  std::vector<GalleryExhibit> all;
  const char* grid_slugs[] = {"grid-forward-causal", "grid-dkv-causal", "grid-batch-of-two", "grid-summary",
                              "grid-two-cores"};
  for (std::size_t i = 0; i < grids.size(); ++i)
    all.push_back(
        Exhibit(V::Grid, grids[i].title, "MakeGridPicture(CannedGridSpecs()[" + std::to_string(i) + "])",
                i < std::size(grid_slugs) ? grid_slugs[i] : "grid-" + std::to_string(i), GridExhibit{i}));
  all.push_back(Exhibit(V::Source, "the statement at the cursor lit in both files", "CannedSourcePicture()",
                        "source-lit", CannedSourcePicture()));
  all.push_back(Exhibit(V::Source, "a scenario rejected: the raising line",
                        "CannedSourcePicture(), error_line set", "source-error", SourceWithError()));
  all.push_back(Exhibit(V::Source, "no Pallas file on this machine", "CannedSourcePicture(), python reset",
                        "source-no-pallas", SourceWithoutPallas()));
  all.push_back(Exhibit(V::Passage, "a tour stop's narration and passage", "CannedPassagePicture()",
                        "passage-stop", CannedPassagePicture()));
  all.push_back(Exhibit(V::Passage, "a question before the reveal", "CannedPassagePicture(), ask set",
                        "passage-question", PassageWithQuestion(false)));
  all.push_back(Exhibit(V::Passage, "the question answered", "CannedPassagePicture(), ask revealed",
                        "passage-answer", PassageWithQuestion(true)));
  all.push_back(Exhibit(V::Memory, "a copy landing while v is redirected", "CannedMemoryPicture()",
                        "memory-copy-landing", CannedMemoryPicture()));
  all.push_back(Exhibit(V::Memory, "a skipped copy: the block is already in its slot",
                        "CannedMemoryPicture(), copy skipped", "memory-skipped-copy",
                        MemoryWithSkippedCopy()));
  all.push_back(Exhibit(V::Timeline, "three launches, events axis", "CannedTimelinePicture()",
                        "timeline-events", CannedTimelinePicture()));
  all.push_back(Exhibit(V::Timeline, "the cost model's time axis", "CannedTimelinePicture(), axis Time",
                        "timeline-time", TimelineOnTimeAxis(false)));
  all.push_back(Exhibit(V::Timeline, "playing", "CannedTimelinePicture(), playing", "timeline-playing",
                        TimelineOnTimeAxis(true)));
  all.push_back(Exhibit(V::Lanes, "m, l and alpha of a 128-row block", "CannedLanesPicture()", "lanes",
                        CannedLanesPicture()));
  all.push_back(Exhibit(V::Lanes, "the first kv block: nothing to rescale yet",
                        "CannedLanesPicture(), no alpha", "lanes-first-block", LanesOfFirstBlock()));
  all.push_back(Exhibit(V::Scores, "a diagonal block after the causal mask", "CannedScoresPicture()",
                        "scores", CannedScoresPicture()));
  all.push_back(Exhibit(
      V::Scores, "before the first matmul: no scores yet", "ScoresPicture{.empty_message}", "scores-none-yet",
      ScoresPicture{.empty_message = "No scores yet: the first matmul of this block has not run."}));
  all.push_back(Exhibit(V::Cost, "eight steps, three skipped, one bubble", "CannedCostPicture()", "cost",
                        CannedCostPicture()));
  all.push_back(Exhibit(V::Cost, "the cursor on the first step", "CannedCostPicture(), current_step 0",
                        "cost-first-step", CostWithCursorAt(0)));
  all.push_back(Exhibit(V::Scenario, "an edit rejected while tracing", "CannedScenarioPicture()",
                        "scenario-rejected", CannedScenarioPicture()));
  all.push_back(Exhibit(V::Scenario, "the stop's scenario with a suggestion to try",
                        "CannedScenarioPicture(), try_words set", "scenario-try", ScenarioWithSuggestion()));
  return all;
}

}  // namespace tilewalk::views
