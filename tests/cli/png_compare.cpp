// png_compare A B [--min-differing N]: exits 0 when the two PNGs have the same size and at least N pixels
// (default 1) differ, 1 otherwise, printing how many differ. The GUI screenshot test uses it to check that
// two tour stops do not render the same picture.
#include <cstdlib>
#include <iostream>
#include <string>

#include "png_read.hpp"

int main(int argc, char** argv) {
  if (argc < 3) {
    std::cerr << "usage: png_compare A.png B.png [--min-differing N]\n";
    return 2;
  }
  std::size_t min_differing = 1;
  for (int i = 3; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag != "--min-differing") {
      std::cerr << "png_compare: unknown option " << flag << "\n";
      return 2;
    }
    min_differing = static_cast<std::size_t>(std::strtoul(argv[i + 1], nullptr, 10));
  }
  std::string error;
  const auto a = tilewalk::tests::ReadPng(argv[1], error);
  if (!a) {
    std::cerr << "png_compare: " << argv[1] << ": " << error << "\n";
    return 1;
  }
  const auto b = tilewalk::tests::ReadPng(argv[2], error);
  if (!b) {
    std::cerr << "png_compare: " << argv[2] << ": " << error << "\n";
    return 1;
  }
  if (a->width != b->width || a->height != b->height) {
    std::cerr << "png_compare: sizes differ: " << a->width << "x" << a->height << " and " << b->width << "x"
              << b->height << "\n";
    return 1;
  }
  std::size_t differing = 0;
  for (std::size_t p = 0; p + 3 < a->rgba.size(); p += 4)
    if (a->rgba[p] != b->rgba[p] || a->rgba[p + 1] != b->rgba[p + 1] || a->rgba[p + 2] != b->rgba[p + 2])
      ++differing;
  std::cout << differing << " of " << a->rgba.size() / 4 << " pixels differ\n";
  if (differing < min_differing) {
    std::cerr << "png_compare: expected at least " << min_differing << " differing pixels\n";
    return 1;
  }
  return 0;
}
