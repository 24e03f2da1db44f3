#include "app/export/frame_description.hpp"

#include <algorithm>
#include <filesystem>

#include "app/trace/trace_json.hpp"
#include "kernels/tpu/events.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/plain_text.hpp"

namespace tilewalk::app {
namespace {

// A caption is one line under a figure: the stop's title and the first sentence of its narration.
constexpr std::size_t kCaptionSentence = 200;

// "fwd grid step 24 of 64 (0, 0, 2, 7), which does no arithmetic" for the first event of a step.
std::string DescribeStepStart(const walkthrough::Recording& rec, const walkthrough::Snapshot& snap) {
  const bool ran = rec.StepRan(snap.launch, snap.step);
  return snap.launch_name + " grid step " + std::to_string(snap.step + 1) + " of " +
         std::to_string(rec.StepCount(snap.launch)) + " " + snap.grid_index.ToString() +
         (ran ? "" : ", which does no arithmetic");
}

std::string WithoutIndent(std::string_view line) {
  const std::size_t first = line.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const std::size_t last = line.find_last_not_of(" \t\r");
  return std::string(line.substr(first, last - first + 1));
}

// "Title. First sentence of the narration." A stop without narration (a scenario's) is captioned by the
// passage on screen, and a frame with neither by `fallback`, the event in words.
std::string Caption(const std::string& title, const views::PassagePicture& passage,
                    const std::string& fallback) {
  const std::string sentence =
      walkthrough::FirstSentence(walkthrough::PlainText(passage.narration), kCaptionSentence);
  if (sentence.empty()) return !passage.passage_title.empty() ? passage.passage_title : fallback;
  if (title.empty()) return sentence;
  const char last = title.back();
  const bool closed = last == '.' || last == '?' || last == '!' || last == ':';
  return title + (closed ? " " : ". ") + sentence;
}

// The Pallas line the event runs, as the source pane lights it (and as the trace's `pallas_line` says).
ManifestCodeLine PallasLine(const walkthrough::PallasIndex* pallas, const walkthrough::Recording& rec,
                            std::uint64_t event) {
  if (pallas == nullptr) return {};
  const std::vector<int> lit = pallas->LitLines(rec.SiteNameOf(event));
  if (lit.empty() || lit.front() < 1 || static_cast<std::size_t>(lit.front()) > pallas->lines().size())
    return {};
  return {.file = pallas->source().path.filename().string(),
          .line = lit.front(),
          .text = WithoutIndent(pallas->lines()[static_cast<std::size_t>(lit.front() - 1)])};
}

std::string MirrorLineText(const walkthrough::MirrorIndex& mirror, const std::string& file, int line) {
  const std::vector<std::string_view> lines = mirror.Lines(file);
  if (line < 1 || static_cast<std::size_t>(line) > lines.size()) return {};
  return WithoutIndent(lines[static_cast<std::size_t>(line - 1)]);
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
    frame.event_text = "the scenario is rejected";
    frame.caption =
        Caption(title, pictures.passage,
                title.empty() ? "The scenario is rejected" : title + ": the scenario is rejected");
    frame.alt = frame.caption;
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
    frame.cpp_text = MirrorLineText(session.recording()->walk().mirror, frame.cpp_file, frame.cpp_line);
  }
  frame.estimated_us = snapshot->clock_us;
  const walkthrough::Recording& recording = *session.recording();
  frame.pallas = PallasLine(session.pallas(), recording, snapshot->event_index);
  frame.event_fields = EventJson(recording, snapshot->event_index, session.pallas());
  const std::string where = snapshot->launch_name + " step " + snapshot->grid_index.ToString();
  frame.event_text = snapshot->event.kind == tpu::EventKind::StepBegin
                         ? DescribeStepStart(recording, *snapshot)
                         : pictures.timeline.statement + ", " + where;
  const std::string fallback = title.empty() ? frame.event_text : title + ": " + frame.event_text;
  frame.caption = Caption(title, pictures.passage, fallback);
  frame.alt = frame.caption;
  return frame;
}

void DescribeStopText(session::TourSession& session, ManifestStop& stop) {
  const views::PassagePicture& shown = session.Pictures().passage;
  // The same at every frame of a stop: placeholders are filled from the stop's recording, not the cursor.
  stop.narration = {.markdown = shown.narration, .plain = walkthrough::PlainText(shown.narration)};
  stop.dwell_seconds = walkthrough::ReadingSeconds(stop.narration.plain);
  stop.problem = shown.problem;
  const walkthrough::Passage* passage = session.CurrentPassage();
  if (passage == nullptr) return;
  const bool known = std::any_of(stop.passages.begin(), stop.passages.end(),
                                 [&](const ManifestPassage& p) { return p.id == passage->id; });
  if (known) return;
  stop.passages.push_back(
      {.id = passage->id,
       .title = shown.passage_title,
       .body = {.markdown = shown.passage_body, .plain = walkthrough::PlainText(shown.passage_body)}});
}

}  // namespace tilewalk::app
