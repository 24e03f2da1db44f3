// The damage of a frame is every tile whose drawing changed, and only those: a quad recoloured or moved, a
// texture replaced under its id, triangles drawn in another order; and everything when there is nothing to
// compare with.
#include "app/gui/damage_tiles.hpp"

#include <doctest/doctest.h>

#include <algorithm>

#include "tests/app/gui/fake_draw_data.hpp"

namespace tilewalk::app::damage_tiles_test {

using fake_draw::Frame;
using fake_draw::Quad;

constexpr PixelSize kFb{.width = 200, .height = 100};  // 7 x 4 tiles, the last column and row cut short
constexpr ImU32 kGround = IM_COL32(5, 5, 8, 255);

Damage Next(DamageTiles& tiles, const std::vector<std::vector<Quad>>& lists, PixelSize fb = kFb,
            ImU32 ground = kGround) {
  Frame frame(fb, lists);
  return tiles.Update(frame.data(), fb, ground);
}

const std::vector<std::vector<Quad>> kTwoQuads = {
    {{.x0 = 40, .y0 = 40, .x1 = 50, .y1 = 50}, {.x0 = 140, .y0 = 8, .x1 = 150, .y1 = 20}}};

// The rectangles never overlap, and cover the damage.
long long CheckedArea(const Damage& d) {
  for (std::size_t i = 0; i < d.rects.size(); ++i)
    for (std::size_t j = i + 1; j < d.rects.size(); ++j) CHECK(Intersect(d.rects[i], d.rects[j]).Empty());
  long long area = 0;
  for (const PixelRect& r : d.rects) area += r.Area();
  CHECK(area == d.pixels);
  return area;
}

TEST_CASE("damage tiles: the first frame is whole, and the same frame again has no damage") {
  DamageTiles tiles;
  const Damage first = Next(tiles, kTwoQuads);
  CHECK(first.whole);
  CHECK(first.pixels == kFb.width * kFb.height);
  const Damage again = Next(tiles, kTwoQuads);
  CHECK_FALSE(again.whole);
  CHECK(again.rects.empty());
  CHECK(again.pixels == 0);
}

TEST_CASE("damage tiles: a recoloured quad damages its tile and nothing else") {
  DamageTiles tiles;
  Next(tiles, kTwoQuads);
  auto recoloured = kTwoQuads;
  recoloured[0][0].colour = IM_COL32(255, 0, 0, 255);
  const Damage d = Next(tiles, recoloured);
  REQUIRE(d.rects.size() == 1);
  // The quad's bounds, a pixel spare, reach from 39 to 51: tile (1, 1) alone.
  CHECK(d.rects[0] == PixelRect{.x0 = 32, .y0 = 32, .x1 = 64, .y1 = 64});
  CHECK(CheckedArea(d) == 32 * 32);
}

TEST_CASE("damage tiles: a quad moved damages where it was and where it is") {
  DamageTiles tiles;
  Next(tiles, kTwoQuads);
  auto moved = kTwoQuads;
  moved[0][0].x0 += 100;
  moved[0][0].x1 += 100;
  const Damage d = Next(tiles, moved);
  REQUIRE(d.rects.size() == 2);
  CHECK(d.rects[0] == PixelRect{.x0 = 32, .y0 = 32, .x1 = 64, .y1 = 64});
  CHECK(d.rects[1] == PixelRect{.x0 = 128, .y0 = 32, .x1 = 160, .y1 = 64});
  CheckedArea(d);
}

TEST_CASE("damage tiles: a texture replaced under its id damages the triangles that sample it") {
  DamageTiles tiles;
  ImTextureID heatmap = reinterpret_cast<ImTextureID>(7), font = reinterpret_cast<ImTextureID>(1);
  const std::vector<std::vector<Quad>> frame = {{{.x0 = 40, .y0 = 40, .x1 = 50, .y1 = 50, .texture = heatmap},
                                                 {.x0 = 140, .y0 = 8, .x1 = 150, .y1 = 20, .texture = font}}};
  Next(tiles, frame);
  CHECK(Next(tiles, frame).rects.empty());
  tiles.TextureReplaced(heatmap);
  const Damage d = Next(tiles, frame);  // the same draw data, other pixels
  REQUIRE(d.rects.size() == 1);
  CHECK(d.rects[0] == PixelRect{.x0 = 32, .y0 = 32, .x1 = 64, .y1 = 64});
  CHECK(Next(tiles, frame).rects.empty());  // and once drawn, it is the picture to compare with
}

TEST_CASE("damage tiles: the same triangles in another order damage the tiles where they overlap") {
  DamageTiles tiles;
  const Quad red{.x0 = 10, .y0 = 10, .x1 = 60, .y1 = 20, .colour = IM_COL32(255, 0, 0, 128)};
  const Quad blue{.x0 = 40, .y0 = 10, .x1 = 100, .y1 = 20, .colour = IM_COL32(0, 0, 255, 128)};
  Next(tiles, {{red}, {blue}});
  const Damage swapped = Next(tiles, {{blue}, {red}});  // blended, the overlap [40, 60) looks different
  REQUIRE(swapped.rects.size() == 1);
  CHECK(swapped.rects[0] == PixelRect{.x0 = 32, .y0 = 0, .x1 = 64, .y1 = 32});
}

TEST_CASE("damage tiles: a clip rectangle moved over a quad damages the tiles its edge crossed") {
  DamageTiles tiles;
  Quad clipped{.x0 = 0, .y0 = 40, .x1 = 200, .y1 = 50, .clip = {0.0f, 0.0f, 64.0f, 100.0f}};
  Next(tiles, {{clipped}});
  clipped.clip.z = 96.0f;
  const Damage d = Next(tiles, {{clipped}});
  REQUIRE(d.rects.size() == 1);
  CHECK(d.rects[0] == PixelRect{.x0 = 64, .y0 = 32, .x1 = 96, .y1 = 64});
  clipped.clip.z = 80.0f;  // its edge moves inside one tile, over the same triangles
  const Damage within = Next(tiles, {{clipped}});
  REQUIRE(within.rects.size() == 1);
  CHECK(within.rects[0] == PixelRect{.x0 = 64, .y0 = 32, .x1 = 96, .y1 = 64});
}

TEST_CASE("damage tiles: damage in an L is cut into rectangles that do not overlap, inside the framebuffer") {
  DamageTiles tiles;
  Next(tiles, {{}});
  const Damage d =
      Next(tiles, {{{.x0 = 40, .y0 = 40, .x1 = 190, .y1 = 50}, {.x0 = 170, .y0 = 40, .x1 = 190, .y1 = 99}}});
  // Columns 1 to 5 of row 1 (the quads' bounds, a pixel spare, end at 191), and column 5 of rows 2 and 3 (the
  // last row 4 pixels high).
  CHECK(CheckedArea(d) == 5 * 32 * 32 + 32 * 32 + 32 * 4);
  CHECK(d.rects.size() == 2);
  for (const PixelRect& r : d.rects) {
    CHECK(r.x1 <= kFb.width);
    CHECK(r.y1 <= kFb.height);
  }
}

TEST_CASE("damage tiles: whole after Forget, a resize, another ground, a user callback or a scale") {
  DamageTiles tiles;
  Next(tiles, kTwoQuads);
  tiles.Forget();
  CHECK(Next(tiles, kTwoQuads).whole);
  CHECK(Next(tiles, kTwoQuads, {.width = 220, .height = 100}).whole);
  CHECK(Next(tiles, kTwoQuads, {.width = 220, .height = 100}, IM_COL32(5, 5, 9, 255)).whole);
  CHECK_FALSE(Next(tiles, kTwoQuads, {.width = 220, .height = 100}, IM_COL32(5, 5, 9, 255)).whole);

  Frame frame(kFb, kTwoQuads);
  frame.data().CmdLists[0]->CmdBuffer[0].UserCallback = [](const ImDrawList*, const ImDrawCmd*) {};
  CHECK(tiles.Update(frame.data(), kFb, kGround).whole);
  CHECK(tiles.Update(frame.data(), kFb, kGround).whole);  // as long as the callback is there

  Frame scaled(kFb, kTwoQuads);
  scaled.data().FramebufferScale = ImVec2(2.0f, 2.0f);
  CHECK(tiles.Update(scaled.data(), kFb, kGround).whole);
}

}  // namespace tilewalk::app::damage_tiles_test
