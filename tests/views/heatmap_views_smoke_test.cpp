// The lanes and scores panes run real ImGui frames with no GL over their canned pictures, once with no
// texture (placeholders) and once with a dummy texture id, which must reach the draw list as an image.
#include <doctest/doctest.h>
#include <imgui.h>

#include "app/views/canned_tour_pictures.hpp"
#include "app/views/gallery.hpp"
#include "app/views/heatmap_context.hpp"
#include "app/views/lanes_view.hpp"
#include "app/views/scores_view.hpp"
#include "headless_imgui.hpp"

namespace tilewalk::views {
namespace {

// Hands out one fake id and counts the asks, as the GL cache would without touching GL.
struct FakeTextures final : HeatmapTextures {
  int asks = 0;
  TextureId Texture(const std::string&, const std::shared_ptr<const HeatmapImage>& image) override {
    ++asks;
    return image ? reinterpret_cast<TextureId>(static_cast<std::uintptr_t>(0x7E57)) : nullptr;
  }
};

bool DrewTexture(TextureId id) {
  const ImDrawData* data = ImGui::GetDrawData();
  for (int l = 0; l < data->CmdListsCount; ++l)
    for (const ImDrawCmd& cmd : data->CmdLists[l]->CmdBuffer)
      if (cmd.TextureId == id) return true;
  return false;
}

}  // namespace

TEST_CASE("heatmap views smoke: lanes and scores draw their canned pictures, with and without a texture") {
  HeadlessImGui imgui;
  LanesPicture lanes = CannedLanesPicture();
  ScoresPicture scores = CannedScoresPicture();
  CHECK(lanes.m.image->width == 128);
  CHECK(imgui.Frame([&] { DrawLanesView(lanes); }) > 200);
  CHECK(imgui.Frame([&] { DrawScoresView(scores); }) > 200);

  FakeTextures fake;
  AttachTexture(&fake, "lanes.m", lanes.m);
  AttachTexture(&fake, "scores.s", scores.s);
  CHECK(fake.asks == 2);
  const TextureId id = lanes.m.texture;
  REQUIRE(id != nullptr);
  imgui.Frame([&] { DrawLanesView(lanes); });
  CHECK(DrewTexture(id));
  imgui.Frame([&] { DrawScoresView(scores); });
  CHECK(DrewTexture(id));
}

TEST_CASE("heatmap views smoke: empty pictures say why and draw no image") {
  HeadlessImGui imgui;
  imgui.Frame([&] { DrawLanesView({.empty_message = "no lanes here"}); });
  imgui.Frame([&] { DrawScoresView({.empty_message = "no scores here"}); });
  imgui.Frame([&] { DrawLanesView({}); });
  imgui.Frame([&] { DrawScoresView({}); });
}

TEST_CASE("heatmap views smoke: the gallery draws with the context's texture source registered") {
  HeadlessImGui imgui;
  FakeTextures fake;
  SetContextHeatmapTextures(&fake);
  GalleryState gallery;
  CHECK(ContextHeatmapTextures() == &fake);
  // The gallery opens on its first tab; this checks that it draws with a texture source registered.
  imgui.Frame(
      [&] { DrawGallery(gallery, nullptr); });  // a new window is measured, not drawn, on its first frame
  CHECK(imgui.Frame([&] { DrawGallery(gallery, nullptr); }) > 100);
  SetContextHeatmapTextures(nullptr);
}

}  // namespace tilewalk::views
