#include "kernels/splash/entry/splash_python.hpp"

namespace tilewalk::splash {
namespace {

constexpr std::string_view kModuleLevel[] = {"<module>"};
constexpr std::string_view kSegmentIds[] = {"SegmentIds"};
constexpr std::string_view kKernelName[] = {"get_kernel_name"};
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
constexpr std::string_view kForwardLaunch[] = {"_div", "_splash_attention_forward"};
constexpr std::string_view kCustomVjp[] = {"_splash_attention_custom"};
constexpr std::string_view kFwdRule[] = {"_splash_attention_fwd"};
constexpr std::string_view kDqBody[] = {"_flash_attention_dq_kernel"};
constexpr std::string_view kDqLaunch[] = {"_splash_attention_bwd_dq"};
constexpr std::string_view kDkvBody[] = {"_flash_attention_dkv_kernel"};
constexpr std::string_view kDkvLaunch[] = {"_splash_attention_bwd_dkv"};
constexpr std::string_view kBwdRule[] = {"_splash_attention_bwd"};
constexpr std::string_view kSplash[] = {"_splash_attention"};
constexpr std::string_view kKernelClass[] = {"SplashAttentionKernel"};
constexpr std::string_view kMake[] = {"_make_splash_attention"};

constexpr kernel::PallasRegion kRegions[] = {
    {"constants", kModuleLevel},
    {"SegmentIds", kSegmentIds},
    {"get_kernel_name", kKernelName},
    {"references", kReferences},
    {"QKVLayout", kLayout},
    {"BlockSizes", kBlockSizes},
    {"_next_nonzero", kNextNonzero},
    {"mask and soft cap", kApplyMask},
    {"forward body", kForwardBody},
    {"forward launch", kForwardLaunch},
    {"_splash_attention_custom", kCustomVjp},
    {"_splash_attention_fwd", kFwdRule},
    {"dQ body", kDqBody},
    {"dQ launch", kDqLaunch},
    {"dK/dV body", kDkvBody},
    {"dK/dV launch", kDkvLaunch},
    {"_splash_attention_bwd", kBwdRule},
    {"_splash_attention", kSplash},
    {"SplashAttentionKernel", kKernelClass},
    {"_make_splash_attention", kMake},
};

// The default step is causal with separate dK/dV and dQ launches; the fused run computes dq inside the
// dK/dV body. The local window shrinks the grids to a band; MQA takes the single-head k and v paths;
// segments and the soft cap turn on the rest of the mask and logit code. An array mask needs a file, which
// a scenario here cannot name.
constexpr kernel::CoverageScenario kCoverage[] = {
    {"default", "--mask causal"},
    {"fused", "--mask causal --fused-bwd"},
    {"every_option", "--mask local --window 128 --heads 2 --kv-heads 1 --segments 2 --soft-cap 30"},
    {"every_option_fused",
     "--mask local --window 128 --heads 2 --kv-heads 1 --segments 2 --soft-cap 30 --fused-bwd"},
};

// The forward, dQ and dK/dV bodies run in the default causal step, with the mask and soft-cap code they
// call; the dK/dV body's dq part only in the fused run.
constexpr kernel::CoverageBody kBodies[] = {
    {"flash_attention_kernel", "default"},
    {"_apply_mask_and_soft_cap", "default"},
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
