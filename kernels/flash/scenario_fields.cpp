#include "kernels/flash/scenario_fields.hpp"

#include <algorithm>
#include <array>
#include <optional>
#include <type_traits>
#include <vector>

#include "base/number_text.hpp"
#include "kernels/api/field_builders.hpp"

namespace tilewalk::flash {
namespace {

using base::Status;
using kernel::fields::ChoiceFailure;
using kernel::fields::IndexOf;

constexpr int64_t kMaxLength = 1 << 20;
constexpr int64_t kMaxBlock = 1 << 20;
constexpr int64_t kMaxVmemLimit = 128 << 20;  // the largest physical VMEM per TensorCore of the presets

// ---- accessors of flash's own fields (field_builders.hpp has those of a whole number and a switch) ----

// A block size is a plain int (the forward launch's) or an optional one (the backward launches' fall back
// to the forward's when unset, which text writes as "").
template <auto Member>
constexpr bool kOptionalBlock = !std::is_same_v<std::remove_cvref_t<decltype(BlockSizes{}.*Member)>, int>;

template <auto Member>
std::string GetBlock(const Scenario& s) {
  if constexpr (kOptionalBlock<Member>) {
    const std::optional<int>& v = s.block_sizes.*Member;
    return v ? std::to_string(*v) : std::string();
  } else {
    return std::to_string(s.block_sizes.*Member);
  }
}

// Block sizes from 0: the original takes a block of 0 as far as the first division by it, and so does the
// mirror (ZeroDivisionError); below 0 is refused here.
template <auto Member>
Status SetBlock(Scenario& s, std::string_view text) {
  if constexpr (kOptionalBlock<Member>) {
    if (text.empty()) {
      (s.block_sizes.*Member).reset();
      return {};
    }
  }
  const auto value = base::ParseWhole(text, 0, kMaxBlock);
  if (!value) return value.error();
  s.block_sizes.*Member = static_cast<int>(*value);
  return {};
}

// The window reads "" when there is none, so that the flags written back and every title and cache key of a
// scenario without one stay as they were before the field existed.
std::string GetWindow(const Scenario& s) {
  return s.window > 0 ? std::to_string(s.window) : std::string();
}
Status SetWindow(Scenario& s, std::string_view text) {
  if (text.empty()) {
    s.window = 0;
    return {};
  }
  const auto value = base::ParseWhole(text, 0, kMaxLength);
  if (!value) return value.error();
  s.window = static_cast<int>(*value);
  return {};
}

// ---- the choices ----

constexpr std::array<std::string_view, 2> kDtypes = {"float32", "bfloat16"};
constexpr std::array<std::string_view, 2> kPrecisions = {"default", "highest"};
constexpr std::array<std::string_view, 4> kChips = {"v4", "v5e", "v5p", "v6e"};
constexpr std::array<std::string_view, 3> kPoisons = {"none", "nan", "inf"};
constexpr std::array<std::string_view, 2> kPads = {"nan", "zeros"};  // in the order of tpu::PadFill

std::string GetDtype(const Scenario& s) {
  return std::string(tpu::DTypeName(s.dtype));
}
Status SetDtype(Scenario& s, std::string_view text) {
  const int i = IndexOf(kDtypes, text);
  if (i < 0) return ChoiceFailure(kDtypes);
  s.dtype = i == 0 ? tpu::DType::F32 : tpu::DType::BF16;
  return {};
}

std::string GetPrecision(const Scenario& s) {
  return tpu::PrecisionName(s.precision);
}
Status SetPrecision(Scenario& s, std::string_view text) {
  const int i = IndexOf(kPrecisions, text);
  if (i < 0) return ChoiceFailure(kPrecisions);
  s.precision = i == 0 ? tpu::Precision::Default : tpu::Precision::Highest;
  return {};
}

std::string GetChip(const Scenario& s) {
  return s.chip;
}
Status SetChip(Scenario& s, std::string_view text) {
  if (IndexOf(kChips, text) < 0 || !tpu::ChipByName(text)) return ChoiceFailure(kChips);
  s.chip = std::string(text);
  return {};
}

std::string GetPoison(const Scenario& s) {
  return std::string(PoisonName(s.poison));
}
Status SetPoison(Scenario& s, std::string_view text) {
  const int i = IndexOf(kPoisons, text);
  if (i < 0) return ChoiceFailure(kPoisons);
  s.poison = static_cast<Poison>(i);
  return {};
}

std::string GetPad(const Scenario& s) {
  return std::string(kPads[static_cast<std::size_t>(s.pad)]);
}
Status SetPad(Scenario& s, std::string_view text) {
  const int i = IndexOf(kPads, text);
  if (i < 0) return ChoiceFailure(kPads);
  s.pad = static_cast<tpu::PadFill>(i);
  return {};
}

// "none", then every what-if's name, as the Choice field lists them (from the one table in what_if.cpp).
std::span<const std::string_view> WhatIfChoices() {
  static const std::vector<std::string_view> choices = [] {
    std::vector<std::string_view> names = {WhatIfName(WhatIf::None)};
    for (WhatIf w : AllWhatIfs()) names.push_back(WhatIfName(w));
    return names;
  }();
  return choices;
}

std::string GetWhatIf(const Scenario& s) {
  return std::string(WhatIfName(s.what_if));
}
Status SetWhatIf(Scenario& s, std::string_view text) {
  const auto w = WhatIfByName(text);
  if (!w) return ChoiceFailure(WhatIfChoices());
  s.what_if = *w;
  return {};
}

std::string GetScale(const Scenario& s) {
  return base::ShortestText(s.sm_scale);
}
Status SetScale(Scenario& s, std::string_view text) {
  const auto value = base::ParseReal(text, 1e-6, 1e6);
  if (!value) return value.error();
  s.sm_scale = static_cast<float>(*value);
  return {};
}

// ---- the table ----

using K = FieldKind;
using G = FieldGroup;
using kernel::fields::Choice;
using kernel::fields::ErasedGet;
using kernel::fields::ErasedSet;
using kernel::fields::Real;
using kernel::fields::Switch;
using kernel::fields::Whole;

template <auto Member>
ScenarioField Block(std::string_view key, std::string_view flag, std::string_view help, G group) {
  return kernel::fields::Block<GetBlock<Member>, SetBlock<Member>>(key, flag, help, group, kMaxBlock,
                                                                   kOptionalBlock<Member>);
}

std::vector<ScenarioField> ShapesAndFlags() {
  return {
      Whole<&Scenario::batch, 1, 1 << 16>({"batch", "--batch", "N", "batch size"}, G::Shapes),
      Whole<&Scenario::heads, 1, 1 << 16>({"heads", "--heads", "N", "number of heads"}, G::Shapes),
      Whole<&Scenario::kv_heads, 0, 1 << 16>(
          {"kv_heads", "--kv-heads", "N",
           "heads of k and v (0: as many as q); any other count is refused: no MQA or GQA"},
          G::Shapes),
      Whole<&Scenario::q_len, 1, kMaxLength>({"q_len", "--q-len", "N", "query sequence length"}, G::Shapes),
      Whole<&Scenario::kv_len, 1, kMaxLength>({"kv_len", "--kv-len", "N", "key/value sequence length"},
                                              G::Shapes),
      Whole<&Scenario::head_dim, 1, 1 << 14>({"head_dim", "--head-dim", "N", "head dimension (d_model)"},
                                             G::Shapes),
      Switch<&Scenario::causal>("causal", "--causal", "causal masking", G::Flags),
      Switch<&Scenario::bias>("bias", "--bias", "an attention bias (ab), with its gradient ds", G::Flags),
      {.key = "window",
       .flag = "--window",
       .value_name = "N",
       .help = "a sliding window in the bias: query i sees keys i-N to i, the mask value elsewhere (0: none)",
       .kind = K::Whole,
       .group = static_cast<uint8_t>(G::Flags),
       .min = 0,
       .max = static_cast<double>(kMaxLength),
       .optional = true,
       .get = ErasedGet<GetWindow>,
       .set = ErasedSet<SetWindow>},
      Whole<&Scenario::segments, 0, kMaxLength>(
          {"segments", "--segments", "N", "segment ids in N contiguous runs (0: none)"}, G::Flags),
      Real<GetScale, SetScale>({"sm_scale", "--sm-scale", "X", "softmax scale"}, G::Flags, 1e-6, 1e6),
  };
}

std::vector<ScenarioField> NumbersAndWhatIfs() {
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
      Whole<&Scenario::vmem_limit_bytes, 0, kMaxVmemLimit>(
          {"vmem_limit_bytes", "--vmem-limit", "BYTES",
           "VMEM limit of every launch, as CompilerParams(vmem_limit_bytes=...) sets it "
           "(0: the chip's default scoped limit)"},
          G::Numbers),
      Whole<&Scenario::seed, 0, 1 << 30>({"seed", "--seed", "N", "random seed of the inputs"}, G::Numbers),
      Switch<&Scenario::naive_index_maps>("naive_index_maps", "--naive-index-maps",
                                          "what-if: replace every causal redirect with the plain index map",
                                          G::WhatIf),
      Choice<GetWhatIf, SetWhatIf>(
          {"what_if", "--what-if", "NAME",
           "what-if: one 'fix the file' change to the mirror: none, redirect-lm-dkv, bias-map-ceil,\n"
           "dkv-redirect-first-run or non-strict-diag (docs/authoring.md says what each changes)"},
          G::WhatIf, WhatIfChoices()),
      Switch<&Scenario::forward_only>("forward_only", "--forward-only", "run the forward launch only",
                                      G::WhatIf),
      Choice<GetPoison, SetPoison>({"poison", "--poison", "none|nan|inf",
                                    "what-if: set q[0,0,0,0] to NaN or +Inf and watch it spread"},
                                   G::WhatIf, kPoisons),
  };
}

std::vector<ScenarioField> BlockSizeFields() {
  using B = BlockSizes;
  return {
      Block<&B::block_q>("block_q", "--block-q", "forward q block", G::ForwardBlocks),
      Block<&B::block_k_major>("block_k_major", "--block-k-major", "forward kv block per DMA",
                               G::ForwardBlocks),
      Block<&B::block_k>("block_k", "--block-k", "forward kv block per matmul", G::ForwardBlocks),
      Block<&B::block_b>("block_b", "--block-b", "forward batch block", G::ForwardBlocks),
      Block<&B::block_q_major_dkv>("block_q_major_dkv", "--block-q-major-dkv", "dK/dV q block per DMA",
                                   G::DkvBlocks),
      Block<&B::block_k_major_dkv>("block_k_major_dkv", "--block-k-major-dkv", "dK/dV kv block per DMA",
                                   G::DkvBlocks),
      Block<&B::block_k_dkv>("block_k_dkv", "--block-k-dkv", "dK/dV kv block per matmul", G::DkvBlocks),
      Block<&B::block_q_dkv>("block_q_dkv", "--block-q-dkv", "dK/dV q block per matmul", G::DkvBlocks),
      Block<&B::block_k_major_dq>("block_k_major_dq", "--block-k-major-dq", "dQ kv block per DMA",
                                  G::DqBlocks),
      Block<&B::block_k_dq>("block_k_dq", "--block-k-dq", "dQ kv block per matmul", G::DqBlocks),
      Block<&B::block_q_dq>("block_q_dq", "--block-q-dq", "dQ q block", G::DqBlocks),
  };
}

const std::vector<ScenarioField>& Fields() {
  static const std::vector<ScenarioField> fields = [] {
    std::vector<ScenarioField> all = ShapesAndFlags();
    for (auto part : {NumbersAndWhatIfs(), BlockSizeFields()})
      all.insert(all.end(), part.begin(), part.end());
    return all;
  }();
  return fields;
}

}  // namespace

std::span<const std::string_view> FieldGroupNames() {
  static constexpr std::array<std::string_view, static_cast<std::size_t>(FieldGroup::kCount)> names = {
      "shapes",
      "flags",
      "numbers and chip",
      "what-ifs",
      "blocks of the forward launch",
      "blocks of the dK/dV launch",
      "blocks of the dQ launch"};
  return names;
}

std::span<const ScenarioField> ScenarioFields() {
  return Fields();
}

const ScenarioField* FindScenarioField(std::string_view key) {
  const auto fields = ScenarioFields();
  const auto it =
      std::find_if(fields.begin(), fields.end(), [&](const ScenarioField& f) { return f.key == key; });
  return it == fields.end() ? nullptr : &*it;
}

}  // namespace tilewalk::flash
