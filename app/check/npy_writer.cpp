#include "app/check/npy_writer.hpp"

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace tilewalk::app {

namespace {
std::string ShapeTuple(const tpu::Shape& s) {
  std::string t = "(";
  for (int i = 0; i < s.rank(); ++i)
    t += std::to_string(s[i]) + (s.rank() == 1 || i + 1 < s.rank() ? ", " : "");
  return t + ")";
}
}  // namespace

void WriteNpy(const std::filesystem::path& path, const tpu::Array& array) {
  const bool ints = array.dtype() == tpu::DType::I32;
  std::string header = std::string("{'descr': '") + (ints ? "<i4" : "<f4") +
                       "', 'fortran_order': False, 'shape': " + ShapeTuple(array.shape()) + ", }";
  // The magic (6), version (2) and length (2) plus the header end on a 64-byte boundary, with a newline.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');

  std::ofstream out(path, std::ios::binary);
  if (!out) throw std::runtime_error("cannot write " + path.string());
  const uint16_t length = static_cast<uint16_t>(header.size());
  out.write("\x93NUMPY\x01\x00", 8);
  const char length_bytes[2] = {static_cast<char>(length & 0xFF), static_cast<char>(length >> 8)};
  out.write(length_bytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  if (ints) {
    out.write(reinterpret_cast<const char*>(array.Data<int32_t>()),
              static_cast<std::streamsize>(array.size() * 4));
  } else {
    std::vector<float> values(static_cast<std::size_t>(array.size()));
    array.ReadFloats(0, array.size(), values.data());
    out.write(reinterpret_cast<const char*>(values.data()), static_cast<std::streamsize>(values.size() * 4));
  }
  out.close();  // the tail is still buffered: only closing tells whether it reached the disk
  if (!out) {
    throw std::runtime_error("failed while writing " + path.filename().string() + ": " +
                             std::strerror(errno));
  }
}

}  // namespace tilewalk::app
