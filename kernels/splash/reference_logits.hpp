// The per-head pieces the dense splash reference's forward and backward share: the checks of a problem,
// and one q head's logits with the pairs a launch runs. Internal to reference*.cpp.
#pragma once

#include <Eigen/Dense>
#include <cstdint>

#include "kernels/splash/reference.hpp"

namespace tilewalk::splash::reference_detail {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using ConstMatrixMap = Eigen::Map<const RowMatrix>;
using MatrixMap = Eigen::Map<RowMatrix>;
using RunMatrix = Eigen::Matrix<uint8_t, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;

void Validate(const Mask& mask, const SplashReferenceProblem& p);

int64_t KvHeadOf(const SplashReferenceProblem& p, int64_t q_head);

ConstMatrixMap QOf(const SplashReferenceProblem& p, int64_t q_head);
ConstMatrixMap KOf(const SplashReferenceProblem& p, int64_t kv_head);
ConstMatrixMap VOf(const SplashReferenceProblem& p, int64_t kv_head);

struct HeadLogits {
  RowMatrix uncapped;  // q . k
  RowMatrix s;         // soft-capped, then mask_value where the pair does not count
  RunMatrix runs;      // 1 where the launch runs the pair (its block is not empty)
  RunMatrix counts;    // 1 where the pair counts: the mask attends and the segment ids agree
};

HeadLogits LogitsOf(const Mask& mask, const SplashReferenceProblem& p, int64_t q_head,
                    const SplashLaunchBlocks& launch);

}  // namespace tilewalk::splash::reference_detail
