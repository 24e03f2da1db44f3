// The module's C API (docs/web-module.md): JSON text in, JSON text out, one tour session per module
// instance. The page runs the module in a Web Worker, so a long recording blocks only the worker; it
// hears of progress through Module.onProgress and cancels by ending the worker.
#include <emscripten/emscripten.h>

#include <filesystem>
#include <memory>
#include <optional>
#include <string>

#include "app/session/tour_session.hpp"
#include "base/output_file.hpp"
#include "kernels/registry/registry.hpp"
#include "web/web_check.hpp"
#include "web/web_intent.hpp"
#include "web/web_request.hpp"
#include "web/web_state.hpp"

// Module.onProgress(done, total), when the page defined it: grid steps of the recording under way.
// clang-format off
EM_JS(void, tw_report_progress, (double done, double total), {
  if (Module["onProgress"]) Module["onProgress"](done, total);
});
// clang-format on

namespace tilewalk::web {
namespace {

std::unique_ptr<session::TourSession> g_session;
std::string g_reply;           // the last answer: its pointer stays valid until the next call
std::string g_shown = "grid";  // the picture the page shows (ShowPicture): the one SVG a state carries

// The detail tab that `shown` is, so that the session builds the heatmaps of that tab alone; none for the
// grid and the timeline, which are no detail tab.
std::optional<session::DetailTab> TabOfPicture(const std::string& shown) {
  if (shown == "memory") return session::DetailTab::Memory;
  if (shown == "lanes") return session::DetailTab::Lanes;
  if (shown == "scores") return session::DetailTab::Scores;
  if (shown == "cost") return session::DetailTab::Cost;
  return std::nullopt;
}

void Show(const std::string& shown) {
  g_shown = shown;
  if (g_session) g_session->SetShownTab(TabOfPicture(shown));
}

// Where the page's Pallas file is kept: a fixed folder of the module's own memory file system, with the
// file name jax gives it, so that the source pane titles it as the app does. Never a path from a request.
std::filesystem::path PallasPath(const kernel::Kernel& k) {
  const std::string_view jax = k.info().python.jax_path;
  const std::string name = jax.empty() ? "pallas_kernel.py" : std::filesystem::path(jax).filename().string();
  return std::filesystem::path("/pallas") / name;
}

// The kernel's file, when the page gave one at a start.
std::optional<std::filesystem::path> KeptPallasFile(const kernel::Kernel& k) {
  std::filesystem::path path = PallasPath(k);
  std::error_code missing;
  if (!std::filesystem::exists(path, missing)) return std::nullopt;
  return path;
}

void ReportProgress(std::int64_t done, std::int64_t total) {
  tw_report_progress(static_cast<double>(done), static_cast<double>(total));
}

const char* Reply(const nlohmann::json& answer) {
  g_reply = answer.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  return g_reply.c_str();
}

const char* ReplyError(const std::string& message) {
  return Reply({{"error", message}});
}

session::SessionOptions BaseOptions() {
  return {.background_recording = false,  // no threads here: record on the caller's (the worker's) thread
          .recording_progress = ReportProgress};
}

const char* Start(const char* text) {
  const auto request = ParseRequest(text);
  if (!request) return ReplyError(request.error().message);
  const auto kernel = RequestKernel(*request);
  if (!kernel) return ReplyError(kernel.error().message);
  const auto words = ScenarioWords(*request);
  if (!words) return ReplyError(words.error().message);
  std::string shown = g_shown;
  if (request->contains("show")) {
    auto named = ReadPictureName((*request)["show"], "\"show\" must name a picture:");
    if (!named) return ReplyError(named.error().message);
    shown = std::move(*named);
  }
  session::SessionOptions options = BaseOptions();
  options.kernel = *kernel;
  const nlohmann::json& r = *request;
  if (r.contains("tour")) {
    if (!r["tour"].is_string()) return ReplyError("\"tour\" must be a tour's id");
    options.tour = r["tour"].get<std::string>();
  }
  if (r.contains("stop")) {
    if (!r["stop"].is_number_integer() || r["stop"].get<std::int64_t>() < 1 ||
        r["stop"].get<std::int64_t>() > 100000)
      return ReplyError("\"stop\" must be a stop's number, from 1");
    options.stop = static_cast<int>(r["stop"].get<std::int64_t>());
  }
  // A scenario without a tour is a one-stop tour of its own; with a tour, an edit of the stop's scenario.
  const bool scenario_only = !words->empty() && options.tour.empty();
  if (scenario_only) {
    auto scenario = ParseRequestScenario(*kernel, *words, /*record=*/true);
    if (!scenario) return ReplyError(scenario.error().message);
    options.scenario = std::move(*scenario);
  }
  // The page's Python files, kept for this start and for the tours opened after it; the session shows the
  // one of the kernel it runs (which a scenario's words may name).
  const auto pallas = RequestPallasFiles(r);
  if (!pallas) return ReplyError(pallas.error().message);
  for (const PallasFile& file : *pallas) {
    const std::filesystem::path path = PallasPath(*file.kernel);
    std::error_code ignored;
    std::filesystem::create_directories(path.parent_path(), ignored);
    if (const base::Status written = base::WriteFileContent(path, file.text); !written)
      return ReplyError(written.error().message);
  }
  const kernel::Kernel* runs = options.scenario ? &options.scenario->kernel() : *kernel;
  if (runs == nullptr) runs = TourKernel(options.tour);
  options.pallas_source = KeptPallasFile(runs != nullptr ? *runs : kernel::DefaultKernel());
  auto opened = std::make_unique<session::TourSession>(options);
  if (!opened->HasTour() && !scenario_only) return ReplyError(opened->fallback_message());
  g_session = std::move(opened);
  Show(shown);
  if (!words->empty() && !scenario_only)
    g_session->Apply({.kind = views::IntentKind::ApplyScenario, .words = *words});
  return Reply(StateJson(*g_session, g_shown));
}

const char* ApplyIntent(const char* text) {
  if (!g_session) return ReplyError("no tour is open: call tw_start first");
  const auto request = ParseRequest(text);
  if (!request) return ReplyError(request.error().message);
  const auto intent = ReadIntent(*request);
  if (!intent) return ReplyError(intent.error().message);
  if (const auto* stop = std::get_if<GoToStop>(&*intent)) {
    g_session->GoToStop(stop->index);
  } else if (const auto* tour = std::get_if<OpenTour>(&*intent)) {
    session::SessionOptions options = BaseOptions();
    options.tour = tour->id;
    // The tour's kernel, with the Pallas file the page gave for it at a start, which the module keeps.
    options.kernel = TourKernel(tour->id);
    if (options.kernel != nullptr) options.pallas_source = KeptPallasFile(*options.kernel);
    auto opened = std::make_unique<session::TourSession>(options);
    if (!opened->HasTour()) return ReplyError(opened->fallback_message());
    opened->Apply(
        {.kind = views::IntentKind::SetStepUnit, .value = static_cast<int>(g_session->step_unit())});
    g_session = std::move(opened);
    Show(g_shown);
  } else if (const auto* picture = std::get_if<ShowPicture>(&*intent)) {
    Show(picture->name);
  } else {
    g_session->Apply(std::get<views::Intent>(*intent));
  }
  return Reply(StateJson(*g_session, g_shown));
}

}  // namespace
}  // namespace tilewalk::web

extern "C" {

EMSCRIPTEN_KEEPALIVE const char* tw_start(const char* request) {
  try {
    return tilewalk::web::Start(request);
  } catch (const std::exception& e) {
    return tilewalk::web::ReplyError(std::string("the module failed: ") + e.what());
  }
}

EMSCRIPTEN_KEEPALIVE const char* tw_intent(const char* intent) {
  try {
    return tilewalk::web::ApplyIntent(intent);
  } catch (const std::exception& e) {
    return tilewalk::web::ReplyError(std::string("the module failed: ") + e.what());
  }
}

EMSCRIPTEN_KEEPALIVE const char* tw_state() {
  if (!tilewalk::web::g_session) return tilewalk::web::ReplyError("no tour is open: call tw_start first");
  try {
    return tilewalk::web::Reply(tilewalk::web::StateJson(*tilewalk::web::g_session, tilewalk::web::g_shown));
  } catch (const std::exception& e) {
    return tilewalk::web::ReplyError(std::string("the module failed: ") + e.what());
  }
}

EMSCRIPTEN_KEEPALIVE const char* tw_check(const char* request) {
  try {
    const auto parsed = tilewalk::web::ParseRequest(request);
    if (!parsed) return tilewalk::web::ReplyError(parsed.error().message);
    return tilewalk::web::Reply(
        tilewalk::web::CheckJson(*parsed, [](std::int64_t done, std::int64_t total, const std::string&) {
          tilewalk::web::ReportProgress(done, total);
          return true;
        }));
  } catch (const std::exception& e) {
    return tilewalk::web::ReplyError(std::string("the module failed: ") + e.what());
  }
}

}  // extern "C"
