#include "kernels/splash/entry/scenario_fields.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include "base/number_text.hpp"
#include "kernels/api/field_builders.hpp"
#include "kernels/splash/entry/splash_scenario.hpp"

namespace tilewalk::splash {
namespace {

using base::Status;
using kernel::FieldKind;
using kernel::ScenarioField;
using kernel::fields::ChoiceFailure;
using kernel::fields::IndexOf;

constexpr int64_t kMaxLength = 1 << 20;
constexpr int64_t kMaxBlock = 1 << 20;
constexpr int64_t kMaxVmemLimit = 128 << 20;

enum class G : uint8_t { Shapes, Mask, Numbers, Flags, ForwardBlocks, DkvBlocks, DqBlocks, kCount };

// ---- accessors of splash's own fields (field_builders.hpp has those of a whole number and a switch) ----

// A block size is a plain one or an optional one, which text writes as "" when unset.
template <auto Member>
constexpr bool kOptionalBlock =
    !std::is_same_v<std::remove_cvref_t<decltype(SplashScenario{}.*Member)>, int64_t>;

template <auto Member>
std::string GetBlock(const SplashScenario& s) {
  if constexpr (kOptionalBlock<Member>)
    return s.*Member ? std::to_string(*(s.*Member)) : std::string();
  else
    return std::to_string(s.*Member);
}

// From 0, as flash's: the original meets a block of 0 at its first division by it (ZeroDivisionError).
template <auto Member>
Status SetBlock(SplashScenario& s, std::string_view text) {
  if constexpr (kOptionalBlock<Member>) {
    if (text.empty()) {
      (s.*Member).reset();
      return {};
    }
  }
  const auto value = base::ParseWhole(text, 0, kMaxBlock);
  if (!value) return value.error();
  s.*Member = *value;
  return {};
}

// ---- the choices ----

constexpr std::array<std::string_view, 4> kMasks = {"full", "causal", "local",
                                                    "array"};  // MaskChoice's order
constexpr std::array<std::string_view, 2> kDtypes = {"float32", "bfloat16"};
constexpr std::array<std::string_view, 2> kPrecisions = {"default", "highest"};
constexpr std::array<std::string_view, 4> kChips = {"v4", "v5e", "v5p", "v6e"};
constexpr std::array<std::string_view, 2> kPads = {"nan", "zeros"};  // in the order of tpu::PadFill

std::string GetMask(const SplashScenario& s) {
  return std::string(kMasks[static_cast<std::size_t>(s.mask)]);
}
Status SetMask(SplashScenario& s, std::string_view text) {
  const int i = IndexOf(kMasks, text);
  if (i < 0) return ChoiceFailure(kMasks);
  s.mask = static_cast<MaskChoice>(i);
  return {};
}

std::string GetDtype(const SplashScenario& s) {
  return std::string(tpu::DTypeName(s.dtype));
}
Status SetDtype(SplashScenario& s, std::string_view text) {
  const int i = IndexOf(kDtypes, text);
  if (i < 0) return ChoiceFailure(kDtypes);
  s.dtype = i == 0 ? tpu::DType::F32 : tpu::DType::BF16;
  return {};
}

std::string GetPrecision(const SplashScenario& s) {
  return tpu::PrecisionName(s.precision);
}
Status SetPrecision(SplashScenario& s, std::string_view text) {
  const int i = IndexOf(kPrecisions, text);
  if (i < 0) return ChoiceFailure(kPrecisions);
  s.precision = i == 0 ? tpu::Precision::Default : tpu::Precision::Highest;
  return {};
}

std::string GetChip(const SplashScenario& s) {
  return s.chip;
}
Status SetChip(SplashScenario& s, std::string_view text) {
  if (IndexOf(kChips, text) < 0) return ChoiceFailure(kChips);
  s.chip = std::string(text);
  return {};
}

std::string GetPad(const SplashScenario& s) {
  return std::string(kPads[static_cast<std::size_t>(s.pad)]);
}
Status SetPad(SplashScenario& s, std::string_view text) {
  const int i = IndexOf(kPads, text);
  if (i < 0) return ChoiceFailure(kPads);
  s.pad = static_cast<tpu::PadFill>(i);
  return {};
}

// A path, kept as text: its file is read when the scenario is checked. Words are split at white space,
// so a path with a space or a control character could not come back from the flags written out.
std::string GetMaskFile(const SplashScenario& s) {
  return s.mask_file;
}
Status SetMaskFile(SplashScenario& s, std::string_view text) {
  if (std::any_of(text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) <= ' '; }))
    return base::Fail(base::Reason::Usage, "expected a file path without spaces or control characters");
  s.mask_file = std::string(text);
  return {};
}

std::string GetSoftCap(const SplashScenario& s) {
  return base::ShortestText(s.soft_cap);
}
Status SetSoftCap(SplashScenario& s, std::string_view text) {
  const auto value = base::ParseReal(text, 0, 1e6);
  if (!value) return value.error();
  s.soft_cap = static_cast<float>(*value);
  return {};
}

// ---- the table ----

using kernel::fields::Choice;
using kernel::fields::NamesFile;
using kernel::fields::Real;
using kernel::fields::Switch;
using kernel::fields::Whole;
using S = SplashScenario;

template <auto Member>
ScenarioField Block(std::string_view key, std::string_view flag, std::string_view help, G group) {
  return kernel::fields::Block<GetBlock<Member>, SetBlock<Member>>(key, flag, help, group, kMaxBlock,
                                                                   kOptionalBlock<Member>);
}

std::vector<ScenarioField> ShapesAndMask() {
  return {
      Whole<&S::heads, 1, 1 << 16>({"heads", "--heads", "N", "number of q heads"}, G::Shapes),
      Whole<&S::kv_heads, 0, 1 << 16>(
          {"kv_heads", "--kv-heads", "N",
           "heads of k and v (0: as many as q; 1: make_splash_mqa; a divisor of --heads: grouped heads)"},
          G::Shapes),
      Whole<&S::q_len, 1, kMaxLength>({"q_len", "--q-len", "N", "query sequence length"}, G::Shapes),
      Whole<&S::kv_len, 1, kMaxLength>({"kv_len", "--kv-len", "N", "key/value sequence length"}, G::Shapes),
      Whole<&S::head_dim, 1, 1 << 14>({"head_dim", "--head-dim", "N", "head dimension"}, G::Shapes),
      Choice<GetMask, SetMask>({"mask", "--mask", "full|causal|local|array",
                                "the mask of every head: full, causal, a local window, or an array read from "
                                "--mask-file"},
                               G::Mask, kMasks),
      Whole<&S::window, 0, kMaxLength>(
          {"window", "--window", "N", "--mask local: the keys before the query a row sees"}, G::Mask),
      Whole<&S::window_right, 0, kMaxLength>(
          {"window_right", "--window-right", "N", "--mask local: the keys after the query a row sees"},
          G::Mask),
      NamesFile(Choice<GetMaskFile, SetMaskFile>(
          {"mask_file", "--mask-file", "FILE",
           "--mask array: a text file of q_len lines of kv_len characters, 1 where the pair attends, else 0"},
          G::Mask, {})),
      Whole<&S::segments, 0, kMaxLength>(
          {"segments", "--segments", "N", "segment ids in N contiguous runs (0: none)"}, G::Mask),
  };
}

std::vector<ScenarioField> NumbersAndFlags() {
  return {
      Choice<GetDtype, SetDtype>({"dtype", "--dtype", "float32|bfloat16", "input dtype"}, G::Numbers,
                                 kDtypes),
      Choice<GetPrecision, SetPrecision>({"precision", "--precision", "default|highest", "matmul precision"},
                                         G::Numbers, kPrecisions),
      Choice<GetChip, SetChip>(
          {"chip", "--chip", "v4|v5e|v5p|v6e", "chip preset for VMEM and the cost model"}, G::Numbers,
          kChips),
      Choice<GetPad, SetPad>(
          {"pad", "--pad", "nan|zeros",
           "what a partial block's padding holds: NaN (ints: int32 max), as interpret mode, or zeros"},
          G::Numbers, kPads),
      Whole<&S::vmem_limit_bytes, 0, kMaxVmemLimit>(
          {"vmem_limit_bytes", "--vmem-limit", "BYTES",
           "VMEM limit of every launch, as CompilerParams(vmem_limit_bytes=...) sets it "
           "(0: the chip's default scoped limit)"},
          G::Numbers),
      Whole<&S::seed, 0, 1 << 30>({"seed", "--seed", "N", "random seed of the inputs"}, G::Numbers),
      Real<GetSoftCap, SetSoftCap>(
          {"soft_cap", "--soft-cap", "X", "attn_logits_soft_cap: a logit x becomes X·tanh(x/X) (0: none)"},
          G::Flags, 0, 1e6),
      Switch<&S::fused_bwd>("fused_bwd", "--fused-bwd",
                            "use_fused_bwd_kernel: the dK/dV launch computes dQ too, with no dQ launch",
                            G::Flags),
      Switch<&S::forward_only>("forward_only", "--forward-only", "run the forward launch only", G::Flags),
  };
}

std::vector<ScenarioField> BlockSizeFields() {
  return {
      Block<&S::block_q>("block_q", "--block-q", "forward q block", G::ForwardBlocks),
      Block<&S::block_kv>("block_kv", "--block-kv", "forward kv block", G::ForwardBlocks),
      Block<&S::block_kv_compute>("block_kv_compute", "--block-kv-compute",
                                  "forward kv block per matmul (unset: --block-kv)", G::ForwardBlocks),
      Block<&S::block_q_dkv>("block_q_dkv", "--block-q-dkv", "dK/dV q block", G::DkvBlocks),
      Block<&S::block_kv_dkv>("block_kv_dkv", "--block-kv-dkv", "dK/dV kv block", G::DkvBlocks),
      Block<&S::block_kv_dkv_compute>("block_kv_dkv_compute", "--block-kv-dkv-compute",
                                      "dK/dV kv block per matmul (unset: --block-kv-dkv)", G::DkvBlocks),
      Block<&S::block_q_dq>("block_q_dq", "--block-q-dq",
                            "dQ q block (unset: 128; the original refuses one beside --fused-bwd)",
                            G::DqBlocks),
      Block<&S::block_kv_dq>("block_kv_dq", "--block-kv-dq",
                             "dQ kv block (unset: 128; the original refuses one beside --fused-bwd)",
                             G::DqBlocks),
  };
}

}  // namespace

std::span<const std::string_view> SplashFieldGroupNames() {
  static constexpr std::array<std::string_view, static_cast<std::size_t>(G::kCount)> names = {
      "shapes",
      "mask",
      "numbers and chip",
      "flags",
      "blocks of the forward launch",
      "blocks of the dK/dV launch",
      "blocks of the dQ launch"};
  return names;
}

std::span<const ScenarioField> SplashScenarioFields() {
  static const std::vector<ScenarioField> fields = [] {
    std::vector<ScenarioField> all = ShapesAndMask();
    for (auto part : {NumbersAndFlags(), BlockSizeFields()}) all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return fields;
}

}  // namespace tilewalk::splash
