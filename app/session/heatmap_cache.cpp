#include "app/session/heatmap_cache.hpp"

#include <algorithm>

namespace tilewalk::session {

views::Heatmap HeatmapCache::Get(const std::string& label, const std::shared_ptr<const void>& source,
                                 const std::function<views::Heatmap()>& build) {
  if (!source) return build();
  const auto found = std::find_if(m_entries.begin(), m_entries.end(),
                                  [&](const Entry& e) { return e.source == source && e.label == label; });
  if (found != m_entries.end()) {
    std::rotate(found, found + 1, m_entries.end());  // now the most recently used
    return m_entries.back().heatmap;
  }
  if (m_entries.size() >= kEntries) m_entries.erase(m_entries.begin());
  m_entries.push_back({label, source, build()});
  return m_entries.back().heatmap;
}

}  // namespace tilewalk::session
