#include "kernels/api/run.hpp"

#include <algorithm>

namespace tilewalk::kernel {

const tpu::Array* Outputs::Find(std::string_view name) const {
  const auto it = std::find_if(named.begin(), named.end(), [&](const auto& n) { return n.first == name; });
  return it == named.end() ? nullptr : it->second;
}

}  // namespace tilewalk::kernel
