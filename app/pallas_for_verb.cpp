#include "app/pallas_for_verb.hpp"

#include "kernels/registry/registry.hpp"
#include "walkthrough/kernel_walk.hpp"
#include "walkthrough/library.hpp"
#include "walkthrough/pallas_source.hpp"

namespace tilewalk::app {

base::Result<std::shared_ptr<const walkthrough::PallasIndex>> LoadPallasForVerb(
    const std::optional<std::filesystem::path>& flag, std::string_view verb, std::ostream& warnings) {
  auto source = walkthrough::FindPallasSource(flag);
  if (!source) {
    if (flag) return source.error();
    if (source.error().reason != base::Reason::NotFound)
      warnings << "tilewalk " << verb << ": " << source.error().message << "; going on without it\n";
    return std::shared_ptr<const walkthrough::PallasIndex>();
  }
  static const walkthrough::Library library =
      walkthrough::LoadLibrary(walkthrough::WalkOf(kernel::DefaultKernel()));
  return std::make_shared<const walkthrough::PallasIndex>(std::move(*source), walkthrough::ShippedSiteTable(),
                                                          library.passages);
}

base::Status CheckPallasFlag(const std::optional<std::filesystem::path>& flag) {
  if (!flag) return {};
  if (auto source = walkthrough::FindPallasSource(flag); !source) return source.error();
  return {};
}

}  // namespace tilewalk::app
