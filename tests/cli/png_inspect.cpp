// png_inspect FILE [--size WxH] [--min-colours N] [--ground light|dark]: exits 0 when FILE is a PNG of that
// size with at least N distinct colours (default 2, i.e. not a single flat colour) and, with --ground, most
// of its pixels light (every channel at least 0xD8) or dark (every channel at most 0x40); 1 otherwise,
// printing what it found. The CLI tests use it to check the screenshot that `tilewalk gui --screenshot`
// wrote.
#include <cstdlib>
#include <iostream>
#include <string>

#include "png_read.hpp"

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: png_inspect FILE [--size WxH] [--min-colours N] [--ground light|dark]\n";
    return 2;
  }
  std::string want_size;
  std::size_t min_colours = 2;
  std::string ground;
  for (int i = 2; i + 1 < argc; i += 2) {
    const std::string flag = argv[i];
    if (flag == "--size") {
      want_size = argv[i + 1];
    } else if (flag == "--ground") {
      ground = argv[i + 1];
    } else if (flag == "--min-colours") {
      min_colours = static_cast<std::size_t>(std::strtoul(argv[i + 1], nullptr, 10));
    } else {
      std::cerr << "png_inspect: unknown option " << flag << "\n";
      return 2;
    }
  }
  std::string error;
  const auto image = tilewalk::tests::ReadPng(argv[1], error);
  if (!image) {
    std::cerr << "png_inspect: " << argv[1] << ": " << error << "\n";
    return 1;
  }
  const std::size_t colours = tilewalk::tests::CountColours(*image);
  const std::string size = std::to_string(image->width) + "x" + std::to_string(image->height);
  std::cout << argv[1] << ": " << size << ", " << colours << " distinct colours\n";
  if (!want_size.empty() && size != want_size) {
    std::cerr << "png_inspect: expected " << want_size << ", found " << size << "\n";
    return 1;
  }
  if (colours < min_colours) {
    std::cerr << "png_inspect: expected at least " << min_colours << " colours, found " << colours << "\n";
    return 1;
  }
  if (!ground.empty()) {
    const bool light = ground == "light";
    std::size_t matching = 0, pixels = 0;
    for (std::size_t i = 0; i + 3 < image->rgba.size(); i += 4, ++pixels) {
      const auto r = image->rgba[i], g = image->rgba[i + 1], b = image->rgba[i + 2];
      if (light ? (r >= 0xD8 && g >= 0xD8 && b >= 0xD8) : (r <= 0x40 && g <= 0x40 && b <= 0x40)) ++matching;
    }
    std::cout << matching << " of " << pixels << " pixels " << ground << "\n";
    if (2 * matching < pixels) {
      std::cerr << "png_inspect: expected most pixels " << ground << "\n";
      return 1;
    }
  }
  return 0;
}
