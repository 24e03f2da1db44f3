#include "app/export/frame_description.hpp"

#include <filesystem>

#include "kernels/tpu/events.hpp"

namespace tilewalk::app {
namespace {

// "fwd grid step 24 of 64 (0, 0, 2, 7), which does no arithmetic" for the first event of a step.
std::string DescribeStepStart(const walkthrough::Recording& rec, const walkthrough::Snapshot& snap) {
  const bool ran = rec.StepRan(snap.launch, snap.step);
  return snap.launch_name + " grid step " + std::to_string(snap.step + 1) + " of " +
         std::to_string(rec.StepCount(snap.launch)) + " " + snap.grid_index.ToString() +
         (ran ? "" : ", which does no arithmetic");
}

}  // namespace

ManifestFrame DescribeFrame(session::TourSession& session, std::string file) {
  ManifestFrame frame{.file = std::move(file), .stop = session.stop_index() + 1};
  const session::TourPictures& pictures = session.Pictures();
  const walkthrough::TourStop& stop = session.tour()->stops[static_cast<std::size_t>(session.stop_index())];
  if (const walkthrough::Passage* passage = session.CurrentPassage()) {
    frame.passage = passage->id;
    frame.pallas_first = passage->pallas.hint_first;
    frame.pallas_last = passage->pallas.hint_last;
  }
  const std::string title = session.is_scenario() ? std::string() : stop.title;
  const auto snapshot = session.Current();
  if (!snapshot) {
    frame.rejection = pictures.rejection;
    frame.caption = title.empty() ? "The scenario is rejected" : title + ": the scenario is rejected";
    return frame;
  }
  frame.event = snapshot->event_index;
  frame.launch = snapshot->launch_name;
  frame.grid_index.assign(snapshot->grid_index.begin(), snapshot->grid_index.end());
  frame.step = snapshot->step;
  frame.event_kind = std::string(tpu::EventKindName(snapshot->event.kind));
  frame.site = snapshot->site.name;
  if (snapshot->site.line > 0) {
    frame.cpp_file = std::filesystem::path(snapshot->site.file).filename().string();
    frame.cpp_line = static_cast<int>(snapshot->site.line);
  }
  frame.estimated_us = snapshot->clock_us;
  const std::string where = snapshot->launch_name + " step " + snapshot->grid_index.ToString();
  const std::string what = snapshot->event.kind == tpu::EventKind::StepBegin
                               ? DescribeStepStart(*session.recording(), *snapshot)
                               : pictures.timeline.statement + ", " + where;
  frame.caption = title.empty() ? what : title + ": " + what;
  return frame;
}

}  // namespace tilewalk::app
