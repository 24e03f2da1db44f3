#include "kernels/flash/verify_block.hpp"

#include "kernels/flash/flash_error.hpp"

namespace tilewalk::flash {

void VerifyBlock(const char* site, const std::string& block_name, const std::string& dim_name, int block,
                 int dim, bool should_divide, base::SourceSite where) {
  if (block > dim)
    RaiseArgumentError(tpu::ErrorType::ValueError, site,
                       block_name + "=" + std::to_string(block) + " should be smaller or equal to " +
                           dim_name + "=" + std::to_string(dim),
                       where);
  // `dim % block` in the original: a block of 0 raises there. A negative block is refused here, which the
  // original does not do (it goes on to build a grid of negative size).
  if (should_divide && block == 0)
    RaiseArgumentError(tpu::ErrorType::ZeroDivisionError, site, std::string(kModuloByZero), where);
  if (block < 0 || (should_divide && dim % block != 0))
    RaiseArgumentError(tpu::ErrorType::ValueError, site,
                       dim_name + "=" + std::to_string(dim) + " should be divisible by " + block_name + "=" +
                           std::to_string(block),
                       where);
}

}  // namespace tilewalk::flash
