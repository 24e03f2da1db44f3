#include "kernels/flash/entry/flash_python.hpp"

namespace tilewalk::flash {
namespace {

constexpr std::string_view kModuleLevel[] = {"<module>"};
constexpr std::string_view kSegmentIds[] = {"SegmentIds"};
constexpr std::string_view kBlockSizes[] = {"BlockSizes"};
constexpr std::string_view kEntry[] = {"flash_attention"};
constexpr std::string_view kCustomVjp[] = {"_flash_attention"};
constexpr std::string_view kFwdRule[] = {"_flash_attention_fwd"};
constexpr std::string_view kBwdRule[] = {"_flash_attention_bwd"};
constexpr std::string_view kBelowOrOnDiag[] = {"below_or_on_diag"};
constexpr std::string_view kForwardKernel[] = {"_flash_attention_kernel"};
constexpr std::string_view kForwardTiled[] = {"_flash_attention_kernel_single_batch"};
constexpr std::string_view kForwardSingleStep[] = {"_flash_attention_kernel_single_batch_single_step"};
constexpr std::string_view kCostEstimate[] = {"_bytes", "_fwd_cost_estimate"};
constexpr std::string_view kImpl[] = {"_flash_attention_impl"};
constexpr std::string_view kDkvBody[] = {"_flash_attention_dkv_kernel"};
constexpr std::string_view kDkvLaunch[] = {"_flash_attention_bwd_dkv"};
constexpr std::string_view kDqBody[] = {"_flash_attention_dq_kernel"};
constexpr std::string_view kDqLaunch[] = {"_flash_attention_bwd_dq"};
constexpr std::string_view kReferences[] = {
    "mha_reference_no_custom_vjp", "mha_reference",     "_mha_reference",
    "_mha_reference_fwd",          "mha_reference_bwd", "_mha_reference_bwd"};
constexpr std::string_view kVerifyBlock[] = {"_verify_block"};

constexpr kernel::PallasRegion kRegions[] = {
    {"constants", kModuleLevel},
    {"SegmentIds", kSegmentIds},
    {"BlockSizes", kBlockSizes},
    {"flash_attention", kEntry},
    {"_flash_attention", kCustomVjp},
    {"_flash_attention_fwd", kFwdRule},
    {"_flash_attention_bwd", kBwdRule},
    {"below_or_on_diag", kBelowOrOnDiag},
    {"_flash_attention_kernel", kForwardKernel},
    {"forward tiled body", kForwardTiled},
    {"forward single-step body", kForwardSingleStep},
    {"cost estimate", kCostEstimate},
    {"_flash_attention_impl", kImpl},
    {"dK/dV body", kDkvBody},
    {"dK/dV launch", kDkvLaunch},
    {"dQ body", kDqBody},
    {"dQ launch", kDqLaunch},
    {"references", kReferences},
    {"_verify_block", kVerifyBlock},
};

// The tiled run has no causal mask, so that the other side of each `if causal:` runs; the single-step runs
// (kv length 512 in one block) have one, so that dQ zeroes ds above the diagonal with a bias. Every option
// the bodies test is on in the every_option runs.
constexpr kernel::CoverageScenario kCoverage[] = {
    {"default", "--causal"},
    {"single_step", "--causal --block-k-major 512 --block-k 512"},
    {"every_option", "--bias --segments 2 --sm-scale 0.125 --head-dim 64"},
    {"every_option_single_step",
     "--causal --bias --segments 2 --sm-scale 0.125 --head-dim 64 --block-k-major 512 --block-k 512"},
};

// The tiled forward, dK/dV and dQ bodies run in the default causal step; the single-step forward body when
// one kv block covers the sequence.
constexpr kernel::CoverageBody kBodies[] = {
    {"_flash_attention_kernel_single_batch", "default"},
    {"_flash_attention_kernel_single_batch_single_step", "single_step"},
    {"_flash_attention_dkv_kernel", "default"},
    {"_flash_attention_dq_kernel", "default"},
};

}  // namespace

kernel::PythonFile FlashPythonFile() {
  return {.file_name = "flash_attention.py",
          .jax_path = "pallas/ops/tpu/flash_attention.py",
          .module = "jax.experimental.pallas.ops.tpu.flash_attention",
          .defines = "_flash_attention_impl",
          .env_var = "TILEWALK_PALLAS_SOURCE",
          .regions = kRegions,
          .coverage = kCoverage,
          .bodies = kBodies};
}

}  // namespace tilewalk::flash
