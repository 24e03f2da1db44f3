#include "kernels/splash/entry/splash_python.hpp"

namespace tilewalk::splash {
namespace {

constexpr std::string_view kModuleLevel[] = {"<module>"};
constexpr std::string_view kKernelName[] = {"get_kernel_name"};
constexpr std::string_view kSegmentIds[] = {"SegmentIds"};
constexpr std::string_view kReferences[] = {"_attention_reference",
                                            "_attention_reference_default",
                                            "attention_reference",
                                            "_attention_reference_custom_fwd",
                                            "_attention_reference_custom_bwd",
                                            "attention_reference_custom",
                                            "make_attention_reference"};
constexpr std::string_view kLayout[] = {"QKVLayout", "from_head_minor"};
constexpr std::string_view kBlockSizes[] = {"BlockSizes"};
constexpr std::string_view kNextNonzero[] = {"_next_nonzero"};
constexpr std::string_view kApplyMask[] = {"_apply_mask_and_soft_cap"};
constexpr std::string_view kForwardBody[] = {"flash_attention_kernel"};
constexpr std::string_view kForwardLaunch[] = {"_splash_attention_forward", "_div"};
constexpr std::string_view kCustomVjp[] = {"_splash_attention_custom", "_splash_attention_fwd",
                                           "_splash_attention_bwd", "_splash_attention"};
constexpr std::string_view kDqBody[] = {"_flash_attention_dq_kernel"};
constexpr std::string_view kDqLaunch[] = {"_splash_attention_bwd_dq"};
constexpr std::string_view kDkvBody[] = {"_flash_attention_dkv_kernel"};
constexpr std::string_view kDkvLaunch[] = {"_splash_attention_bwd_dkv"};
constexpr std::string_view kKernelClass[] = {"SplashAttentionKernel"};
constexpr std::string_view kMake[] = {"_make_splash_attention"};

constexpr kernel::PallasRegion kRegions[] = {
    {"constants", kModuleLevel},
    {"get_kernel_name", kKernelName},
    {"SegmentIds", kSegmentIds},
    {"references", kReferences},
    {"QKVLayout", kLayout},
    {"BlockSizes", kBlockSizes},
    {"_next_nonzero", kNextNonzero},
    {"_apply_mask_and_soft_cap", kApplyMask},
    {"forward body", kForwardBody},
    {"forward launch", kForwardLaunch},
    {"custom vjp", kCustomVjp},
    {"dQ body", kDqBody},
    {"dQ launch", kDqLaunch},
    {"dK/dV body", kDkvBody},
    {"dK/dV launch", kDkvLaunch},
    {"SplashAttentionKernel", kKernelClass},
    {"_make_splash_attention", kMake},
};

// The default step is causal (a computed mask, shrunk tables, padded steps); the options run turns on what
// the bodies test: segment ids, the soft cap, a local window and grouped heads; the fused run has no dQ
// launch and writes dq partials from the dK/dV body.
constexpr kernel::CoverageScenario kCoverage[] = {
    {"default", "--mask causal"},
    {"every_option", "--mask local --window 256 --segments 2 --soft-cap 30 --heads 2 --kv-heads 1"},
    {"fused", "--mask causal --fused-bwd"},
};

constexpr kernel::CoverageBody kBodies[] = {
    {"flash_attention_kernel", "default"},
    {"_flash_attention_dq_kernel", "default"},
    {"_flash_attention_dkv_kernel", "default"},
};

}  // namespace

kernel::PythonFile SplashPythonFile() {
  return {.file_name = "splash_attention_kernel.py",
          .jax_path = "pallas/ops/tpu/splash_attention/splash_attention_kernel.py",
          .module = "jax.experimental.pallas.ops.tpu.splash_attention.splash_attention_kernel",
          .defines = "_splash_attention_forward",
          .env_var = "TILEWALK_SPLASH_SOURCE",
          .regions = kRegions,
          .coverage = kCoverage,
          .bodies = kBodies};
}

}  // namespace tilewalk::splash
