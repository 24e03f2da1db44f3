#include "kernels/tpu/launch_spec.hpp"

#include <cassert>

namespace tilewalk::tpu {

const std::string& LaunchSpec::OperandName(int operand) const {
  auto i = static_cast<std::size_t>(operand);
  if (i < inputs.size()) return inputs[i].name;
  i -= inputs.size();
  if (i < outputs.size()) return outputs[i].name;
  i -= outputs.size();
  if (i < scratch.size()) return scratch[i].name;
  i -= scratch.size();
  assert(i < scalar_prefetch.size() && "operand index out of range");
  return scalar_prefetch[i].name;
}

}  // namespace tilewalk::tpu
