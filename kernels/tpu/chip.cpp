#include "kernels/tpu/chip.hpp"

#include <array>

namespace tilewalk::tpu {

namespace {
constexpr int64_t kMiB = 1024 * 1024;
// The v6e's clock is not published, and its peak cannot imply one: jax's table and Google's v6e page give two
// 256 × 256 MXUs per TensorCore, which at 918 TFLOPs would need 3.5 GHz, twice the clock of any other TPU
// generation. An earlier version of Google's page gave four MXUs, which at 1.75 GHz make the published
// peak (4 × 256² × 2 × 1.75e9 = 917.5e12). tilewalk takes 1.75 GHz, the v5p's implied clock, as an
// assumption; the MXU peak itself still comes from the published figure.
constexpr std::string_view kV6eClockSource =
    "assumed 1.75 GHz: not published; 2 MXUs (jax's tpu_info.py) would imply 3.5 GHz, and the 4 MXUs an "
    "earlier Google v6e page gave imply 1.75 GHz";
// Figures per chip from jax's public TPU table (jax/_src/tpu_info.py); VMEM is per TensorCore. The default
// scoped VMEM limits come from public compiler errors where one was found, and are labelled as assumptions
// where none was. SMEM is 1 MiB per TensorCore on all four (jax/_src/pallas/mosaic/tpu_info.py).
constexpr std::array<Chip, 4> kChips = {{
    {"v4", 2, 16 * kMiB, 4, 128, 34.4e9, 1230e9, 275e12, 16 * kMiB,
     "assumed: the whole 16 MiB per core, no public report of a lower default found", 0, 0, "", kMiB},
    {"v5e", 1, 128 * kMiB, 4, 128, 17.2e9, 820e9, 197e12, 16 * kMiB,
     "pytorch/xla#6611: \"Scoped allocation with size 31.07M and limit 16.00M\"", 0, 0, "", kMiB},
    {"v5p", 2, 64 * kMiB, 4, 128, 103e9, 2460e9, 459e12, 16 * kMiB,
     "assumed: the v5e's 16 MiB (pytorch/xla#6611), not confirmed for v5p", 0, 0, "", kMiB},
    {"v6e", 1, 128 * kMiB, 2, 256, 34.4e9, 1640e9, 920e12, 32 * kMiB,
     "vllm-project/tpu-inference#3407: \"limit 32.00M\" on tpu6e", 0, 1.75e9, kV6eClockSource, kMiB},
}};
}  // namespace

std::span<const Chip> AllChips() {
  return kChips;
}

std::optional<Chip> ChipByName(std::string_view name) {
  for (const Chip& c : kChips)
    if (c.name == name) return c;
  return std::nullopt;
}

const Chip& DefaultChip() {
  return kChips[1];
}

}  // namespace tilewalk::tpu
