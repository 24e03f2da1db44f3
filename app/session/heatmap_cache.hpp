// Heatmaps of values and buffers the recording keeps. Those never change once recorded, so the heatmap of
// the same one (the same shared object) is the same picture: stepping through statements that leave m, l
// or a scratch buffer as they were rebuilds nothing, and the screen's texture cache, keyed by the image,
// uploads nothing either. An entry holds its source, so the source's address cannot be reused by another
// object while the entry lives.
#pragma once

#include <cstddef>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/views/heatmap_picture.hpp"

namespace tilewalk::session {

class HeatmapCache {
 public:
  // The heatmap `build` makes of `source` under `label`, built the first time and kept for the last
  // kEntries sources asked for. A null source is never cached.
  views::Heatmap Get(const std::string& label, const std::shared_ptr<const void>& source,
                     const std::function<views::Heatmap()>& build);
  std::size_t size() const { return m_entries.size(); }

  static constexpr std::size_t kEntries = 32;

 private:
  struct Entry {
    std::string label;
    std::shared_ptr<const void> source;
    views::Heatmap heatmap;
  };
  std::vector<Entry> m_entries;  // the least recently used first
};

}  // namespace tilewalk::session
