// The heatmap cache says which textures it wrote pixels into, so that a window redrawing only what changed
// notices an image replaced under an id it has drawn before: the cache hands the two ids of a key out in
// turn, so the third image of a key lands in the texture of the first. Drawn with headless EGL.
#include "app/screen/heatmap_texture_cache.hpp"

#include <doctest/doctest.h>

#include <sstream>

#include "app/export/headless_renderer.hpp"

namespace tilewalk::app::heatmap_texture_cache_test {

std::shared_ptr<const views::HeatmapImage> Image(std::uint8_t grey) {
  return std::make_shared<const views::HeatmapImage>(
      views::HeatmapImage{.width = 2, .height = 1, .rgba = {grey, grey, grey, 255, grey, grey, grey, 255}});
}

TEST_CASE("heatmap texture cache: each texture whose pixels were replaced is listed once, until taken") {
  std::ostringstream warnings;
  auto renderer = HeadlessRenderer::Open({.layout = {.width = 64, .height = 64}}, warnings);
  REQUIRE_MESSAGE(renderer, (renderer ? "" : renderer.error().message));
  HeatmapTextureCache cache;
  const auto first = Image(10), second = Image(20), third = Image(30);
  const views::TextureId a = cache.Texture("scores.s", first);
  CHECK(cache.TakeReplaced() == std::vector<views::TextureId>{a});
  CHECK(cache.Texture("scores.s", first) == a);  // the same image: nothing written
  CHECK(cache.TakeReplaced().empty());
  const views::TextureId b = cache.Texture("scores.s", second);
  CHECK(b != a);
  const views::TextureId again = cache.Texture("scores.s", third);
  CHECK(again == a);  // the first image's texture now holds the third
  CHECK(cache.TakeReplaced() == std::vector<views::TextureId>{b, a});
  CHECK(cache.TakeReplaced().empty());
}

}  // namespace tilewalk::app::heatmap_texture_cache_test
