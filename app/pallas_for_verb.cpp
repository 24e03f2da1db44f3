#include "app/pallas_for_verb.hpp"

#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::app {

std::vector<const kernel::KernelInfo*> RegisteredKernelInfos() {
  std::vector<const kernel::KernelInfo*> infos;
  for (const kernel::Kernel* k : kernel::Kernels()) infos.push_back(&k->info());
  return infos;
}

base::Result<walkthrough::PallasSource> FindKernelPallasSource(
    const kernel::Kernel& kernel, const std::optional<std::filesystem::path>& flag) {
  return walkthrough::FindPallasSource(walkthrough::WalkOf(kernel), flag, RegisteredKernelInfos());
}

base::Result<std::shared_ptr<const walkthrough::PallasIndex>> LoadPallasForVerb(
    const std::optional<std::filesystem::path>& flag, std::string_view verb, std::ostream& warnings,
    const kernel::Kernel& kernel) {
  const walkthrough::KernelWalk& walk = walkthrough::WalkOf(kernel);
  auto source = FindKernelPallasSource(kernel, flag);
  if (!source) {
    if (flag) return source.error();
    if (source.error().reason != base::Reason::NotFound)
      warnings << "tilewalk " << verb << ": " << source.error().message << "; going on without it\n";
    return std::shared_ptr<const walkthrough::PallasIndex>();
  }
  return std::make_shared<const walkthrough::PallasIndex>(std::move(*source), walk.sites,
                                                          walk.library.passages, walk.pinned);
}

base::Status CheckPallasFlag(const std::optional<std::filesystem::path>& flag, const kernel::Kernel& kernel) {
  if (!flag) return {};
  if (auto source = FindKernelPallasSource(kernel, flag); !source) return source.error();
  return {};
}

}  // namespace tilewalk::app
