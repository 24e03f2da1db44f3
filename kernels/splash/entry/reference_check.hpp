// A splash step's outputs against the dense float64 reference (kernels/splash/reference.hpp) on the same
// inputs: per output (o, logsumexp, dq, dk, dv) the largest absolute error, judged by the budget every
// kernel shares (kernels/api/reference_check.hpp). The reference is told the blocks each launch runs, so a
// row the mask leaves empty is compared with what the kernels define for it; such a row's logsumexp must
// agree exactly and stays out of the magnitude. Under default precision the matmul operands are rounded to
// bf16 first, as the MXU rounds them.
#pragma once

#include "kernels/api/reference_check.hpp"
#include "kernels/splash/entry/splash_scenario.hpp"
#include "kernels/splash/mask.hpp"
#include "kernels/splash/splash_step.hpp"

namespace tilewalk::splash {

kernel::ReferenceComparison CompareSplashWithReference(const SplashScenario& s, const Mask& mask,
                                                       const SplashInputs& inputs,
                                                       const SplashStepResult& step);

}  // namespace tilewalk::splash
