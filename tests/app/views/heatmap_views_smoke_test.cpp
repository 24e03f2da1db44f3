// The lanes and scores panes run real ImGui frames with no GL over their canned pictures, once with no
// texture (placeholders) and once with a dummy texture id, which must reach the draw list as an image.
#include <doctest/doctest.h>
#include <imgui.h>

#include <algorithm>

#include "app/views/canned_tour_pictures.hpp"
#include "app/views/gallery.hpp"
#include "app/views/heatmap_context.hpp"
#include "app/views/lanes_view.hpp"
#include "app/views/scores_view.hpp"
#include "tests/app/views/headless_imgui.hpp"

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
  // The lanes and scores exhibits ask the context's source for their textures and draw them.
  for (const GalleryView view : {GalleryView::Lanes, GalleryView::Scores}) {
    CAPTURE(std::string(GalleryViewName(view)));
    const auto exhibit = std::find_if(gallery.exhibits.begin(), gallery.exhibits.end(),
                                      [&](const GalleryExhibit& e) { return e.view == view; });
    REQUIRE(exhibit != gallery.exhibits.end());
    gallery.selected = static_cast<std::size_t>(exhibit - gallery.exhibits.begin());
    const int asked = fake.asks;
    for (int frame = 0; frame < 3; ++frame) {
      imgui.Frame([&] {
        ImGui::SetNextWindowSize(kDisplay, ImGuiCond_FirstUseEver);  // as the app's shell does
        DrawGallery(gallery, nullptr);
      });
    }
    CHECK(fake.asks > asked);
    CHECK(DrewTexture(reinterpret_cast<TextureId>(static_cast<std::uintptr_t>(0x7E57))));
  }
  SetContextHeatmapTextures(nullptr);
}

}  // namespace tilewalk::views
