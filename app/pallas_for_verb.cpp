#include "app/pallas_for_verb.hpp"

#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_source.hpp"

namespace tilewalk::app {

base::Result<std::shared_ptr<const walkthrough::PallasIndex>> LoadPallasForVerb(
    const std::optional<std::filesystem::path>& flag, std::string_view verb, std::ostream& warnings) {
  static const walkthrough::KernelWalk& walk = walkthrough::WalkOf(kernel::DefaultKernel());
  auto source = walkthrough::FindPallasSource(flag, walk.pinned);
  if (!source) {
    if (flag) return source.error();
    if (source.error().reason != base::Reason::NotFound)
      warnings << "tilewalk " << verb << ": " << source.error().message << "; going on without it\n";
    return std::shared_ptr<const walkthrough::PallasIndex>();
  }
  static const walkthrough::Library library = walkthrough::LoadLibrary(walk);
  return std::make_shared<const walkthrough::PallasIndex>(std::move(*source), walk.sites, library.passages,
                                                          walk.pinned);
}

base::Status CheckPallasFlag(const std::optional<std::filesystem::path>& flag) {
  if (!flag) return {};
  if (auto source = walkthrough::FindPallasSource(flag, walkthrough::WalkOf(kernel::DefaultKernel()).pinned);
      !source)
    return source.error();
  return {};
}

}  // namespace tilewalk::app
