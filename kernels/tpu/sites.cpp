#include "kernels/tpu/sites.hpp"

#include <array>
#include <cassert>
#include <cstdint>
#include <map>
#include <mutex>
#include <utility>

namespace tilewalk::tpu {

namespace {

struct Registry {
  std::mutex mutex;
  std::vector<SiteInfo> sites{SiteInfo{}};
  // Keyed by the literal's address and line: the same call site always passes the same literal.
  std::map<std::pair<const void*, uint32_t>, SiteId> by_literal;
  // Keyed by name and file: each kernel's names are its own, so two kernels may both have a "fwd.run.s".
  std::map<std::pair<std::string, std::string>, SiteId> by_name;
};

Registry& TheRegistry() {
  static Registry registry;
  return registry;
}

SiteId InternInRegistry(const char* name, const base::SourceSite& where) {
  Registry& r = TheRegistry();
  std::lock_guard lock(r.mutex);
  const auto key = std::make_pair(static_cast<const void*>(name), where.line());
  if (auto it = r.by_literal.find(key); it != r.by_literal.end()) return it->second;
  auto name_key = std::make_pair(std::string(name), std::string(where.file_name()));
  if (auto it = r.by_name.find(name_key); it != r.by_name.end()) {
    // One name, one line of a file: a site name used at two places would make the source pane ambiguous.
    assert(r.sites[it->second].line == where.line() && "a site name must be used at exactly one source line");
    r.by_literal.emplace(key, it->second);
    return it->second;
  }
  assert(r.sites.size() < 0xFFFF && "too many sites for a 16-bit id");
  const auto id = static_cast<SiteId>(r.sites.size());
  r.sites.push_back(SiteInfo{name, where.file_name(), where.line(), where.function_name()});
  r.by_literal.emplace(key, id);
  r.by_name.emplace(std::move(name_key), id);
  return id;
}

// Every statement of every grid step interns its site, from every recording thread: a small per-thread
// cache in front of the registry keeps that off the registry's lock. Direct-mapped on the literal's
// address and line, as the registry is keyed.
struct CachedSite {
  const char* name = nullptr;
  uint32_t line = 0;
  SiteId id = kNoSite;
};
constexpr std::size_t kCacheSize = 512;

}  // namespace

SiteId InternSite(const char* name, const base::SourceSite& where) {
  thread_local std::array<CachedSite, kCacheSize> cache;
  const std::size_t slot = (reinterpret_cast<std::uintptr_t>(name) / 8 + where.line() * 31u) % kCacheSize;
  CachedSite& c = cache[slot];
  if (c.name != name || c.line != where.line()) c = {name, where.line(), InternInRegistry(name, where)};
  return c.id;
}

SiteInfo GetSite(SiteId id) {
  Registry& r = TheRegistry();
  std::lock_guard lock(r.mutex);
  return id < r.sites.size() ? r.sites[id] : SiteInfo{};
}

std::vector<SiteInfo> AllSites() {
  Registry& r = TheRegistry();
  std::lock_guard lock(r.mutex);
  return r.sites;
}

std::vector<SiteId> SitesNamed(std::string_view name) {
  std::vector<SiteId> ids;
  const std::vector<SiteInfo> sites = AllSites();
  for (std::size_t i = 1; i < sites.size(); ++i)
    if (sites[i].name == name) ids.push_back(static_cast<SiteId>(i));
  return ids;
}

std::vector<SiteId> SitesOnLine(uint32_t line) {
  std::vector<SiteId> ids;
  const std::vector<SiteInfo> sites = AllSites();
  for (std::size_t i = 1; i < sites.size(); ++i)
    if (sites[i].line == line) ids.push_back(static_cast<SiteId>(i));
  return ids;
}

}  // namespace tilewalk::tpu
