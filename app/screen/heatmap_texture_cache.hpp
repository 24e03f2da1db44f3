// The GL side of the heatmaps: a small cache of RGBA8 textures keyed by pane and slot ("scores.s"). An
// image is uploaded when its key first appears and again only when the picture hands in a different image;
// textures are deleted with the cache, which must therefore die before the GL context (the frame loop's
// screen state does). Without GL functions loaded (the headless tests) it hands out no textures and the
// views draw placeholders.
//
// It also registers itself as the ImGui context's heatmap texture source (ImGuiIO::UserData), so that
// views that are not handed one, such as the gallery, can still upload their canned images.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::app {

class HeatmapTextureCache final : public views::HeatmapTextures {
 public:
  HeatmapTextureCache();
  HeatmapTextureCache(const HeatmapTextureCache&) = delete;
  HeatmapTextureCache& operator=(const HeatmapTextureCache&) = delete;
  ~HeatmapTextureCache() override;

  views::TextureId Texture(const std::string& key,
                           const std::shared_ptr<const views::HeatmapImage>& image) override;
  // Only an image replaced since the latest StartCrossFade(): one the step left unchanged does not fade
  // from an older image.
  views::TextureId Previous(const std::string& key) override;
  void StartCrossFade();  // a step's transition starts: the images replaced from now on fade in
  int uploads() const { return m_uploads; }  // how many times an image went to GL, for tests and the curious
  // The textures whose pixels were replaced since the last call, each once: an id shown before may now
  // show another image, which a window that redraws only what changed must know.
  std::vector<views::TextureId> TakeReplaced() { return std::exchange(m_replaced, {}); }

 private:
  // Two textures a key, in turn: a new image goes into the one not shown, and the other keeps the image
  // before it for a step's cross-fade.
  struct Entry {
    std::uint32_t texture = 0, previous = 0;           // GLuint
    std::shared_ptr<const views::HeatmapImage> image;  // the one uploaded; held so its address stays unique
    int width = 0, height = 0;
    int previous_width = 0, previous_height = 0;
    bool has_previous = false;
    int replaced_at = -1;  // the ImGui frame the image was last replaced in
  };
  int m_fade_from = 0;  // the ImGui frame of the latest StartCrossFade
  std::map<std::string, Entry> m_entries;
  int m_uploads = 0;
  std::vector<views::TextureId> m_replaced;
};

}  // namespace tilewalk::app
