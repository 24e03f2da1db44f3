// `tilewalk export --figure` end to end, in-process, over the fixture tour: one image per figure pane per
// frame, named frames/00001-<pane>.<ext>, at each pane's size, and none of a pane with nothing to show; no
// pixel of a button, a slider, a tab or a title bar (the full-screen export of the same stops has them, so
// the check can fail); WebP images that libwebp decodes back to the same pixels as the PNG export; and
// byte-identical reruns.
#include <doctest/doctest.h>
#include <imgui.h>
#include <webp/decode.h>
#include <nlohmann/json.hpp>

#include <array>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>

#include "app/export/export_run.hpp"
#include "app/export/frame_files.hpp"
#include "app/export/webp_file.hpp"
#include "app/screen/figure_screen.hpp"
#include "export_files.hpp"
#include "png_read.hpp"
#include "temp_folder.hpp"

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

struct FigureFolder : tests::TempFolder {
  FigureFolder() : TempFolder("tilewalk-figure-test") {}
};

ExportOptions FigureExport(const fs::path& out) {
  return {.out = out,
          .every = FrameEvery::Stop,
          .panes = PicturePanes(),
          .figure = true,
          .library = TILEWALK_FIXTURE_LIBRARY};
}

using tests::ReadBytes;
using tests::ReadManifest;

bool Ran(const ExportOptions& options, std::string& error) {
  std::ostringstream err;
  const VerbResult result = RunExport(options, err);
  error = err.str() + (result ? "" : result.error().message);
  return result && *result == ExitCode::Ok;
}

using Rgb = std::array<int, 3>;

// The colours ImGui's dark style gives a button, a slider or checkbox frame, a tab and a title bar, as
// drawn over the cleared window colour.
std::vector<Rgb> ChromeColours() {
  ImGuiStyle style;
  ImGui::StyleColorsDark(&style);
  const ImVec4 ground = style.Colors[ImGuiCol_WindowBg];
  std::vector<Rgb> colours;
  for (ImGuiCol col : {ImGuiCol_Button, ImGuiCol_FrameBg, ImGuiCol_Tab, ImGuiCol_TitleBg}) {
    const ImVec4 c = style.Colors[col];
    const auto blend = [&](float top, float under) {
      return static_cast<int>((c.w * top + (1.0f - c.w) * under) * 255.0f + 0.5f);
    };
    colours.push_back({blend(c.x, ground.x), blend(c.y, ground.y), blend(c.z, ground.z)});
  }
  return colours;
}

// Squares of 6x6 pixels all within 2 of a chrome colour in every channel: the fills of buttons, frames,
// tabs and title bars, not the odd anti-aliased edge of a picture that happens to blend to one.
std::size_t ChromeSquares(const tests::DecodedPng& image) {
  static const std::vector<Rgb> chrome = ChromeColours();
  const auto at = [&](int x, int y) {
    const std::size_t p = (static_cast<std::size_t>(y) * image.width + x) * 4;
    for (const Rgb& c : chrome)
      if (std::abs(image.rgba[p] - c[0]) <= 2 && std::abs(image.rgba[p + 1] - c[1]) <= 2 &&
          std::abs(image.rgba[p + 2] - c[2]) <= 2)
        return true;
    return false;
  };
  constexpr int kSide = 6;
  std::size_t squares = 0;
  for (int y = 0; y + kSide <= image.height; y += kSide)
    for (int x = 0; x + kSide <= image.width; ++x) {
      bool all = true;
      for (int dy = 0; dy < kSide && all; ++dy)
        for (int dx = 0; dx < kSide && all; ++dx) all = at(x + dx, y + dy);
      squares += all;
    }
  return squares;
}

}  // namespace

TEST_CASE("export --figure: one image per pane per frame with something to show, at its size, no controls") {
  FigureFolder dir;
  std::string error;
  REQUIRE_MESSAGE(Ran(FigureExport(dir.path / "figure"), error), error);
  const nlohmann::json m = ReadManifest(dir.path / "figure");
  CHECK(m["figure"] == true);
  CHECK(m["image_format"] == "png");
  REQUIRE(m["frames"].size() > 1);
  const std::vector<Pane> panes = {Pane::Grid,   Pane::Memory, Pane::Lanes,
                                   Pane::Scores, Pane::Cost,   Pane::Timeline};
  int empty = 0;
  for (std::size_t i = 0; i < m["frames"].size(); ++i) {
    const nlohmann::json& frame = m["frames"][i];
    CAPTURE(i);
    CHECK(frame["file"].is_null());
    CHECK_FALSE(frame["caption"].get<std::string>().empty());
    REQUIRE(frame["panes"].size() == panes.size());
    for (std::size_t p = 0; p < panes.size(); ++p) {
      const nlohmann::json& image = frame["panes"][p];
      CAPTURE(image.dump());
      CHECK(image["pane"] == std::string(PaneName(panes[p])));
      const std::string file = PaneFrameFileName(static_cast<int>(i), panes[p], "png");
      // A pane with nothing to show (the rejected scenario's last stop has no launch) gets no image.
      if (image.contains("empty")) {
        CHECK_FALSE(image["empty"].get<std::string>().empty());
        CHECK(image["image"].is_null());
        CHECK_FALSE(fs::exists(dir.path / "figure" / file));
        ++empty;
        continue;
      }
      CHECK(image["image"] == file);
      CHECK_FALSE(image["title"].get<std::string>().empty());
      std::string why;
      const auto png = tests::ReadPng(dir.path / "figure" / image["image"].get<std::string>(), why);
      REQUIRE_MESSAGE(png, why);
      CHECK(png->width == DefaultFigureSize(panes[p]).width);
      CHECK(png->height == DefaultFigureSize(panes[p]).height);
      CHECK(image["width"] == png->width);
      CHECK(image["height"] == png->height);
      CHECK(tests::CountColours(*png) > 3);  // a picture, not an empty ground
      CHECK(ChromeSquares(*png) == 0);
    }
  }
  CHECK(empty >= static_cast<int>(panes.size()));
  // The same stops on the full screen: its buttons, tabs and title bars are found by the same check.
  ExportOptions screen = FigureExport(dir.path / "screen");
  screen.figure = false;
  screen.panes = PaneSet::All();
  REQUIRE_MESSAGE(Ran(screen, error), error);
  std::string why;
  const auto full = tests::ReadPng(dir.path / "screen" / "frames" / "00001.png", why);
  REQUIRE_MESSAGE(full, why);
  CHECK(ChromeSquares(*full) > 100);
}

TEST_CASE(
    "export --figure --format webp: lossless WebP that decodes to the PNG's pixels, the same each run") {
  FigureFolder dir;
  ExportOptions options = FigureExport(dir.path / "png");
  options.panes = *ParsePaneList("grid,timeline");
  options.size = {.width = 480, .height = 320};
  options.size_given = true;
  std::string error;
  REQUIRE_MESSAGE(Ran(options, error), error);
  options.format = ImageFormat::Webp;
  for (const char* name : {"webp", "webp-again"}) {
    options.out = dir.path / name;
    REQUIRE_MESSAGE(Ran(options, error), error);
  }
  const nlohmann::json m = ReadManifest(dir.path / "webp");
  CHECK(m["image_format"] == "webp");
  int compared = 0, drawn = 0;
  for (std::size_t i = 0; i < m["frames"].size(); ++i) {
    for (const nlohmann::json& image : m["frames"][i]["panes"]) {
      if (image["image"].is_null()) continue;  // a pane with nothing to show
      ++drawn;
      const std::string file = image["image"].get<std::string>();
      CAPTURE(file);
      const std::string webp = ReadBytes(dir.path / "webp" / file);
      CHECK(webp == ReadBytes(dir.path / "webp-again" / file));
      int width = 0, height = 0;
      std::uint8_t* decoded =
          WebPDecodeRGBA(reinterpret_cast<const std::uint8_t*>(webp.data()), webp.size(), &width, &height);
      REQUIRE(decoded != nullptr);
      const std::vector<std::uint8_t> pixels(decoded, decoded + static_cast<std::size_t>(width) * height * 4);
      WebPFree(decoded);
      std::string png_file = file;
      png_file.replace(png_file.size() - 4, 4, "png");
      std::string why;
      const auto png = tests::ReadPng(dir.path / "png" / png_file, why);
      REQUIRE_MESSAGE(png, why);
      CHECK(width == 480);
      CHECK(height == 320);
      CHECK(pixels == png->rgba);  // lossless: the same pixels as the PNG
      ++compared;
    }
  }
  CHECK(drawn >= 2 * (static_cast<int>(m["frames"].size()) - 1));  // grid and timeline, but at the rejection
  CHECK(compared == drawn);
  CHECK(ReadBytes(dir.path / "webp" / "manifest.json") ==
        ReadBytes(dir.path / "webp-again" / "manifest.json"));
}

TEST_CASE("export --format webp: a missing libwebp is named with its Debian package") {
  const auto missing = WebpEncoder::Load("libwebp-not-installed.so.7");
  REQUIRE_FALSE(missing);
  CHECK(missing.error().reason == base::Reason::NotFound);
  CHECK(missing.error().message.find("libwebp7") != std::string::npos);
  CHECK(WebpEncoder::Load());  // the real one is installed where the tests run
}

}  // namespace tilewalk::app
