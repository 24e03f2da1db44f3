// The heatmap image builder of app/session: values become pixels on the colour ramp between the range's
// ends, masked entries are hatched and kept out of the range, the mask value (−2.4e38) never stretches the
// scale, and a tile whose lanes are alike gives an image whose columns are alike.
#include <doctest/doctest.h>

#include <array>
#include <cfloat>
#include <cstdlib>
#include <limits>
#include <vector>

#include "app/session/heatmap_builders.hpp"

namespace tilewalk::session {
namespace {

std::array<std::uint8_t, 4> Rgba(views::Rgb c) {
  return {c.r, c.g, c.b, 0xFF};
}

}  // namespace

TEST_CASE(
    "heatmap image: the smallest value is the ramp's start, the largest its end, one pixel per element") {
  tpu::Matrix m(2, 3);
  m << -1.0f, 0.0f, 1.0f, 2.0f, 3.0f, 4.0f;
  const views::Heatmap h = BuildHeatmap("s", m);
  REQUIRE(h.image);
  CHECK(h.image->width == 3);
  CHECK(h.image->height == 2);
  CHECK(h.rows == 2);
  CHECK(h.cols == 3);
  CHECK(h.has_range);
  CHECK(h.min == -1.0f);
  CHECK(h.max == 4.0f);
  CHECK(h.masked == 0);
  CHECK(h.image->Pixel(0, 0) == Rgba(views::ColourRamp(0.0f)));
  CHECK(h.image->Pixel(2, 1) == Rgba(views::ColourRamp(1.0f)));
  CHECK(h.image->Pixel(0, 1) == Rgba(views::ColourRamp(0.6f)));  // 2 is 3/5 of the way from -1 to 4
  CHECK(h.image->Pixel(0, 0) != h.image->Pixel(2, 1));
}

TEST_CASE("heatmap image: the mask value is off scale, so it cannot flatten the colours of the real scores") {
  const float mask_value = -0.7f * FLT_MAX;
  tpu::Matrix m(2, 2);
  m << 1.0f, mask_value, 3.0f, 5.0f;
  const views::Heatmap h = BuildHeatmap("s", m);
  CHECK(h.min == 1.0f);
  CHECK(h.max == 5.0f);
  CHECK(h.masked == 1);
  CHECK(h.image->Pixel(1, 0) == Rgba(views::kMaskValueGrey));
  CHECK(h.off_scale[static_cast<std::size_t>(views::OffScale::MaskValue)] == 1);
  CHECK(h.image->Pixel(1, 1) == Rgba(views::ColourRamp(1.0f)));
  // -inf (m before the first block) is off scale too.
  tpu::Matrix inf(1, 2);
  inf << -std::numeric_limits<float>::infinity(), 2.0f;
  CHECK(BuildHeatmap("m", inf).min == 2.0f);
}

TEST_CASE("heatmap image: NaN, -inf, +inf and the mask value each have a look of their own, off the ramp") {
  const float values[] = {std::numeric_limits<float>::quiet_NaN(), -std::numeric_limits<float>::infinity(),
                          std::numeric_limits<float>::infinity(), -0.7f * FLT_MAX};
  std::vector<std::vector<std::array<std::uint8_t, 4>>> looks;
  for (const float v : values) {
    tpu::Matrix m(6, 6);
    m.setConstant(v);
    m(5, 5) = 1.0f;  // one ordinary score, so that the tile has a range
    const views::Heatmap h = BuildHeatmap("t", m);
    const views::OffScale kind = *views::OffScaleOf(v);
    CHECK(h.off_scale[static_cast<std::size_t>(kind)] == 35);
    CHECK(h.masked == 35);
    std::vector<std::array<std::uint8_t, 4>> look;
    for (int y = 0; y < 5; ++y)
      for (int x = 0; x < 5; ++x) look.push_back(h.image->Pixel(x, y));
    looks.push_back(std::move(look));
  }
  // A lone entry of each kind, at the corner where no dot falls, still has its own colour, and none is the
  // dark grey of a mask's hatch.
  std::vector<std::array<std::uint8_t, 4>> lone;
  for (const float v : values) {
    tpu::Matrix m(1, 2);
    m << v, 1.0f;
    lone.push_back(BuildHeatmap("t", m).image->Pixel(0, 0));
    CHECK(lone.back() != Rgba(views::kHatchDark));
  }
  for (std::size_t a = 0; a < lone.size(); ++a)
    for (std::size_t b = a + 1; b < lone.size(); ++b) CHECK(lone[a] != lone[b]);
  // No two looks are the same picture.
  for (std::size_t a = 0; a < looks.size(); ++a)
    for (std::size_t b = a + 1; b < looks.size(); ++b) CHECK(looks[a] != looks[b]);
  // And no look's colours are a colour of the ramp: each is at least 40 away (sum of channel differences).
  for (const auto& look : looks)
    for (const auto& px : look)
      for (int i = 0; i <= 64; ++i) {
        const views::Rgb c = views::ColourRamp(static_cast<float>(i) / 64.0f);
        const int distance = std::abs(px[0] - c.r) + std::abs(px[1] - c.g) + std::abs(px[2] - c.b);
        CHECK(distance >= 40);
      }
}

TEST_CASE("heatmap image: padding rows are striped in their own colour, whatever they hold, and left out") {
  // Rows 2 and 3 are padding: NaN (interpret mode) in one, zeros in the other; neither is a value.
  const float nan = std::numeric_limits<float>::quiet_NaN();
  tpu::Matrix m(4, 2);
  m << 1.0f, 2.0f, 3.0f, 4.0f, nan, nan, 0.0f, 0.0f;
  const views::Heatmap h = BuildHeatmap("s", m, {}, /*real_rows=*/2);
  CHECK(h.min == 1.0f);
  CHECK(h.max == 4.0f);
  CHECK(h.masked == 4);
  for (int x = 0; x < 2; ++x) {
    CHECK(h.image->entry_bits[static_cast<std::size_t>(4 + x)] == views::heatmap_entry::kPadding);
    CHECK(h.image->entry_bits[static_cast<std::size_t>(6 + x)] == views::heatmap_entry::kPadding);
    CHECK(h.image->Pixel(x, 2) == Rgba(views::kPaddingLight));   // the first two padding rows: the stripe
    CHECK(h.image->Pixel(x, 2) != Rgba(views::kMaskValueGrey));  // not the grey of the mask value
  }
  CHECK(h.image->Pixel(1, 1) == Rgba(views::ColourRamp(1.0f)));
  // The ramp itself takes any float: NaN and values past its ends land on an end.
  CHECK(Rgba(views::ColourRamp(nan)) == Rgba(views::ColourRamp(0.0f)));
  CHECK(Rgba(views::ColourRamp(-2.0f)) == Rgba(views::ColourRamp(0.0f)));
  CHECK(Rgba(views::ColourRamp(7.0f)) == Rgba(views::ColourRamp(1.0f)));
  // Without real_rows every row is real: the NaN row is off scale, as before.
  CHECK(BuildHeatmap("s", m).image->entry_bits[4] == views::heatmap_entry::kOffScale);
}

TEST_CASE("heatmap image: causally masked entries are hatched and left out of the range") {
  tpu::Matrix m(4, 4);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) m(r, c) = c > r ? 100.0f : static_cast<float>(r + c);
  std::vector<std::uint8_t> mask(16, 0);
  for (int r = 0; r < 4; ++r)
    for (int c = r + 1; c < 4; ++c) mask[static_cast<std::size_t>(r * 4 + c)] = mask_bits::kCausal;
  const views::Heatmap h = BuildHeatmap("s", m, mask);
  CHECK(h.masked == 6);
  CHECK(h.max == 6.0f);  // not 100: the masked entries do not count
  CHECK(h.min == 0.0f);
  // The hatch alternates a grey stripe with the entry's dimmed colour; never the ramp's own colours.
  const auto at_01 = h.image->Pixel(1, 0), at_02 = h.image->Pixel(2, 0);
  CHECK((at_01 == Rgba(views::kHatchLight) || at_02 == Rgba(views::kHatchLight)));
  CHECK(at_01 != Rgba(views::ColourRamp(1.0f)));
  CHECK(h.image->Pixel(3, 3) == Rgba(views::ColourRamp(1.0f)));
}

TEST_CASE(
    "heatmap image: a fully masked block before the mask value is added still shows its values, dimmed") {
  tpu::Matrix m(2, 2);
  m << 1.0f, 2.0f, 3.0f, 4.0f;
  const views::Heatmap h = BuildHeatmap("s", m, std::vector<std::uint8_t>(4, mask_bits::kCausal));
  CHECK(h.masked == 4);
  CHECK(h.has_range);
  CHECK(h.min == 1.0f);
  CHECK(h.max == 4.0f);
}

TEST_CASE("heatmap image: identical lanes give identical columns") {
  tpu::Matrix m(8, 128);
  for (int r = 0; r < 8; ++r) m.row(r).setConstant(static_cast<float>(r * r) - 3.0f);
  const views::Heatmap h = BuildHeatmap("m", m);
  for (int y = 0; y < 8; ++y)
    for (int x = 1; x < 128; ++x) REQUIRE(h.image->Pixel(x, y) == h.image->Pixel(0, y));
  CHECK(h.image->Pixel(0, 0) != h.image->Pixel(0, 7));
}

TEST_CASE("heatmap image: a constant tile paints the middle of the ramp") {
  tpu::Matrix m = tpu::Matrix::Constant(3, 3, 0.0f);
  const views::Heatmap h = BuildHeatmap("l", m);
  CHECK(h.min == 0.0f);
  CHECK(h.max == 0.0f);
  CHECK(h.image->Pixel(1, 1) == Rgba(views::ColourRamp(0.5f)));
}

}  // namespace tilewalk::session
