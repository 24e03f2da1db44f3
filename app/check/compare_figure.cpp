#include "app/check/compare_figure.hpp"

#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/check/compare_report.hpp"
#include "app/export/headless_renderer.hpp"
#include "app/pictures/picture_svg.hpp"
#include "app/screen/png_file.hpp"
#include "app/views/compare_layout.hpp"
#include "app/views/compare_view.hpp"
#include "base/safe_output.hpp"

namespace tilewalk::app {
namespace {

std::string Printed(const char* fmt, double value) {
  char buf[48];
  std::snprintf(buf, sizeof buf, fmt, value);
  return buf;
}

std::string Whole(double value) {
  return Printed("%.0f", value);
}

std::string Bytes(double bytes) {
  return bytes >= 1024.0 * 1024.0 ? Printed("%.1f MiB", bytes / (1024.0 * 1024.0)) : Whole(bytes) + " B";
}

std::string Time(double us) {
  return us >= 1000 ? Printed("%.2f ms", us / 1000) : Printed("%.1f us", us);
}

std::string Times(double ratio) {
  return Printed("%.2fx", ratio);
}

views::ComparePlane PlaneOf(const LaunchTally& l) {
  return {.caption = l.name + ": grid " + l.grid.ToString() + "\n" + Whole(double(l.steps_run)) + " of " +
                     Whole(double(l.grid_steps)) + " steps ran",
          .rows = l.plane.rows,
          .cols = l.plane.cols,
          .cells = l.plane.cells};
}

}  // namespace

views::ComparePicture ComparisonPicture(const Comparison& c) {
  views::ComparePicture p;
  for (const std::string& w : c.words) p.scenario += (p.scenario.empty() ? "" : " ") + w;
  for (const KernelTally& k : c.kernels) {
    if (k.own_words.empty()) continue;
    p.scenario += (p.scenario.empty() ? "" : "; ") + std::string(k.kernel->info().name) + ":";
    for (const std::string& w : k.own_words) p.scenario += " " + w;
  }
  if (!c.kernels.empty()) p.chip = c.kernels.front().chip;
  for (std::size_t i = 1; i < c.kernels.size(); ++i) {
    const LaunchTally &later = c.kernels[i].total, &first = c.kernels[0].total;
    p.headlines.push_back(RatioName(c, i) + ": estimated time " + Times(Ratio(later.est_us, first.est_us)) +
                          ", steps run " + Times(Ratio(double(later.steps_run), double(first.steps_run))) +
                          ", bytes moved " +
                          Times(Ratio(double(later.BytesMoved()), double(first.BytesMoved()))));
  }
  if (!c.chips.empty() && c.kernels.size() > 1) {
    std::string line = RatioName(c, 1) + " estimated time by chip: " + c.kernels[0].chip + " " +
                       Times(Ratio(c.kernels[1].total.est_us, c.kernels[0].total.est_us));
    for (const ChipTimes& chip : c.chips)
      line += ", " + chip.chip + " " + Times(Ratio(chip.est_us[1], chip.est_us[0]));
    p.headlines.push_back(std::move(line));
  }
  for (const KernelTally& k : c.kernels) {
    views::CompareColumn column{.kernel = std::string(k.kernel->info().name),
                                .title = std::string(k.kernel->info().title)};
    for (const LaunchTally& l : k.launches) column.planes.push_back(PlaneOf(l));
    const LaunchTally& t = k.total;
    column.figures = {{"grid steps", Whole(double(t.grid_steps))},
                      {"steps run", Whole(double(t.steps_run))},
                      {"steps that did nothing", Whole(double(t.steps_idle))},
                      {"copies issued", Whole(double(t.copies_issued))},
                      {"copies skipped", Whole(double(t.copies_skipped))},
                      {"bytes moved", Bytes(double(t.BytesMoved()))},
                      {"estimated time", Time(t.est_us)}};
    column.pass = k.pass;
    column.verdict = k.error  ? "a launch raised " + std::string(tpu::ErrorTypeName(k.error->type))
                     : k.pass ? "reference check: pass"
                              : "reference check: FAIL";
    p.kernels.push_back(std::move(column));
  }
  return p;
}

base::Status WriteComparisonSvg(const std::filesystem::path& path, const views::ComparePicture& picture) {
  const auto written = base::WriteFileContent(path, pictures::CompareSvg(picture));
  if (!written) return written.error();
  return {};
}

base::Status WriteComparisonPng(const std::filesystem::path& path, const views::ComparePicture& picture,
                                std::ostream& warnings) {
  const views::CompareLayout layout = views::LayOutComparison(picture);
  const PixelSize size{.width = static_cast<int>(std::ceil(layout.width)),
                       .height = static_cast<int>(std::ceil(layout.height))};
  auto renderer = HeadlessRenderer::Open({.layout = size, .look = {.ignore_mouse = true}}, warnings);
  if (!renderer)
    return base::Fail(renderer.error().reason, "cannot draw the figure: " + renderer.error().message);
  (*renderer)->BeginFrame();
  ImGui::SetNextWindowPos(ImVec2(0, 0));
  ImGui::SetNextWindowSize(ImVec2(static_cast<float>(size.width), static_cast<float>(size.height)));
  ImGui::PushStyleVar(ImGuiStyleVar_WindowPadding, ImVec2(0, 0));
  ImGui::Begin(
      "compare", nullptr,
      ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoScrollbar);
  views::DrawCompareView(picture);
  ImGui::End();
  ImGui::PopStyleVar();
  (*renderer)->Render();
  std::vector<std::uint8_t> pixels;
  (*renderer)->ReadPixels(pixels);
  const PixelSize frame = (*renderer)->FramebufferSize();
  return WritePngFile(path,
                      {.width = frame.width, .height = frame.height, .rgba = pixels, .bottom_up = true});
}

}  // namespace tilewalk::app
