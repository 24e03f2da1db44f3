#include "walkthrough/pallas_regions.hpp"

namespace tilewalk::walkthrough {

const std::vector<PallasRegion>& PallasRegions() {
  static const std::vector<PallasRegion> regions = {
      {"constants", {"<module>"}},
      {"SegmentIds", {"SegmentIds"}},
      {"BlockSizes", {"BlockSizes"}},
      {"flash_attention", {"flash_attention"}},
      {"_flash_attention", {"_flash_attention"}},
      {"_flash_attention_fwd", {"_flash_attention_fwd"}},
      {"_flash_attention_bwd", {"_flash_attention_bwd"}},
      {"below_or_on_diag", {"below_or_on_diag"}},
      {"_flash_attention_kernel", {"_flash_attention_kernel"}},
      {"forward tiled body", {"_flash_attention_kernel_single_batch"}},
      {"forward single-step body", {"_flash_attention_kernel_single_batch_single_step"}},
      {"cost estimate", {"_bytes", "_fwd_cost_estimate"}},
      {"_flash_attention_impl", {"_flash_attention_impl"}},
      {"dK/dV body", {"_flash_attention_dkv_kernel"}},
      {"dK/dV launch", {"_flash_attention_bwd_dkv"}},
      {"dQ body", {"_flash_attention_dq_kernel"}},
      {"dQ launch", {"_flash_attention_bwd_dq"}},
      {"references",
       {"mha_reference_no_custom_vjp", "mha_reference", "_mha_reference", "_mha_reference_fwd",
        "mha_reference_bwd", "_mha_reference_bwd"}},
      {"_verify_block", {"_verify_block"}},
  };
  return regions;
}

RegionCoverage CoverRegions(const std::vector<std::string>& lines, const PythonOutline& outline,
                            const std::vector<std::pair<int, int>>& ranges) {
  RegionCoverage out;
  for (const PallasRegion& region : PallasRegions()) {
    std::vector<bool> in(lines.size() + 1, false);
    bool exists = false;
    for (const std::string& f : region.functions) {
      if (f == "<module>") {
        for (std::size_t i = 0; i < lines.size(); ++i)
          if (outline.module_level[i]) in[i + 1] = exists = true;
        continue;
      }
      for (const PythonBlock& b : outline.blocks)
        if (b.indent == 0 && b.name == f)
          for (int l = b.first; l <= b.last; ++l) in[static_cast<std::size_t>(l)] = exists = true;
    }
    bool covered = false;
    for (const auto& [first, last] : ranges)
      for (int l = first; l <= last && !covered; ++l)
        covered = l >= 1 && l < static_cast<int>(in.size()) && in[static_cast<std::size_t>(l)];
    out.regions.emplace_back(region.name, covered);
    out.covered += covered;
    out.missing_in_file += !exists;
    out.total += 1;
  }
  return out;
}

}  // namespace tilewalk::walkthrough
