#include "app/gui/screenshot.hpp"

#include <glad/gl.h>

namespace tilewalk::app {

std::vector<std::uint8_t> ReadBackBuffer(PixelSize framebuffer) {
  std::vector<std::uint8_t> pixels(static_cast<std::size_t>(framebuffer.width) *
                                   static_cast<std::size_t>(framebuffer.height) * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, framebuffer.width, framebuffer.height, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  return pixels;
}

base::Status SaveBackBufferPng(PixelSize framebuffer, const std::filesystem::path& path) {
  const std::vector<std::uint8_t> pixels = ReadBackBuffer(framebuffer);
  return WritePngFile(
      path, {.width = framebuffer.width, .height = framebuffer.height, .rgba = pixels, .bottom_up = true});
}

}  // namespace tilewalk::app
