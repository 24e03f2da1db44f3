// Shapes and index tuples of rank 0 to 4: array shapes, block shapes, grid shapes and grid/block indices.
// Fixed capacity so that they live on the stack and in fixed-size event records.
#pragma once

#include <array>
#include <cassert>
#include <cstdint>
#include <initializer_list>
#include <string>

namespace tilewalk::tpu {

class Dims {
 public:
  static constexpr int kMaxRank = 4;

  Dims() = default;
  Dims(std::initializer_list<int64_t> values) {
    assert(values.size() <= kMaxRank && "Dims holds at most 4 entries; split the shape or raise kMaxRank");
    for (int64_t v : values) m_values[m_rank++] = v;
  }

  int rank() const { return m_rank; }
  int64_t operator[](int i) const { return m_values[Wrap(i)]; }
  int64_t& operator[](int i) { return m_values[Wrap(i)]; }
  void push_back(int64_t v) {
    assert(m_rank < kMaxRank && "Dims holds at most 4 entries");
    m_values[m_rank++] = v;
  }
  const int64_t* begin() const { return m_values.data(); }
  const int64_t* end() const { return m_values.data() + m_rank; }

  int64_t Product() const;       // number of elements (1 for rank 0)
  std::string ToString() const;  // "(1, 1, 128, 64)"

  friend bool operator==(const Dims& a, const Dims& b) {
    if (a.m_rank != b.m_rank) return false;
    for (int i = 0; i < a.m_rank; ++i)
      if (a.m_values[i] != b.m_values[i]) return false;
    return true;
  }

 private:
  int Wrap(int i) const {
    if (i < 0) i += m_rank;  // negative indices count from the end, as in Python
    assert(i >= 0 && i < m_rank && "Dims index out of range");
    return i;
  }
  std::array<int64_t, kMaxRank> m_values{};
  int m_rank = 0;
};

using Shape = Dims;

inline int64_t CeilDiv(int64_t a, int64_t b) {
  return (a + b - 1) / b;
}

}  // namespace tilewalk::tpu
