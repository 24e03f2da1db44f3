#include "app/check/npy_writer.hpp"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/safe_output.hpp"

namespace tilewalk::app {

namespace {
std::string ShapeTuple(const tpu::Shape& s) {
  std::string t = "(";
  for (int i = 0; i < s.rank(); ++i)
    t += std::to_string(s[i]) + (s.rank() == 1 || i + 1 < s.rank() ? ", " : "");
  return t + ")";
}
}  // namespace

base::Status WriteNpy(const std::filesystem::path& path, const tpu::Array& array) {
  const bool ints = array.dtype() == tpu::DType::I32;
  std::string header = std::string("{'descr': '") + (ints ? "<i4" : "<f4") +
                       "', 'fortran_order': False, 'shape': " + ShapeTuple(array.shape()) + ", }";
  // The magic (6), version (2) and length (2) plus the header end on a 64-byte boundary, with a newline.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  const auto length = static_cast<std::uint16_t>(header.size());
  const char preamble[10] = {'\x93',
                             'N',
                             'U',
                             'M',
                             'P',
                             'Y',
                             '\x01',
                             '\x00',
                             static_cast<char>(length & 0xFF),
                             static_cast<char>(length >> 8)};

  return base::WriteFileWith(path, [&](base::OutputFile& file) -> base::Status {
    if (auto written = file.Write({preamble, sizeof preamble}); !written) return written;
    if (auto written = file.Write(header); !written) return written;
    if (ints) {
      return file.Write(
          {reinterpret_cast<const char*>(array.Data<int32_t>()), static_cast<std::size_t>(array.size()) * 4});
    }
    std::vector<float> values(static_cast<std::size_t>(array.size()));
    array.ReadFloats(0, array.size(), values.data());
    return file.Write({reinterpret_cast<const char*>(values.data()), values.size() * 4});
  });
}

}  // namespace tilewalk::app
