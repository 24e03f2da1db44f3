// A guided tour: ordered stops, each naming a passage, a scenario (scenario flags), the event to land on,
// narration, and optionally something to try and a question to predict (ask.hpp). Parsed from
// assets/KERNEL/tours/ID.tour (format: docs/authoring.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "walkthrough/ask.hpp"
#include "walkthrough/diagnostic.hpp"
#include "walkthrough/landing.hpp"
#include "walkthrough/stop_picture.hpp"

namespace tilewalk::kernel {
class Kernel;
}

namespace tilewalk::walkthrough {

struct KernelWalk;

struct TourStop {
  const kernel::Kernel* kernel = nullptr;  // whose scenario it runs: the kernel of the walk it was read for
  std::string title;
  std::vector<std::string> passages;  // the first is shown
  std::vector<std::string> scenario;  // flags
  Landing land;
  std::vector<std::string> try_flags;  // optional
  std::optional<Ask> ask;              // optional: predict, then step
  StopPane show = StopPane::Grid;      // the picture the narration talks about (required: 'show:')
  StopFocus focus{};                   // optional: what in that picture to bring forward
  std::string narration;
  int line = 0;            // of the "## stop:" line
  int narration_line = 0;  // of the narration's first line
};

struct Tour {
  std::string id;
  std::string title;
  int question = 0;  // 0: none
  bool is_default = false;
  std::vector<TourStop> stops;
  std::string file;
};

std::optional<Tour> ParseTour(std::string_view file_name, std::string_view text, const KernelWalk& walk,
                              Diagnostics& diagnostics);

}  // namespace tilewalk::walkthrough
