#include "kernels/flash/flash_error.hpp"

#include <array>
#include <utility>

namespace tilewalk::flash {

void RaiseArgumentError(tpu::ErrorType type, const char* site, std::string message,
                        std::source_location where) {
  throw tpu::KernelException(
      tpu::KernelError{type, tpu::Phase::ArgumentCheck, tpu::InternSite(site, where), std::move(message)});
}

std::string_view PallasFunctionOfSite(std::string_view site) {
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 10> kPrefixes = {{
      {"entry.", "flash_attention"},
      {"block_sizes.", "BlockSizes.__post_init__"},
      {"bwd.", "_flash_attention_bwd"},
      {"fwd_impl.", "_flash_attention_impl"},
      {"fwd_single.", "_flash_attention_kernel_single_batch_single_step"},
      {"fwd.", "_flash_attention_kernel_single_batch"},
      {"dkv_impl.", "_flash_attention_bwd_dkv"},
      {"dkv.", "_flash_attention_dkv_kernel"},
      {"dq_impl.", "_flash_attention_bwd_dq"},
      {"dq.", "_flash_attention_dq_kernel"},
  }};
  for (const auto& [prefix, function] : kPrefixes)
    if (site.starts_with(prefix)) return function;
  return {};
}

std::string ErrorAdvice(const tpu::KernelError& e, const std::string& launch) {
  const std::string in = launch.empty() ? "" : " (launch " + launch + ")";
  switch (e.type) {
    case tpu::ErrorType::ValueError:
    case tpu::ErrorType::NotImplementedError:
      return "The original rejects this scenario" + in + "; change the setting it names.";
    case tpu::ErrorType::OutOfVmem:
    case tpu::ErrorType::BlockShapeError:
      return "The compiler would refuse this launch" + in + "; use other block sizes.";
    case tpu::ErrorType::IndexMapError:
    case tpu::ErrorType::OutputRevisited:
      return "The real kernel would not report this: it would move the wrong data" + in +
             ". The TPU model stops here so that you can see where; change the shapes or block sizes.";
  }
  return {};
}

std::string DescribeError(const tpu::KernelError& e) {
  // One check of the original raises with no message; the site below still says what it checks.
  const std::string message = e.message.empty() ? " (raised without a message)" : ": " + e.message;
  std::string text = std::string(tpu::ErrorTypeName(e.type)) + message +
                     "\n  phase: " + std::string(tpu::PhaseName(e.phase));
  if (e.site != tpu::kNoSite) {
    const tpu::SiteInfo site = tpu::GetSite(e.site);
    text += "\n  at " + site.file + ":" + std::to_string(site.line) + " (site " + site.name + ")";
    const std::string_view function = PallasFunctionOfSite(site.name);
    if (!function.empty()) text += "\n  raised in the Pallas original by " + std::string(function);
  }
  return text;
}

}  // namespace tilewalk::flash
