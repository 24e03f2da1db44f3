#include "kernels/tpu/launch_spec.hpp"

#include <cassert>

namespace tilewalk::tpu {

const std::string& LaunchSpec::OperandName(int operand) const {
  auto i = static_cast<std::size_t>(operand);
  if (i < inputs.size()) return inputs[i].name;
  i -= inputs.size();
  if (i < outputs.size()) return outputs[i].name;
  i -= outputs.size();
  assert(i < scratch.size() && "operand index out of range");
  return scratch[i].name;
}

}  // namespace tilewalk::tpu
