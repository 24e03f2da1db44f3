// Snapshot → picture: the pure functions that turn the machine at the cursor (a walkthrough::Snapshot and
// its Recording) into the plain structs the views draw. Nothing here draws or holds state, so each builder
// is tested with a real small recording and no ImGui context.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/session/heatmap_cache.hpp"
#include "app/views/cost_picture.hpp"
#include "app/views/grid_picture.hpp"
#include "app/views/memory_picture.hpp"
#include "app/views/passage_picture.hpp"
#include "app/views/scenario_picture.hpp"
#include "app/views/source_picture.hpp"
#include "app/views/timeline_picture.hpp"
#include "kernels/api/launch_info.hpp"
#include "kernels/api/scenario.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/naive_maps.hpp"
#include "walkthrough/pallas_index.hpp"
#include "walkthrough/passage.hpp"
#include "walkthrough/placeholders.hpp"
#include "walkthrough/snapshot.hpp"
#include "walkthrough/tour.hpp"

namespace tilewalk::session {

// The grid of the snapshot's launch as its LaunchInfo reads it: rows q blocks and columns kv blocks, one
// slice per index of the other axes (flash: batch and head); a launch whose query axis is innermost (dK/dV)
// walks down the columns. Empty without `info`, or for a grid whose slices' steps interleave.
views::GridPicture BuildGridPicture(const walkthrough::Snapshot& snapshot, const kernel::LaunchInfo* info);

// What the memory pane sets the recording's copies against: the naive index maps' blocks and bytes for the
// snapshot's launch, and the recording's own bytes per step. The session computes both once per recording.
struct CopyYardstick {
  const walkthrough::NaiveLaunch* naive = nullptr;            // null: unknown
  const std::vector<uint64_t>* bytes_through_step = nullptr;  // CopiedBytesThroughStep of the launch
};

// The VMEM slots of every input and output of the snapshot's launch, its scratch buffers, each operand's
// HBM array as blocks (the wanted one, those in VMEM, those written), redirects, and bytes against naive.
// `scratch_heatmaps`: false leaves the scratch tiles unpainted (their names and shapes stay), for a Memory
// tab that is not on screen. With a cache, a scratch tile as before is not painted again.
views::MemoryPicture BuildMemoryPicture(const walkthrough::Snapshot& snapshot,
                                        const walkthrough::Recording& recording,
                                        const CopyYardstick& yardstick = {}, bool scratch_heatmaps = true,
                                        HeatmapCache* cache = nullptr);

// Model time: the copies and writebacks the event log holds by `cursor` that the clock has not started by
// `local_us` (from the launch's start) are taken back on a picture built at `cursor`: the slot shows the
// block it held before, not filling, the new block not in VMEM, and an output's block not yet written.
// The log puts a step's prefetch at the step's start and a writeback at its end, ahead of their times.
void UndoCopiesNotStarted(views::MemoryPicture& picture, const walkthrough::Recording& recording,
                          uint64_t cursor, double local_us);

// The estimated cost of one launch of the recording on its scenario's chip: per-step compute, copies and
// bubbles, and the totals. It does not depend on the cursor, so the app builds it once per launch and
// places the cursor on a copy with PlaceCostCursor.
views::CostPicture BuildCostPicture(const walkthrough::Recording& recording, int launch);
void PlaceCostCursor(views::CostPicture& picture, const walkthrough::Snapshot& snapshot);

// What the timeline shows of the whole recording, whatever the cursor: markers by kind, at most one per kind
// per bin of `bins` equal bins, and the grid steps of two-core launches on their cores' lanes. The app
// builds it once per recording.
struct TimelineOverview {
  std::vector<views::TimelineMarker> markers{};
  std::vector<views::TimelineStepBar> core_steps{};
};
TimelineOverview BuildTimelineOverview(const walkthrough::Recording& recording, int bins);
views::TimelinePicture BuildTimelinePicture(const walkthrough::Snapshot& snapshot,
                                            const walkthrough::Recording& recording,
                                            const TimelineOverview& overview);

// Where the snapshot's statement is in the C++ mirror: its file's base name and line, or nullopt for
// pipeline events (copies, writebacks), which have no site.
struct MirrorPosition {
  std::string file{};
  int line = 0;
};
std::optional<MirrorPosition> MirrorPositionOf(const walkthrough::Snapshot& snapshot);

// The text of each file the source pane shows, made into a document once and shared by every picture.
class SourceDocuments {
 public:
  // a C++ mirror file
  std::shared_ptr<const views::SourceDocument> Mirror(const walkthrough::MirrorIndex& mirror,
                                                      const std::string& file);
  std::shared_ptr<const views::SourceDocument> Pallas(const walkthrough::PallasIndex& pallas);

 private:
  std::map<std::string, std::shared_ptr<const views::SourceDocument>> m_documents;  // by file
};

struct SourceInput {
  std::optional<MirrorPosition> position{};  // the executing mirror line, when the event has a statement
  MirrorPosition fallback{};                 // else the statement nearest the event, outlined
  std::string site{};                        // the event's name in the site role table ("" with none)
  const walkthrough::Passage* passage = nullptr;
  const walkthrough::PallasIndex* pallas = nullptr;  // null: no Pallas file
  std::string pallas_missing{};                      // then: why, and how to get one
};

// The Pallas file with the site's lines lit and the passage's range marked, beside the mirror file with
// its line lit (or, at an event of the pipeline itself, nothing lit and a note saying why, scrolled near the
// last statement) and the passage's anchors marked.
views::SourcePicture BuildSourcePicture(const walkthrough::KernelWalk& walk, const SourceInput& input,
                                        SourceDocuments& documents);

// A rejected scenario has no events: both files mark the line that raised, with the error as the note.
views::SourcePicture BuildRejectedSourcePicture(const tpu::KernelError& error,
                                                const walkthrough::KernelWalk& walk, const SourceInput& input,
                                                SourceDocuments& documents);

// What the scenario pane needs besides the scenario itself.
struct ScenarioContext {
  std::vector<std::string> flags{};  // the flags that run: the stop's own or the user's edit
  bool edited = false;
  std::vector<std::string> try_flags{};         // the stop's suggestion
  const tpu::KernelError* rejection = nullptr;  // the error that rejected it, if it was rejected
  std::string rejection_launch{};               // "fwd", or empty for an argument check
  std::string problem{};                        // flags that could not be read, a landing the edit lacks
};
// Every setting of `scenario` as an editable field, grouped (shapes, flags, numbers and chip, the blocks of
// each launch); the rejection in words, with its phase.
views::ScenarioPicture BuildScenarioPicture(const kernel::Scenario& scenario, const ScenarioContext& context);

struct StopContext {
  std::string tour_title{};
  int stop_number = 0, stop_count = 0;  // 1-based
  const walkthrough::TourStop* stop = nullptr;
  const walkthrough::Passage* passage = nullptr;  // the stop's first passage, if it exists
  std::string landing_problem{};                  // why the stop does not land, if it does not
  bool edited = false;  // the scenario is the learner's: a paragraph counting a figure it lacks says so
};
// Narration and passage body with their placeholders filled from `placeholders` (null: left as written).
views::PassagePicture BuildPassagePicture(const StopContext& context,
                                          walkthrough::PlaceholderSource* placeholders);

}  // namespace tilewalk::session
