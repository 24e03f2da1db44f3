#include "walkthrough/kernel_walk.hpp"

#include <map>
#include <memory>
#include <mutex>

namespace tilewalk::walkthrough {
namespace {

std::unique_ptr<KernelWalk> BuildWalk(const kernel::Kernel& kernel) {
  const kernel::KernelAssets& assets = kernel.info().assets;
  auto walk = std::make_unique<KernelWalk>();
  walk->kernel = &kernel;
  walk->sites = ParseSiteTable(assets.sites, kernel.info(), walk->problems);
  walk->mirror = MirrorIndex(assets.mirror);
  if (assets.fingerprint.size() != 1) {
    walk->problems.push_back({std::string(assets.root), 0,
                              "a kernel ships exactly one fingerprint, " + std::string(kernel.info().name) +
                                  " has " + std::to_string(assets.fingerprint.size())});
  } else if (auto parsed = ParsePinnedFile(assets.fingerprint.front().text); !parsed) {
    walk->problems.push_back(
        {std::string(assets.fingerprint.front().name), 0, std::string(parsed.error().message)});
  } else {
    walk->pinned = std::move(*parsed);
  }
  walk->library = LoadLibrary(*walk);  // reads the table, the mirror and the fingerprint above
  return walk;
}

}  // namespace

const KernelWalk& WalkOf(const kernel::Kernel& kernel) {
  static std::mutex mutex;
  static std::map<const kernel::Kernel*, std::unique_ptr<KernelWalk>> walks;
  const std::lock_guard lock(mutex);
  std::unique_ptr<KernelWalk>& walk = walks[&kernel];
  if (!walk) walk = BuildWalk(kernel);
  return *walk;
}

}  // namespace tilewalk::walkthrough
