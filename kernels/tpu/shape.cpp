#include "kernels/tpu/shape.hpp"

namespace tilewalk::tpu {

int64_t Dims::Product() const {
  int64_t n = 1;
  for (int64_t v : *this) n *= v;
  return n;
}

std::string Dims::ToString() const {
  std::string s = "(";
  for (int i = 0; i < m_rank; ++i) {
    if (i) s += ", ";
    s += std::to_string(m_values[i]);
  }
  if (m_rank == 1) s += ",";
  return s + ")";
}

}  // namespace tilewalk::tpu
