#include "kernels/flash/scenario_fields.hpp"

#include <algorithm>
#include <array>
#include <type_traits>
#include <vector>

#include "base/number_text.hpp"

namespace tilewalk::flash {
namespace {

using base::Status;

constexpr double kMaxLength = 1 << 20;
constexpr double kMaxBlock = 1 << 20;
constexpr double kMaxVmemLimit = 128 << 20;  // the largest physical VMEM per TensorCore of the presets

// ---- accessors, one template per kind, instantiated per member ----

template <auto Member>
std::string GetWhole(const Scenario& s) {
  return std::to_string(s.*Member);
}

template <auto Member, int64_t Min, int64_t Max>
Status SetWhole(Scenario& s, std::string_view text) {
  const auto value = base::ParseWhole(text, Min, Max);
  if (!value) return value.error();
  s.*Member = static_cast<std::remove_reference_t<decltype(s.*Member)>>(*value);
  return {};
}

template <auto Member>
std::string GetSwitch(const Scenario& s) {
  return s.*Member ? "true" : "false";
}

template <auto Member>
Status SetSwitch(Scenario& s, std::string_view text) {
  if (text != "" && text != "true" && text != "false")
    return base::Fail(base::Reason::Usage, "expected true or false");
  s.*Member = text != "false";
  return {};
}

template <auto Member>
std::string GetBlock(const Scenario& s) {
  return std::to_string(s.block_sizes.*Member);
}

// Block sizes from 0: the original takes a block of 0 as far as the first division by it, and so does the
// mirror (ZeroDivisionError); below 0 is refused here.
template <auto Member>
Status SetBlock(Scenario& s, std::string_view text) {
  const auto value = base::ParseWhole(text, 0, static_cast<int64_t>(kMaxBlock));
  if (!value) return value.error();
  s.block_sizes.*Member = static_cast<int>(*value);
  return {};
}

template <auto Member>
std::string GetOptionalBlock(const Scenario& s) {
  const std::optional<int>& v = s.block_sizes.*Member;
  return v ? std::to_string(*v) : std::string();
}

template <auto Member>
Status SetOptionalBlock(Scenario& s, std::string_view text) {
  if (text.empty()) {
    (s.block_sizes.*Member).reset();
    return {};
  }
  const auto value = base::ParseWhole(text, 0, static_cast<int64_t>(kMaxBlock));
  if (!value) return value.error();
  s.block_sizes.*Member = static_cast<int>(*value);
  return {};
}

// ---- the choices ----

constexpr std::array<std::string_view, 2> kDtypes = {"float32", "bfloat16"};
constexpr std::array<std::string_view, 2> kPrecisions = {"default", "highest"};
constexpr std::array<std::string_view, 4> kChips = {"v4", "v5e", "v5p", "v6e"};
constexpr std::array<std::string_view, 3> kPoisons = {"none", "nan", "inf"};
constexpr std::array<std::string_view, 2> kPads = {"nan", "zeros"};  // in the order of tpu::PadFill

template <std::size_t N>
int IndexOf(const std::array<std::string_view, N>& names, std::string_view text) {
  const auto it = std::find(names.begin(), names.end(), text);
  return it == names.end() ? -1 : static_cast<int>(it - names.begin());
}

Status ChoiceFailure(std::span<const std::string_view> choices) {
  std::string text = "expected one of ";
  for (std::size_t i = 0; i < choices.size(); ++i) text += (i ? ", " : "") + std::string(choices[i]);
  return base::Fail(base::Reason::Usage, text);
}

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

std::string GetSeed(const Scenario& s) {
  return std::to_string(s.seed);
}
Status SetSeed(Scenario& s, std::string_view text) {
  const auto value = base::ParseWhole(text, 0, 1 << 30);
  if (!value) return value.error();
  s.seed = static_cast<uint64_t>(*value);
  return {};
}

// ---- the table ----

using K = FieldKind;
using G = FieldGroup;

const std::vector<ScenarioField>& Fields() {
  static const std::vector<ScenarioField> fields = {
      ScenarioField{"batch",
                    "--batch",
                    "N",
                    "batch size",
                    K::Whole,
                    G::Shapes,
                    1,
                    1 << 16,
                    {},
                    false,
                    GetWhole<&Scenario::batch>,
                    SetWhole<&Scenario::batch, 1, 1 << 16>},
      ScenarioField{"heads",
                    "--heads",
                    "N",
                    "number of heads",
                    K::Whole,
                    G::Shapes,
                    1,
                    1 << 16,
                    {},
                    false,
                    GetWhole<&Scenario::heads>,
                    SetWhole<&Scenario::heads, 1, 1 << 16>},
      ScenarioField{"q_len",
                    "--q-len",
                    "N",
                    "query sequence length",
                    K::Whole,
                    G::Shapes,
                    1,
                    kMaxLength,
                    {},
                    false,
                    GetWhole<&Scenario::q_len>,
                    SetWhole<&Scenario::q_len, 1, 1 << 20>},
      ScenarioField{"kv_len",
                    "--kv-len",
                    "N",
                    "key/value sequence length",
                    K::Whole,
                    G::Shapes,
                    1,
                    kMaxLength,
                    {},
                    false,
                    GetWhole<&Scenario::kv_len>,
                    SetWhole<&Scenario::kv_len, 1, 1 << 20>},
      ScenarioField{"head_dim",
                    "--head-dim",
                    "N",
                    "head dimension (d_model)",
                    K::Whole,
                    G::Shapes,
                    1,
                    1 << 14,
                    {},
                    false,
                    GetWhole<&Scenario::head_dim>,
                    SetWhole<&Scenario::head_dim, 1, 1 << 14>},
      ScenarioField{"causal",
                    "--causal",
                    "",
                    "causal masking",
                    K::Switch,
                    G::Flags,
                    0,
                    0,
                    {},
                    false,
                    GetSwitch<&Scenario::causal>,
                    SetSwitch<&Scenario::causal>},
      ScenarioField{"bias",
                    "--bias",
                    "",
                    "an attention bias (ab), with its gradient ds",
                    K::Switch,
                    G::Flags,
                    0,
                    0,
                    {},
                    false,
                    GetSwitch<&Scenario::bias>,
                    SetSwitch<&Scenario::bias>},
      ScenarioField{"segments",
                    "--segments",
                    "N",
                    "segment ids in N contiguous runs (0: none)",
                    K::Whole,
                    G::Flags,
                    0,
                    kMaxLength,
                    {},
                    false,
                    GetWhole<&Scenario::segments>,
                    SetWhole<&Scenario::segments, 0, 1 << 20>},
      ScenarioField{"sm_scale",
                    "--sm-scale",
                    "X",
                    "softmax scale",
                    K::Real,
                    G::Flags,
                    1e-6,
                    1e6,
                    {},
                    false,
                    GetScale,
                    SetScale},
      ScenarioField{"dtype", "--dtype", "float32|bfloat16", "input dtype", K::Choice, G::Numbers, 0, 0,
                    kDtypes, false, GetDtype, SetDtype},
      ScenarioField{"precision", "--precision", "default|highest", "matmul precision", K::Choice, G::Numbers,
                    0, 0, kPrecisions, false, GetPrecision, SetPrecision},
      ScenarioField{"chip", "--chip", "v4|v5e|v5p|v6e", "chip preset for VMEM and the cost model", K::Choice,
                    G::Numbers, 0, 0, kChips, false, GetChip, SetChip},
      ScenarioField{
          "pad", "--pad", "nan|zeros",
          "what a partial block's padding holds: NaN (ints: int32 max), as interpret mode, or zeros",
          K::Choice, G::Numbers, 0, 0, kPads, false, GetPad, SetPad},
      ScenarioField{"vmem_limit_bytes",
                    "--vmem-limit",
                    "BYTES",
                    "VMEM limit of every launch, as CompilerParams(vmem_limit_bytes=...) sets it "
                    "(0: the chip's default scoped limit)",
                    K::Whole,
                    G::Numbers,
                    0,
                    kMaxVmemLimit,
                    {},
                    false,
                    GetWhole<&Scenario::vmem_limit_bytes>,
                    SetWhole<&Scenario::vmem_limit_bytes, 0, static_cast<int64_t>(kMaxVmemLimit)>},
      ScenarioField{"seed",
                    "--seed",
                    "N",
                    "random seed of the inputs",
                    K::Whole,
                    G::Numbers,
                    0,
                    1 << 30,
                    {},
                    false,
                    GetSeed,
                    SetSeed},
      ScenarioField{"naive_index_maps",
                    "--naive-index-maps",
                    "",
                    "what-if: replace every causal redirect with the plain index map",
                    K::Switch,
                    G::WhatIf,
                    0,
                    0,
                    {},
                    false,
                    GetSwitch<&Scenario::naive_index_maps>,
                    SetSwitch<&Scenario::naive_index_maps>},
      ScenarioField{
          "what_if", "--what-if", "NAME",
          "what-if: one 'fix the file' change to the mirror: none, redirect-lm-dkv, bias-map-ceil,\n"
          "dkv-redirect-first-run or non-strict-diag (docs/authoring.md says what each changes)",
          K::Choice, G::WhatIf, 0, 0, WhatIfChoices(), false, GetWhatIf, SetWhatIf},
      ScenarioField{"forward_only",
                    "--forward-only",
                    "",
                    "run the forward launch only",
                    K::Switch,
                    G::WhatIf,
                    0,
                    0,
                    {},
                    false,
                    GetSwitch<&Scenario::forward_only>,
                    SetSwitch<&Scenario::forward_only>},
      ScenarioField{"poison", "--poison", "none|nan|inf",
                    "what-if: set q[0,0,0,0] to NaN or +Inf and watch it spread", K::Choice, G::WhatIf, 0, 0,
                    kPoisons, false, GetPoison, SetPoison},
      ScenarioField{"block_q",
                    "--block-q",
                    "N",
                    "forward q block",
                    K::Block,
                    G::ForwardBlocks,
                    0,
                    kMaxBlock,
                    {},
                    false,
                    GetBlock<&BlockSizes::block_q>,
                    SetBlock<&BlockSizes::block_q>},
      ScenarioField{"block_k_major",
                    "--block-k-major",
                    "N",
                    "forward kv block per DMA",
                    K::Block,
                    G::ForwardBlocks,
                    0,
                    kMaxBlock,
                    {},
                    false,
                    GetBlock<&BlockSizes::block_k_major>,
                    SetBlock<&BlockSizes::block_k_major>},
      ScenarioField{"block_k",
                    "--block-k",
                    "N",
                    "forward kv block per matmul",
                    K::Block,
                    G::ForwardBlocks,
                    0,
                    kMaxBlock,
                    {},
                    false,
                    GetBlock<&BlockSizes::block_k>,
                    SetBlock<&BlockSizes::block_k>},
      ScenarioField{"block_b",
                    "--block-b",
                    "N",
                    "forward batch block",
                    K::Block,
                    G::ForwardBlocks,
                    0,
                    kMaxBlock,
                    {},
                    false,
                    GetBlock<&BlockSizes::block_b>,
                    SetBlock<&BlockSizes::block_b>},
      ScenarioField{"block_q_major_dkv",
                    "--block-q-major-dkv",
                    "N",
                    "dK/dV q block per DMA",
                    K::Block,
                    G::DkvBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_q_major_dkv>,
                    SetOptionalBlock<&BlockSizes::block_q_major_dkv>},
      ScenarioField{"block_k_major_dkv",
                    "--block-k-major-dkv",
                    "N",
                    "dK/dV kv block per DMA",
                    K::Block,
                    G::DkvBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_k_major_dkv>,
                    SetOptionalBlock<&BlockSizes::block_k_major_dkv>},
      ScenarioField{"block_k_dkv",
                    "--block-k-dkv",
                    "N",
                    "dK/dV kv block per matmul",
                    K::Block,
                    G::DkvBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_k_dkv>,
                    SetOptionalBlock<&BlockSizes::block_k_dkv>},
      ScenarioField{"block_q_dkv",
                    "--block-q-dkv",
                    "N",
                    "dK/dV q block per matmul",
                    K::Block,
                    G::DkvBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_q_dkv>,
                    SetOptionalBlock<&BlockSizes::block_q_dkv>},
      ScenarioField{"block_k_major_dq",
                    "--block-k-major-dq",
                    "N",
                    "dQ kv block per DMA",
                    K::Block,
                    G::DqBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_k_major_dq>,
                    SetOptionalBlock<&BlockSizes::block_k_major_dq>},
      ScenarioField{"block_k_dq",
                    "--block-k-dq",
                    "N",
                    "dQ kv block per matmul",
                    K::Block,
                    G::DqBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_k_dq>,
                    SetOptionalBlock<&BlockSizes::block_k_dq>},
      ScenarioField{"block_q_dq",
                    "--block-q-dq",
                    "N",
                    "dQ q block",
                    K::Block,
                    G::DqBlocks,
                    0,
                    kMaxBlock,
                    {},
                    true,
                    GetOptionalBlock<&BlockSizes::block_q_dq>,
                    SetOptionalBlock<&BlockSizes::block_q_dq>},
  };
  return fields;
}

}  // namespace

std::string_view FieldGroupName(FieldGroup group) {
  switch (group) {
    case FieldGroup::Shapes:
      return "shapes";
    case FieldGroup::Flags:
      return "flags";
    case FieldGroup::Numbers:
      return "numbers and chip";
    case FieldGroup::WhatIf:
      return "what-ifs";
    case FieldGroup::ForwardBlocks:
      return "blocks of the forward launch";
    case FieldGroup::DkvBlocks:
      return "blocks of the dK/dV launch";
    case FieldGroup::DqBlocks:
      return "blocks of the dQ launch";
    case FieldGroup::kCount:
      break;
  }
  return "other";
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

std::string FieldExpectation(const ScenarioField& field) {
  Scenario probe;
  // Every setter refuses this text; its message is the expectation (one source of the wording).
  const base::Status refused = field.set(probe, "\x01");
  return refused ? std::string() : refused.error().message;
}

}  // namespace tilewalk::flash
