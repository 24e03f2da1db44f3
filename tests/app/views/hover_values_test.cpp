// Hover values: with the mouse over a heatmap entry, a memory slot or an HBM block, a tooltip opens; away
// from them, none does. Real ImGui frames with the null backend (headless_imgui.hpp).
#include <doctest/doctest.h>
#include <imgui.h>
#include <imgui_internal.h>

#include <memory>

#include "app/views/heatmap_view.hpp"
#include "app/views/memory_view.hpp"
#include "tests/app/views/headless_imgui.hpp"

namespace tilewalk::views {
namespace {

bool TooltipOpen() {
  for (const ImGuiWindow* window : ImGui::GetCurrentContext()->Windows)
    if ((window->Flags & ImGuiWindowFlags_Tooltip) != 0 && window->Active) return true;
  return false;
}

Heatmap TwoByTwo() {
  auto image = std::make_shared<HeatmapImage>();
  image->width = image->height = 2;
  image->rgba.assign(16, 0x80);
  image->values = {1.0f, 2.0f, 3.0f, -1e30f};
  image->entry_bits = {0, 0, 0, heatmap_entry::kCausalMasked | heatmap_entry::kOffScale};
  return {.label = "s", .rows = 2, .cols = 2, .min = 1.0f, .max = 3.0f, .has_range = true, .image = image};
}

}  // namespace

TEST_CASE("hover values: a heatmap entry under the mouse opens a tooltip, and nothing does away from it") {
  HeadlessImGui imgui;
  const Heatmap heatmap = TwoByTwo();
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = {600.0f, 600.0f};  // away from the 200 x 200 image at the window's top left
  for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawHeatmapImage(heatmap, {200.0f, 200.0f}); });
  CHECK_FALSE(TooltipOpen());
  io.MousePos = {150.0f, 150.0f};  // row 1, column 1: the masked entry
  for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawHeatmapImage(heatmap, {200.0f, 200.0f}); });
  CHECK(TooltipOpen());
}

TEST_CASE("hover values: a memory slot and an HBM block under the mouse open tooltips") {
  HeadlessImGui imgui;
  MemoryPicture picture{.launch = "fwd"};
  OperandPicture k{.name = "k"};
  k.slots[0] = {.holds_block = true, .block = "(0,0,1,0)", .active = true};
  k.hbm = {.rows = 1, .cols = 4, .cells = {0, 1, 0, 0}, .wanted = 1};
  picture.inputs = {k};
  MemoryViewState state;
  ImGuiIO& io = ImGui::GetIO();
  io.MousePos = {1.0f, 700.0f};
  for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawMemoryView(picture, &state); });
  CHECK_FALSE(TooltipOpen());
  // Sweep the operand's row until something under the mouse answers: its slots and its HBM strip.
  int answered = 0;
  for (float x = 20.0f; x < 1260.0f; x += 20.0f) {
    io.MousePos = {x, 60.0f};
    for (int frame = 0; frame < 2; ++frame) imgui.Frame([&] { DrawMemoryView(picture, &state); });
    answered += TooltipOpen() ? 1 : 0;
  }
  CHECK(answered >= 3);
}

}  // namespace tilewalk::views
