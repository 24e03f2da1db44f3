#include "kernels/flash/block_sizes.hpp"

#include <string>

#include "kernels/flash/flash_error.hpp"

namespace tilewalk::flash {

BlockSizes BlockSizes::GetDefault() {
  return BlockSizes{.block_q = 128,
                    .block_k_major = 128,
                    .block_k = 128,
                    .block_b = 1,
                    .block_q_major_dkv = 128,
                    .block_k_major_dkv = 128,
                    .block_k_dkv = 128,
                    .block_q_dkv = 128,
                    .block_k_major_dq = 128,
                    .block_k_dq = 128,
                    .block_q_dq = 128};
}

bool BlockSizes::HasBackwardBlocks() const {
  return block_q_major_dkv && block_k_major_dkv && block_q_dkv && block_k_dkv && block_k_major_dq &&
         block_k_dq && block_q_dq;
}

namespace {
// Names are built as the original builds them: prefix + suffix for the minor, prefix + "_major" + suffix.
void VerifyMajorMinor(const std::string& prefix, const std::string& suffix, int major, int minor) {
  const std::string minor_name = prefix + suffix + "=" + std::to_string(minor);
  const std::string major_name = prefix + "_major" + suffix + "=" + std::to_string(major);
  if (minor > major)
    RaiseArgumentError(tpu::ErrorType::ValueError, "block_sizes.minor_exceeds_major",
                       minor_name + " should be smaller than " + major_name);
  // `major % minor` in the original: a minor block of 0 raises there, before the comparison.
  const bool by_zero = minor == 0;
  if (by_zero || minor < 0 || major % minor != 0)
    RaiseArgumentError(by_zero ? tpu::ErrorType::ZeroDivisionError : tpu::ErrorType::ValueError,
                       "block_sizes.minor_divides_major",
                       by_zero ? std::string(kModuloByZero) : minor_name + " should divide " + major_name);
}
}  // namespace

void BlockSizes::Validate() const {
  VerifyMajorMinor("block_k", "", block_k_major, block_k);
  if (block_q_major_dkv && block_q_dkv) VerifyMajorMinor("block_q", "_dkv", *block_q_major_dkv, *block_q_dkv);
  if (block_k_major_dkv && block_k_dkv) VerifyMajorMinor("block_k", "_dkv", *block_k_major_dkv, *block_k_dkv);
  if (block_k_major_dq && block_k_dq) VerifyMajorMinor("block_k", "_dq", *block_k_major_dq, *block_k_dq);
}

}  // namespace tilewalk::flash
