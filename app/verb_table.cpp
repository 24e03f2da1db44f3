#include "app/verb_table.hpp"

#include <algorithm>
#include <array>

#include "app/check/check_verb.hpp"
#include "app/export/export_verb.hpp"
#include "app/gui/gui_verb.hpp"
#include "app/kernels/kernels_verb.hpp"
#include "app/trace/trace_verb.hpp"
#include "app/walk/anchors_verb.hpp"
#include "app/walk/source_verb.hpp"
#include "app/walk/walk_verbs.hpp"

namespace tilewalk::app {

// One row per verb, in the order `tilewalk --help` lists them.
std::span<const Verb> VerbTable() {
  static const std::array verbs{
      Verb{.name = "gui",
           .summary = "Open the interactive window (the default when no verb is given)",
           .synopsis = kGuiSynopsis,
           .options = GuiHelp,
           .run = RunGuiVerb},
      Verb{.name = "check",
           .summary = "Run a training step on the TPU model and compare it with the dense reference",
           .synopsis = kCheckSynopsis,
           .options = CheckHelp,
           .run = RunCheckVerb},
      Verb{.name = "trace",
           .summary = "Record a scenario and write its event log as JSON for the web explainer",
           .synopsis = kTraceSynopsis,
           .options = TraceHelp,
           .run = RunTraceVerb},
      Verb{.name = "export",
           .summary = "Draw a tour or a scenario into PNG frames with a manifest, an HTML player or a video",
           .synopsis = kExportSynopsis,
           .options = ExportHelp,
           .run = RunExportVerb},
      Verb{.name = "kernels",
           .summary = "List the kernels: their launches, scenario flags and the Pallas file each mirrors",
           .synopsis = kKernelsSynopsis,
           .options = KernelsHelp,
           .run = RunKernelsVerb},
      Verb{.name = "anchors",
           .summary = "Show where every passage lands in the real Pallas file, and the regions covered",
           .synopsis = kAnchorsSynopsis,
           .options = AnchorsHelp,
           .run = RunAnchorsVerb},
      Verb{.name = "source",
           .summary = "Say which Pallas file of a kernel is used and why; fetch the pinned one",
           .synopsis = kSourceSynopsis,
           .options = SourceHelp,
           .run = RunSourceVerb},
      Verb{.name = "tours",
           .summary = "List the guided tours",
           .synopsis = kToursSynopsis,
           .options = ToursHelp,
           .run = RunToursVerb},
      Verb{.name = "tour",
           .summary = "Print a tour's stops: passage, C++ line, event and narration",
           .synopsis = kTourSynopsis,
           .options = TourHelp,
           .run = RunTourVerb},
  };
  return verbs;
}

const Verb* FindVerb(std::string_view name) {
  const auto verbs = VerbTable();
  const auto it = std::find_if(verbs.begin(), verbs.end(), [&](const Verb& v) { return v.name == name; });
  return it == verbs.end() ? nullptr : &*it;
}

}  // namespace tilewalk::app
