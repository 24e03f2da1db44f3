#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>

#include "app/session/heatmap_builders.hpp"
#include "base/number_text.hpp"

namespace tilewalk::session {
namespace {

void Put(views::HeatmapImage& image, int x, int y, views::Rgb c) {
  const std::size_t at =
      (static_cast<std::size_t>(y) * static_cast<std::size_t>(image.width) + static_cast<std::size_t>(x)) * 4;
  image.rgba[at] = c.r;
  image.rgba[at + 1] = c.g;
  image.rgba[at + 2] = c.b;
  image.rgba[at + 3] = 0xFF;
}

}  // namespace

tpu::Matrix FirstTile(const tpu::Array& array) {
  const tpu::Shape& shape = array.shape();
  if (shape.rank() < 2) return {};
  const auto rows = static_cast<int>(shape[-2]), cols = static_cast<int>(shape[-1]);
  tpu::Matrix m(rows, cols);
  array.ReadFloats(0, static_cast<int64_t>(rows) * cols, m.data());
  return m;
}

int QueryLength(const walkthrough::Recording& rec, int launch) {
  const kernel::LaunchInfo* info = rec.launches()[static_cast<std::size_t>(launch)].info;
  const kernel::ScenarioField* field =
      info == nullptr ? nullptr : rec.scenario().schema().Find(info->axes.row_length_field);
  if (field == nullptr) return 0;
  const auto length = base::ParseWhole(rec.scenario().Get(*field), 0, std::numeric_limits<int>::max());
  return length ? static_cast<int>(*length) : 0;
}

int RealQueryRows(const walkthrough::Snapshot& snap, int q_len, int rows) {
  if (snap.launch_name != "fwd" || snap.grid_index.rank() < 3 || q_len <= 0) return rows;
  const int64_t left = static_cast<int64_t>(q_len) - snap.grid_index[2] * static_cast<int64_t>(rows);
  return static_cast<int>(std::clamp<int64_t>(left, 0, rows));
}

views::Heatmap BuildHeatmap(std::string label, const tpu::Matrix& data, const std::vector<std::uint8_t>& mask,
                            int real_rows) {
  const int rows = static_cast<int>(data.rows()), cols = static_cast<int>(data.cols());
  const bool masked_given = mask.size() == static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols);
  auto bits = [&](int r, int c) -> std::uint8_t {
    std::uint8_t b =
        masked_given
            ? mask[static_cast<std::size_t>(r) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(c)]
            : 0;
    if (real_rows >= 0 && r >= real_rows) return static_cast<std::uint8_t>(b | mask_bits::kPadding);
    const float v = data(r, c);
    if (views::OffScaleOf(v)) b |= mask_bits::kOffScale;
    return b;
  };
  views::Heatmap h{.label = std::move(label), .rows = rows, .cols = cols};
  // The range: unmasked entries; if a mask covers everything (a block above the diagonal, before the mask
  // value is added), the masked entries that are still ordinary numbers, so that they show through dimmed.
  float lo = 0.0f, hi = 0.0f;
  for (const bool include_masked : {false, true}) {
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        const std::uint8_t b = bits(r, c);
        if (!include_masked && b != 0) ++h.masked;
        if ((include_masked ? (b & (mask_bits::kOffScale | mask_bits::kPadding)) : b) != 0) continue;
        const float v = data(r, c);
        if (!h.has_range) {
          lo = hi = v;
          h.has_range = true;
        }
        lo = std::min(lo, v);
        hi = std::max(hi, v);
      }
    }
    if (h.has_range) break;
  }
  h.min = lo;
  h.max = hi;
  auto image = std::make_shared<views::HeatmapImage>();
  image->width = cols;
  image->height = rows;
  image->rgba.assign(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * 4, 0);
  image->values.reserve(static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols));
  image->entry_bits.reserve(image->values.capacity());
  static_assert(mask_bits::kCausal == views::heatmap_entry::kCausalMasked &&
                mask_bits::kSegment == views::heatmap_entry::kSegmentMasked &&
                mask_bits::kOffScale == views::heatmap_entry::kOffScale &&
                mask_bits::kPadding == views::heatmap_entry::kPadding);
  const float span = hi - lo;
  auto colour = [&](float v) { return views::ColourRamp(span > 0.0f ? (v - lo) / span : 0.5f); };
  auto dim = [](views::Rgb c) {
    return views::Rgb{static_cast<std::uint8_t>(c.r / 3), static_cast<std::uint8_t>(c.g / 3),
                      static_cast<std::uint8_t>(c.b / 3)};
  };
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < cols; ++c) {
      const std::uint8_t b = bits(r, c);
      image->values.push_back(data(r, c));
      image->entry_bits.push_back(b);
      const bool off = (b & mask_bits::kOffScale) != 0;
      // A masked entry alternates a grey stripe with its own colour dimmed (or dark grey, when its value is
      // the mask value and has no colour).
      const auto under = [&] { return off ? views::kHatchDark : dim(colour(data(r, c))); };
      if (b & mask_bits::kPadding) {
        // "—" stripes from the first padding row
        Put(*image, c, r, ((r - real_rows) & 3) < 2 ? views::kPaddingLight : views::kHatchDark);
      } else if (b & mask_bits::kCausal) {
        Put(*image, c, r, ((r + c) & 3) < 2 ? views::kHatchLight : under());  // "/" stripes
      } else if (b & mask_bits::kSegment) {
        Put(*image, c, r, ((c - r) & 3) < 2 ? views::kSegmentLight : under());  // "\" stripes
      } else if (off) {
        // A caller's mask may call a finite entry off scale: the mask value's grey, then.
        const views::OffScale kind = views::OffScaleOf(data(r, c)).value_or(views::OffScale::MaskValue);
        ++h.off_scale[static_cast<std::size_t>(kind)];
        Put(*image, c, r, views::OffScaleLook(kind, r, c));
      } else {
        Put(*image, c, r, colour(data(r, c)));
      }
    }
  }
  h.image = std::move(image);
  return h;
}

std::shared_ptr<const tpu::Value> CurrentValueOwned(const walkthrough::Snapshot& snap,
                                                    const std::string& site) {
  // Values are listed in the order their sites first ran in this step, which is program order: a site
  // listed after the cursor's own site last ran in the previous minor block.
  const auto at = [&](const std::string& name) {
    return std::find_if(snap.values.begin(), snap.values.end(),
                        [&](const auto& v) { return v.site == name; });
  };
  const auto found = at(site);
  if (found == snap.values.end() || !found->value || found->value->traced()) return nullptr;
  const auto cursor = at(snap.site.name);
  if (cursor != snap.values.end() && found > cursor) return nullptr;
  return found->value;
}

const tpu::Value* CurrentValue(const walkthrough::Snapshot& snap, const std::string& site) {
  return CurrentValueOwned(snap, site).get();
}

}  // namespace tilewalk::session
