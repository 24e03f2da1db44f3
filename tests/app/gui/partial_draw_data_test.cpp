// The part of a frame drawn in its damage: only the triangles that may touch a damage rectangle, each command
// cut to the rectangle it is drawn in, once a rectangle, in drawing order, and no list with nothing in it.
#include "app/gui/partial_draw_data.hpp"

#include <doctest/doctest.h>

#include "tests/app/gui/fake_draw_data.hpp"

namespace tilewalk::app::partial_draw_data_test {

using fake_draw::Frame;
using fake_draw::Quad;

constexpr PixelSize kFb{.width = 256, .height = 128};

// The pixel box each of the list's commands is drawn in.
std::vector<PixelRect> Boxes(const ImDrawList& list) {
  std::vector<PixelRect> boxes;
  for (const ImDrawCmd& cmd : list.CmdBuffer) boxes.push_back(BackendScissor(cmd.ClipRect, kFb));
  return boxes;
}

TEST_CASE(
    "partial draw data: only the triangles in the damage, cut to it, and only the lists that have some") {
  Frame frame(kFb, {{{.x0 = 200, .y0 = 100, .x1 = 210, .y1 = 110}},
                    {{.x0 = 40, .y0 = 40, .x1 = 50, .y1 = 50, .colour = IM_COL32(255, 0, 0, 255)},
                     {.x0 = 140, .y0 = 8, .x1 = 150, .y1 = 20}}});
  PartialDrawData partial;
  const ImDrawData& part = partial.Build(frame.data(), kFb, {{.x0 = 32, .y0 = 32, .x1 = 64, .y1 = 64}});
  REQUIRE(part.CmdListsCount == 1);  // the first list draws nothing in the damage
  const ImDrawList& list = *part.CmdLists[0];
  REQUIRE(list.CmdBuffer.Size == 1);
  CHECK(Boxes(list)[0] == PixelRect{.x0 = 32, .y0 = 32, .x1 = 64, .y1 = 64});
  CHECK(list.CmdBuffer[0].ElemCount == 6);
  CHECK(list.VtxBuffer[list.IdxBuffer[0]].col == IM_COL32(255, 0, 0, 255));
  CHECK(part.TotalIdxCount == 6);
  CHECK(part.DisplaySize.x == 256.0f);
}

TEST_CASE("partial draw data: a triangle across two rectangles is drawn in each, cut to each") {
  Frame frame(kFb, {{{.x0 = 0, .y0 = 10, .x1 = 256, .y1 = 20, .clip = {8.0f, 0.0f, 250.0f, 128.0f}}}});
  PartialDrawData partial;
  const ImDrawData& part = partial.Build(
      frame.data(), kFb, {{.x0 = 0, .y0 = 0, .x1 = 32, .y1 = 32}, {.x0 = 224, .y0 = 0, .x1 = 256, .y1 = 32}});
  REQUIRE(part.CmdListsCount == 1);
  const std::vector<PixelRect> boxes = Boxes(*part.CmdLists[0]);
  REQUIRE(boxes.size() == 2);
  // Cut to the command's own clip rectangle as well as to the damage.
  CHECK(boxes[0] == PixelRect{.x0 = 8, .y0 = 0, .x1 = 32, .y1 = 32});
  CHECK(boxes[1] == PixelRect{.x0 = 224, .y0 = 0, .x1 = 250, .y1 = 32});
  CHECK(part.CmdLists[0]->CmdBuffer[0].ElemCount == 6);
  CHECK(part.CmdLists[0]->CmdBuffer[1].ElemCount == 6);
}

TEST_CASE(
    "partial draw data: commands keep their order, textures and vertices, and rebuilding starts afresh") {
  ImTextureID first = reinterpret_cast<ImTextureID>(3), second = reinterpret_cast<ImTextureID>(4);
  Frame frame(kFb, {{{.x0 = 0, .y0 = 0, .x1 = 30, .y1 = 30, .texture = first},
                     {.x0 = 100, .y0 = 100, .x1 = 110, .y1 = 110},
                     {.x0 = 5, .y0 = 5, .x1 = 25, .y1 = 25, .texture = second}}});
  PartialDrawData partial;
  const ImDrawData& part = partial.Build(frame.data(), kFb, {{.x0 = 0, .y0 = 0, .x1 = 32, .y1 = 32}});
  REQUIRE(part.CmdListsCount == 1);
  const ImDrawList& list = *part.CmdLists[0];
  REQUIRE(list.CmdBuffer.Size == 2);
  CHECK(list.CmdBuffer[0].TextureId == first);
  CHECK(list.CmdBuffer[1].TextureId == second);
  CHECK(list.VtxBuffer.Size == frame.data().CmdLists[0]->VtxBuffer.Size);
  CHECK(list.VtxBuffer[list.IdxBuffer[static_cast<int>(list.CmdBuffer[1].IdxOffset)]].pos.x == 5.0f);
  CHECK(partial.Build(frame.data(), kFb, {}).CmdListsCount == 0);
}

}  // namespace tilewalk::app::partial_draw_data_test
