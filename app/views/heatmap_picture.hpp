// A heatmap as the views receive it: an RGBA8 image that app/session painted from a tile of values (one
// pixel per element, masked entries hatched), the range its colours span, and the texture the app uploaded
// it to. Views never touch pixels or GL: they draw the texture and label it. The colour map lives here, in
// plain code, so that the session paints the image and the view paints the scale bar from one table.
#pragma once

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tilewalk::views {

// ImTextureID of ImGui 1.86 (checked where the views include imgui.h): kept as void* here so that app/session
// can fill pictures without including ImGui.
using TextureId = void*;

// What an entry of a heatmap is besides its value (the session's mask bits, the same numbers).
namespace heatmap_entry {
inline constexpr std::uint8_t kCausalMasked = 1;
inline constexpr std::uint8_t kSegmentMasked = 2;
inline constexpr std::uint8_t kOffScale = 4;  // not finite, or the mask value
inline constexpr std::uint8_t kPadding = 8;   // a row of a partial block past the array's end
}  // namespace heatmap_entry

// How many looks an entry off the colour scale can have (OffScale, below).
inline constexpr int kOffScaleKinds = 4;

struct HeatmapImage {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba{};  // width * height * 4, row-major, top row first
  // The entries themselves, for the value under the mouse: width * height each, row-major; may be empty.
  std::vector<float> values{};
  std::vector<std::uint8_t> entry_bits{};  // heatmap_entry flags

  std::array<std::uint8_t, 4> Pixel(int x, int y) const {
    const std::size_t at =
        (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 4;
    return {rgba[at], rgba[at + 1], rgba[at + 2], rgba[at + 3]};
  }
};

struct Heatmap {
  std::string label{};                            // "s", "m_next"
  int rows = 0, cols = 0;                         // of the tile; the image has one pixel per element
  float min = 0.0f, max = 0.0f;                   // the range the colours span: unmasked, finite entries only
  bool has_range = false;                         // false: no entry was in colour (all masked or not finite)
  int masked = 0;                                 // entries drawn hatched instead of coloured
  std::array<int, kOffScaleKinds> off_scale{};    // unmasked entries in each off-scale look, by OffScale
  int focus_first_row = -1, focus_last_row = -1;  // the rows the stop's words are about (`focus: rows`)
  std::shared_ptr<const HeatmapImage> image{};
  TextureId texture = nullptr;  // set by the app after upload; null draws a placeholder frame
  // A step's cross-fade: the image this one replaced, drawn over it at 1 - fade; none once fade is 1.
  TextureId previous = nullptr;
  float fade = 1.0f;
};

// The colour map: a perceptually ordered ramp from dark blue through teal and green to yellow (after
// viridis), readable on a projector and in grey. t in [0, 1]; beyond it the nearest end, and NaN the low end
// (a value that has no place on the ramp must not pick a stop through an undefined conversion).
struct Rgb {
  std::uint8_t r, g, b;
};
inline Rgb ColourRamp(float t) {
  static constexpr std::array<Rgb, 6> kStops{{{0x44, 0x01, 0x54},
                                              {0x41, 0x44, 0x87},
                                              {0x2A, 0x78, 0x8E},
                                              {0x22, 0xA8, 0x84},
                                              {0x7A, 0xD1, 0x51},
                                              {0xFD, 0xE7, 0x25}}};
  t = (t >= 0.0f ? std::min(t, 1.0f) : 0.0f) * static_cast<float>(kStops.size() - 1);
  const auto i = std::min(static_cast<std::size_t>(t), kStops.size() - 2);
  const float f = t - static_cast<float>(i);
  auto mix = [f](std::uint8_t a, std::uint8_t b) {
    return static_cast<std::uint8_t>(static_cast<float>(a) +
                                     (static_cast<float>(b) - static_cast<float>(a)) * f + 0.5f);
  };
  return {mix(kStops[i].r, kStops[i + 1].r), mix(kStops[i].g, kStops[i + 1].g),
          mix(kStops[i].b, kStops[i + 1].b)};
}

// Hatching of masked entries: two greys in diagonal stripes, "/" for the causal mask, "\" for the segment
// mask. Padding rows (past the end of the array in a partial block) are striped across in their own purple,
// whatever they hold: Pallas leaves them unspecified (NaN in interpret mode), so no value of theirs means
// anything.
inline constexpr Rgb kHatchLight{0x5A, 0x5E, 0x66}, kHatchDark{0x26, 0x28, 0x2E},
    kSegmentLight{0x9A, 0x6A, 0x4A}, kPaddingLight{0x8E, 0x6C, 0xB8};

// An entry off the colour scale, each with a look of its own, so that fresh scratch (NaN), a running max
// before its first block (−inf) and the mask value never read as one grey.
enum class OffScale : std::uint8_t { NaN, MinusInf, PlusInf, MaskValue };
inline constexpr float kOffScaleMagnitude = 1e30f;  // beyond it a finite entry is the mask value (−0.7 × max)

inline std::optional<OffScale> OffScaleOf(float v) {
  if (std::isnan(v)) return OffScale::NaN;
  if (std::isinf(v)) return v < 0.0f ? OffScale::MinusInf : OffScale::PlusInf;
  if (std::fabs(v) > kOffScaleMagnitude) return OffScale::MaskValue;
  return std::nullopt;
}

// Adds `counts` (indexed by OffScale) into `into`: the key of a pane sums the heatmaps it shows.
inline void AddOffScaleCounts(std::array<int, kOffScaleKinds>& into,
                              const std::array<int, kOffScaleKinds>& counts) {
  for (std::size_t k = 0; k < into.size(); ++k) into[k] += counts[k];
}

inline const char* OffScaleName(OffScale kind) {
  switch (kind) {
    case OffScale::NaN:
      return "NaN";
    case OffScale::MinusInf:
      return "-inf";
    case OffScale::PlusInf:
      return "+inf";
    case OffScale::MaskValue:
      return "mask value";
  }
  return "";
}

// The look of an off-scale entry at (row, col): NaN a rose checkerboard on dark rose, −inf blue dots on dark
// blue and +inf amber dots on dark amber, the mask value flat grey. Every entry carries its kind's tint, a
// lone one too, and none is the dark grey of a mask's hatch; hues the colour ramp never takes.
inline constexpr Rgb kNaNLight{0xA8, 0x4C, 0x6C}, kMinusInfLight{0x6F, 0xA8, 0xDC},
    kPlusInfLight{0xE8, 0xB0, 0x4A}, kMaskValueGrey{0x4A, 0x4A, 0x52}, kNaNDark{0x3E, 0x1C, 0x2A},
    kMinusInfDark{0x1C, 0x2A, 0x48}, kPlusInfDark{0x48, 0x32, 0x10};
inline Rgb OffScaleLook(OffScale kind, int row, int col) {
  const bool dot = row % 3 == 1 && col % 3 == 1;
  switch (kind) {
    case OffScale::NaN:
      return ((row >> 1) + (col >> 1)) % 2 == 0 ? kNaNLight : kNaNDark;
    case OffScale::MinusInf:
      return dot ? kMinusInfLight : kMinusInfDark;
    case OffScale::PlusInf:
      return dot ? kPlusInfLight : kPlusInfDark;
    case OffScale::MaskValue:
      return kMaskValueGrey;
  }
  return kHatchDark;
}

// Turns uploaded images into textures, keyed by pane and slot ("scores.s"), re-uploading only when the image
// changes. The app implements it with GL; the views only ask.
class HeatmapTextures {
 public:
  virtual ~HeatmapTextures() = default;
  virtual TextureId Texture(const std::string& key, const std::shared_ptr<const HeatmapImage>& image) = 0;
  // The texture of the image the key held before its latest one; null when there was none.
  virtual TextureId Previous(const std::string& key) { return (void)key, nullptr; }
};

// `fade` below 1: a step's cross-fade is under way, and the previous image is drawn over at 1 - fade.
inline void AttachTexture(HeatmapTextures* textures, const std::string& key, Heatmap& heatmap,
                          float fade = 1.0f) {
  heatmap.texture = textures != nullptr && heatmap.image ? textures->Texture(key, heatmap.image) : nullptr;
  heatmap.previous = heatmap.texture != nullptr && fade < 1.0f ? textures->Previous(key) : nullptr;
  heatmap.fade = fade;
}

}  // namespace tilewalk::views
