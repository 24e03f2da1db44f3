#include "app/gui/gui_verb.hpp"

#include <string>

#include "app/cli_args.hpp"
#include "app/gui/frame_loop.hpp"

namespace tilewalk::app {

GuiOptions ParseGuiOptions(std::span<const std::string_view> args) {
  GuiOptions options;
  bool frames_given = false;
  for (ArgReader reader(args); !reader.Done();) {
    const std::string_view option = reader.NextOption();
    if (option == "--size") {
      options.window_size = ParsePixelSize(reader.Value(), option);
    } else if (option == "--screenshot") {
      const std::string_view value = reader.Value();
      if (value.empty()) throw UsageError("--screenshot needs a file name");
      options.screenshot = std::filesystem::path(value);
    } else if (option == "--frames") {
      options.screenshot_frames = ParseInt(reader.Value(), option, kMinScreenshotFrames, 100000);
      frames_given = true;
    } else if (option == "--tour") {
      options.tour = std::string(reader.Value());
      if (options.tour.empty()) throw UsageError("--tour needs a tour name");
    } else if (option == "--stop") {
      options.stop = ParseInt(reader.Value(), option, 1, 1000);
      options.stop_given = true;
    } else if (option == "--library") {
      const std::string_view value = reader.Value();
      if (value.empty()) throw UsageError("--library needs a folder");
      options.library = std::filesystem::path(value);
    } else if (option == "--pallas-source") {
      options.pallas_source = std::filesystem::path(reader.Value());
    } else if (option == "--classroom") {
      options.classroom = true;
    } else if (option == "--benchmark-frames") {
      options.benchmark_frames = ParseInt(reader.Value(), option, 1, 1000000);
    } else {
      reader.RejectOption();
    }
  }
  if (frames_given && !options.screenshot) throw UsageError("--frames only applies with --screenshot");
  if (options.benchmark_frames && options.screenshot)
    throw UsageError("--benchmark-frames and --screenshot are separate runs; give one of them");
  return options;
}

ExitCode RunGuiVerb(const VerbCall& call) {
  return RunGui(ParseGuiOptions(call.args), call.out, call.err);
}

}  // namespace tilewalk::app
