#include "walkthrough/kernel_error_text.hpp"

#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::walkthrough {

std::string PallasFunctionOf(std::string_view site, const KernelWalk& walk) {
  const SiteRow* row = walk.sites.Find(site);
  return row == nullptr ? std::string() : row->function;
}

std::string DescribeKernelError(const tpu::KernelError& e, const KernelWalk& walk) {
  // One check of the original raises with no message; the site below still says what it checks.
  const std::string message = e.message.empty() ? " (raised without a message)" : ": " + e.message;
  std::string text = std::string(tpu::ErrorTypeName(e.type)) + message +
                     "\n  phase: " + std::string(tpu::PhaseName(e.phase));
  if (e.site == tpu::kNoSite) return text;
  const tpu::SiteInfo site = tpu::GetSite(e.site);
  text += "\n  at " + site.file + ":" + std::to_string(site.line) + " (site " + site.name + ")";
  if (const SiteRow* row = walk.sites.Find(site.name)) {
    const std::string lines = row->first == row->last
                                  ? "line " + std::to_string(row->first)
                                  : "lines " + std::to_string(row->first) + "-" + std::to_string(row->last);
    text += "\n  raised in the Pallas original by " + row->function + ", " + lines + " at the pinned commit";
  }
  return text;
}

}  // namespace tilewalk::walkthrough
