// TPU chip presets, from the public jax chip table, and the per-TensorCore figures the cost model uses.
// Two-core chips (v4, v5p) have their chip figures split per TensorCore, and each core runs a share of the
// grid (grid_slices.hpp). A launch's VMEM budget is not the physical VMEM but the compiler's scoped VMEM
// limit: the chip's default (XLA's --xla_tpu_scoped_vmem_limit_kib, which none of the kernel's CompilerParams
// override) unless a scenario sets vmem_limit_bytes, as CompilerParams(vmem_limit_bytes=...) would. The
// chip table in docs/tpu-model.md lists every figure with its source.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

namespace tilewalk::tpu {

struct Chip {
  std::string_view name;                 // "v5e"
  int tensor_cores = 1;                  // per chip
  int64_t vmem_bytes = 0;                // per TensorCore
  int mxus = 4;                          // per TensorCore
  int mxu_dim = 128;                     // an MXU is mxu_dim × mxu_dim
  double hbm_bytes = 0;                  // per chip
  double hbm_bytes_per_s = 0;            // per chip
  double bf16_flops_per_s = 0;           // per chip
  int64_t default_vmem_limit_bytes = 0;  // the compiler's default scoped VMEM limit, per TensorCore
  std::string_view vmem_limit_source;    // where that default comes from
  int64_t vmem_limit_bytes = 0;          // a launch's own vmem_limit_bytes; 0: the default applies
  double clock_hz = 0;                   // the TensorCore clock where it is set; 0: implied by the MXU peak
  std::string_view clock_source{};       // why a set clock has the value it has
  int64_t smem_bytes = 1024 * 1024;      // SMEM per TensorCore: what scalar-prefetch operands may fill

  // The scoped VMEM limit a launch compiles under, never more than the physical VMEM.
  int64_t VmemLimit() const {
    const int64_t limit = vmem_limit_bytes > 0 ? vmem_limit_bytes : default_vmem_limit_bytes;
    return limit < vmem_bytes ? limit : vmem_bytes;
  }

  double CoreHbmBytesPerSecond() const { return hbm_bytes_per_s / tensor_cores; }
  double CoreFlopsPerSecond() const { return bf16_flops_per_s / tensor_cores; }
  // The clock: the chip's own figure where one is set (v6e), else the one the MXU peak implies,
  // flops/s ÷ (MXUs × dim² × 2). An estimate either way, labelled as one.
  double ClockHz() const {
    if (clock_hz > 0) return clock_hz;
    return CoreFlopsPerSecond() / (static_cast<double>(mxus) * mxu_dim * mxu_dim * 2.0);
  }
  // Assumed VPU issue rate: two (8, 128) vector-register operations per cycle; exp on the EUP at one.
  double VregOpsPerSecond() const { return ClockHz() * 2.0; }
  double TranscendentalsPerSecond() const { return ClockHz() * 1024.0; }
};

std::span<const Chip> AllChips();                       // v4, v5e, v5p, v6e
std::optional<Chip> ChipByName(std::string_view name);  // nullopt for an unknown name
const Chip& DefaultChip();                              // v5e

}  // namespace tilewalk::tpu
