#include "app/screen/heatmap_texture_cache.hpp"

#include <glad/gl.h>
#include <imgui.h>

#include <algorithm>
#include <cstdint>

#include "app/views/heatmap_context.hpp"

namespace tilewalk::app {

HeatmapTextureCache::HeatmapTextureCache() {
  if (ImGui::GetCurrentContext() != nullptr) views::SetContextHeatmapTextures(this);
}

HeatmapTextureCache::~HeatmapTextureCache() {
  if (ImGui::GetCurrentContext() != nullptr && views::ContextHeatmapTextures() == this)
    views::SetContextHeatmapTextures(nullptr);
  if (glad_glDeleteTextures == nullptr) return;
  for (auto& [key, entry] : m_entries)
    for (const std::uint32_t texture : {entry.texture, entry.previous})
      if (texture != 0) glDeleteTextures(1, &texture);
}

namespace {

std::uint32_t NewTexture() {
  GLuint id = 0;
  glGenTextures(1, &id);
  glBindTexture(GL_TEXTURE_2D, id);
  // Nearest: one element is a crisp square, and the hatching of masked entries stays stripes.
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  return id;
}

views::TextureId AsTextureId(std::uint32_t texture) {
  return reinterpret_cast<views::TextureId>(static_cast<std::uintptr_t>(texture));
}

}  // namespace

views::TextureId HeatmapTextureCache::Texture(const std::string& key,
                                              const std::shared_ptr<const views::HeatmapImage>& image) {
  if (!image || image->width <= 0 || image->height <= 0 || glad_glGenTextures == nullptr) return nullptr;
  Entry& entry = m_entries[key];
  if (entry.image == image) return AsTextureId(entry.texture);
  if (entry.texture != 0) {  // the image shown so far becomes the previous one
    if (entry.previous == 0) entry.previous = NewTexture();
    std::swap(entry.texture, entry.previous);
    std::swap(entry.width, entry.previous_width);
    std::swap(entry.height, entry.previous_height);
    entry.has_previous = true;
    entry.replaced_at = ImGui::GetCurrentContext() != nullptr ? ImGui::GetFrameCount() : 0;
  } else {
    entry.texture = NewTexture();
  }
  glBindTexture(GL_TEXTURE_2D, entry.texture);
  glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
  if (entry.width == image->width && entry.height == image->height) {
    glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, image->width, image->height, GL_RGBA, GL_UNSIGNED_BYTE,
                    image->rgba.data());
  } else {
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, image->width, image->height, 0, GL_RGBA, GL_UNSIGNED_BYTE,
                 image->rgba.data());
  }
  entry.image = image;
  entry.width = image->width;
  entry.height = image->height;
  ++m_uploads;
  // Each texture at most once, so that the list stays bounded where nobody takes it (an export).
  if (std::find(m_replaced.begin(), m_replaced.end(), AsTextureId(entry.texture)) == m_replaced.end())
    m_replaced.push_back(AsTextureId(entry.texture));
  return AsTextureId(entry.texture);
}

views::TextureId HeatmapTextureCache::Previous(const std::string& key) {
  const auto found = m_entries.find(key);
  if (found == m_entries.end() || !found->second.has_previous || found->second.replaced_at < m_fade_from)
    return nullptr;
  return AsTextureId(found->second.previous);
}

void HeatmapTextureCache::StartCrossFade() {
  m_fade_from = ImGui::GetCurrentContext() != nullptr ? ImGui::GetFrameCount() : 0;
}

}  // namespace tilewalk::app
