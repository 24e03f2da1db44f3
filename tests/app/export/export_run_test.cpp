// `tilewalk export` end to end, in-process, over the fixture tour: the frames are real PNG files of the
// asked size, the manifest agrees with a timeline of the same recordings frame by frame, the same inputs
// give the same bytes, and failures leave no folder behind.
#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <sstream>

#include "app/export/export_run.hpp"
#include "app/session/tour_session.hpp"
#include "export_files.hpp"
#include "kernels/flash/scenario_options.hpp"
#include "png_read.hpp"
#include "temp_folder.hpp"
#include "walkthrough/plain_text.hpp"
#include "walkthrough/timeline.hpp"

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

struct ExportRunFolder : tests::TempFolder {
  ExportRunFolder() : TempFolder("tilewalk-export-test") {}
};

ExportOptions FixtureExport(const fs::path& out, FrameEvery every) {
  return {
      .out = out, .size = {.width = 480, .height = 320}, .every = every, .library = TILEWALK_FIXTURE_LIBRARY};
}

using tests::ReadBytes;
using tests::ReadManifest;

// The exit code as the command line would give it: an Error is 2 for a usage error, 1 otherwise, and its
// message joins what the export printed.
ExitCode Run(const ExportOptions& options, std::string* error = nullptr) {
  std::ostringstream err;
  const VerbResult result = RunExport(options, err);
  if (error) *error = err.str() + (result ? "" : result.error().message);
  if (result) return *result;
  return result.error().reason == base::Reason::Usage ? ExitCode::Usage : ExitCode::Failure;
}

}  // namespace

TEST_CASE("export: the manifest agrees with the timeline, frame by frame") {
  ExportRunFolder dir;
  const fs::path out = dir.path / "dma";
  std::string error;
  REQUIRE_MESSAGE(Run(FixtureExport(out, FrameEvery::Dma), &error) == ExitCode::Ok, error);
  const nlohmann::json m = ReadManifest(out);
  CHECK(m["kind"] == "tour");
  CHECK(m["tour"]["id"] == "fixture");
  CHECK(m["every"] == "dma");

  session::TourSession session({.library_folder = TILEWALK_FIXTURE_LIBRARY});
  REQUIRE(m["stops"].size() == static_cast<std::size_t>(session.stop_count()));
  std::size_t frame = 0;
  for (int stop = 0; stop < session.stop_count(); ++stop) {
    CAPTURE(stop);
    session.GoToStop(stop);
    const auto& s = m["stops"][static_cast<std::size_t>(stop)];
    CHECK(s["first_frame"] == frame);
    if (!session.landing_event()) {  // a rejected scenario: one frame, showing the error
      CHECK(s["frame_count"] == 1);
      CHECK(m["frames"][frame]["event"].is_null());
      CHECK(m["frames"][frame]["rejection"].get<std::string>().find("NotImplementedError") !=
            std::string::npos);
      ++frame;
      continue;
    }
    CHECK(m["frames"][frame]["event"] == *session.landing_event());
    walkthrough::Timeline timeline(session.recording());
    for (int i = 0; i < s["frame_count"].get<int>(); ++i, ++frame) {
      const auto& f = m["frames"][frame];
      CAPTURE(frame);
      CHECK(f["stop"] == stop + 1);
      REQUIRE(timeline.Seek(f["event"].get<uint64_t>()));
      const auto snap = timeline.Current();
      CHECK(f["launch"] == snap->launch_name);
      CHECK(f["step"] == snap->step);
      CHECK(f["grid_index"] == std::vector<int64_t>(snap->grid_index.begin(), snap->grid_index.end()));
      CHECK(f["site"] ==
            (snap->site.name.empty() ? nlohmann::json(nullptr) : nlohmann::json(snap->site.name)));
      CHECK(f["estimated_us"].get<double>() == doctest::Approx(snap->clock_us));
      if (i > 0) {
        const auto kind = snap->event.kind;
        CHECK((kind == tpu::EventKind::CopyIn || kind == tpu::EventKind::Writeback));
      }
      if (!f["cpp"].is_null()) CHECK(f["cpp"]["line"] == snap->site.line);
      CHECK_FALSE(f["caption"].get<std::string>().empty());
    }
  }
  CHECK(frame == m["frames"].size());

  // Real PNG files of the asked size, and the picture changes as the cursor moves.
  std::string why;
  const auto first = tests::ReadPng(out / m["frames"][0]["file"].get<std::string>(), why);
  const auto second = tests::ReadPng(out / m["frames"][1]["file"].get<std::string>(), why);
  REQUIRE_MESSAGE(first, why);
  REQUIRE_MESSAGE(second, why);
  CHECK(first->width == 480);
  CHECK(first->height == 320);
  CHECK(tests::CountColours(*first) > 20);
  CHECK(first->rgba != second->rgba);
}

TEST_CASE("export: the manifest carries the narration and passages filled, the code lines and the event") {
  ExportRunFolder dir;
  const fs::path out = dir.path / "stops";
  std::string error;
  REQUIRE_MESSAGE(Run(FixtureExport(out, FrameEvery::Stop), &error) == ExitCode::Ok, error);
  const nlohmann::json m = ReadManifest(out);
  CHECK(m["format_version"] == 6);
  CHECK(m["kernel"] == "flash");
  const auto& first = m["stops"][0];
  const std::string narration = "The first stop lands on the first running max of a causal launch.";
  CHECK(first["narration"]["markdown"] == narration);
  CHECK(first["narration"]["plain"] == narration);
  CHECK(first["dwell_seconds"].get<double>() == doctest::Approx(walkthrough::ReadingSeconds(narration)));
  CHECK(first["problem"].is_null());
  const auto& passage = first["passages"]["fixture-running-max"];
  CHECK(passage["title"] == "Fixture: the running max");
  const std::string body = passage["plain"];
  CHECK(body.find("{fwd.steps}") == std::string::npos);  // filled from the stop's recording
  CHECK(body.find("The forward grid has ") != std::string::npos);
  // The last stop's scenario is rejected; its narration names the error type through a placeholder.
  const auto& rejected = m["stops"][m["stops"].size() - 1];
  CHECK(rejected["narration"]["plain"].get<std::string>().find("raises: NotImplementedError") !=
        std::string::npos);

  const auto& f = m["frames"][0];
  CHECK(f["caption"] == "The first running max. " + narration);
  CHECK(f["alt"] == f["caption"]);
  CHECK(f["site"] == "fwd.run.m_next");
  CHECK(f["event_text"].get<std::string>().find("fwd.run.m_next") != std::string::npos);
  CHECK(f["cpp"]["text"].get<std::string>().find("m_next") != std::string::npos);
  CHECK(f["event_fields"]["i"] == f["event"]);
  CHECK(f["event_fields"]["kind"] == f["event_kind"]);
  CHECK(f["event_fields"]["site"] == f["site"]);
  CHECK(f["event_fields"]["line"] == f["cpp"]["line"]);
  if (!f["pallas"].is_null()) {  // a Pallas file was found: the trace's line, with its text
    CHECK(f["pallas"]["line"] == f["event_fields"]["pallas_line"]);
    CHECK_FALSE(f["pallas"]["text"].get<std::string>().empty());
  }
  for (const auto& frame : m["frames"]) {
    CHECK(frame["caption"].get<std::string>().find("fwd.run") == std::string::npos);
    CHECK_FALSE(frame["alt"].get<std::string>().empty());
  }
}

TEST_CASE("export: the same inputs give byte-identical frames and manifest") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "a", FrameEvery::Stop);
  options.panes = *ParsePaneList("grid,memory,timeline");
  options.scale = 1.5f;
  REQUIRE(Run(options) == ExitCode::Ok);
  options.out = dir.path / "b";
  REQUIRE(Run(options) == ExitCode::Ok);
  int compared = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir.path / "a")) {
    if (!entry.is_regular_file()) continue;
    const fs::path twin = dir.path / "b" / fs::relative(entry.path(), dir.path / "a");
    CAPTURE(twin.string());
    CHECK(ReadBytes(entry.path()) == ReadBytes(twin));
    ++compared;
  }
  // The manifest, and per frame its PNG and the picture JSON of its three panes.
  CHECK(compared == 1 + 4 * static_cast<int>(ReadManifest(dir.path / "a")["frames"].size()));
  std::string why;
  const auto frame = tests::ReadPng(dir.path / "a" / "frames" / "00001.png", why);
  REQUIRE(frame);
  CHECK(frame->width == 720);  // 480 at scale 1.5
}

TEST_CASE("export: each frame lists its panes' picture JSON, beside the PNG or as SVG per pane") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "png", FrameEvery::Stop);
  options.panes = *ParsePaneList("source,grid,memory,scores");
  REQUIRE(Run(options) == ExitCode::Ok);
  nlohmann::json m = ReadManifest(dir.path / "png");
  REQUIRE_FALSE(m["frames"].empty());
  const nlohmann::json& first = m["frames"][0];
  CHECK(first["file"] == "frames/00001.png");
  REQUIRE(first["panes"].size() == 3);  // the source pane has no picture
  CHECK(first["panes"][0] ==
        nlohmann::json{{"pane", "grid"}, {"image", nullptr}, {"picture", "pictures/00001-grid.json"}});
  CHECK(first["panes"][2]["pane"] == "scores");
  const nlohmann::json grid =
      nlohmann::json::parse(ReadBytes(dir.path / "png" / "pictures" / "00001-grid.json"));
  CHECK(grid["pane"] == "grid");
  CHECK_FALSE(grid["slices"].empty());
  // The first stop lands on the running max, past s: its values are there though the Lanes statement, not
  // Scores, is at the cursor.
  const nlohmann::json scores =
      nlohmann::json::parse(ReadBytes(dir.path / "png" / "pictures" / "00001-scores.json"));
  CHECK(scores["s"]["values"].is_array());

  options.out = dir.path / "svg";
  options.format = ImageFormat::Svg;
  options.panes = *ParsePaneList("grid,timeline");
  options.theme = views::palette::Theme::Light;
  REQUIRE(Run(options) == ExitCode::Ok);
  views::palette::SetTheme(views::palette::Theme::Dark);
  m = ReadManifest(dir.path / "svg");
  CHECK(m["theme"] == "light");
  CHECK(m["frames"][0]["file"].is_null());
  CHECK(m["frames"][0]["panes"][1] == nlohmann::json{{"pane", "timeline"},
                                                     {"image", "frames/00001-timeline.svg"},
                                                     {"picture", "pictures/00001-timeline.json"}});
  const std::string svg = ReadBytes(dir.path / "svg" / "frames" / "00001-grid.svg");
  CHECK(svg.find("class=\"tilewalk grid theme-light\"") != std::string::npos);
  CHECK(svg.find("class=\"current\"") != std::string::npos);
  CHECK_FALSE(fs::exists(dir.path / "svg" / "frames" / "00001.png"));
  // The last stop's scenario is rejected: nothing was launched, so no pane has an SVG, and each says why.
  REQUIRE(m["frames"].size() == 6);
  const nlohmann::json& rejected = m["frames"].back();
  REQUIRE(rejected["panes"].size() == 2);
  for (const nlohmann::json& pane : rejected["panes"]) {
    CAPTURE(pane.dump());
    CHECK(pane["image"].is_null());
    CHECK(pane["empty"] == "Nothing was launched at this stop.");
    CHECK(fs::exists(dir.path / "svg" / pane["picture"].get<std::string>()));  // its picture JSON stays
  }
  CHECK_FALSE(fs::exists(dir.path / "svg" / "frames" / "00006-grid.svg"));
}

TEST_CASE("export: a plan longer than --max-frames is refused before anything is drawn") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "long", FrameEvery::Statement);
  options.max_frames = 3;
  std::string error;
  CHECK(Run(options, &error) == ExitCode::Usage);
  CHECK(error.find("more than --max-frames 3") != std::string::npos);
  CHECK(fs::is_empty(dir.path));
}

TEST_CASE("export: a scenario the kernel rejects prints its error and leaves nothing") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "rejected", FrameEvery::Step);
  options.scenario =
      flash::Erased(*flash::ParseScenario(std::vector<std::string>{"--scenario", "block-k-64"}));
  std::string error;
  CHECK(Run(options, &error) == ExitCode::Failure);
  CHECK(error.find("NotImplementedError") != std::string::npos);
  CHECK(fs::is_empty(dir.path));
}

TEST_CASE("export: --force replaces an earlier export, and refuses a folder that is not one") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "out", FrameEvery::Stop);
  options.panes = *ParsePaneList("grid");
  REQUIRE(Run(options) == ExitCode::Ok);
  std::string error;
  CHECK(Run(options, &error) == ExitCode::Failure);  // no --force
  CHECK(error.find("already exists; pass --force") != std::string::npos);
  std::ofstream(dir.path / "out" / "left-by-the-old-export") << "x";
  options.force = true;
  REQUIRE_MESSAGE(Run(options, &error) == ExitCode::Ok, error);
  CHECK_FALSE(fs::exists(dir.path / "out" / "left-by-the-old-export"));  // replaced, not merged

  // A user's folder that merely holds a manifest.json of its own is never deleted.
  fs::create_directory(dir.path / "mine");
  std::ofstream(dir.path / "mine" / "manifest.json") << R"({"format": "my-own"})";
  options.out = dir.path / "mine";
  CHECK(Run(options, &error) == ExitCode::Failure);
  CHECK(error.find("is not an earlier export") != std::string::npos);
  CHECK(fs::exists(dir.path / "mine" / "manifest.json"));
  std::size_t entries = 0;  // and no staging folder is left beside them
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir.path)) ++entries;
  CHECK(entries == 2);
}

TEST_CASE("export: --theme light draws on white, and --theme print in greys only") {
  ExportRunFolder dir;
  ExportOptions options = FixtureExport(dir.path / "light", FrameEvery::Stop);
  options.panes = *ParsePaneList("grid,memory,timeline");
  options.theme = views::palette::Theme::Light;
  REQUIRE(Run(options) == ExitCode::Ok);
  options.out = dir.path / "print";
  options.theme = views::palette::Theme::Print;
  REQUIRE(Run(options) == ExitCode::Ok);
  std::string why;
  const auto light = tests::ReadPng(dir.path / "light" / "frames" / "00001.png", why);
  REQUIRE(light);
  const std::size_t corner = (static_cast<std::size_t>(light->height) - 2) * light->width * 4 + 4;
  CHECK(light->rgba[corner] == 0xFF);  // the ground under the bottom-left corner, inside the frame
  CHECK(light->rgba[corner + 1] == 0xFF);
  CHECK(light->rgba[corner + 2] == 0xFF);
  CHECK(ReadManifest(dir.path / "light")["theme"] == "light");
  CHECK(ReadManifest(dir.path / "print")["theme"] == "print");
  const int frames = static_cast<int>(ReadManifest(dir.path / "print")["frames"].size());
  REQUIRE(frames > 0);
  for (int i = 1; i <= frames; ++i) {
    char name[16];
    std::snprintf(name, sizeof name, "%05d.png", i);
    const auto print = tests::ReadPng(dir.path / "print" / "frames" / name, why);
    REQUIRE(print);
    std::size_t coloured = 0;
    for (std::size_t p = 0; p + 3 < print->rgba.size(); p += 4)
      if (print->rgba[p] != print->rgba[p + 1] || print->rgba[p + 1] != print->rgba[p + 2]) ++coloured;
    CAPTURE(name);
    CHECK(coloured == 0);
  }
  views::palette::SetTheme(views::palette::Theme::Dark);  // the palette is process-wide: leave it as found
}

}  // namespace tilewalk::app
