// Reading what the window just rendered: the back buffer's pixels with glReadPixels (bottom row first, as
// GL stores them), and those pixels saved as a PNG, which the writer turns right side up. Call after
// GuiWindow::Render() and before Present(), while the back buffer still holds the frame.
#pragma once

#include <cstdint>
#include <filesystem>
#include <vector>

#include "app/pixel_size.hpp"
#include "app/screen/png_file.hpp"

namespace tilewalk::app {

std::vector<std::uint8_t> ReadBackBuffer(PixelSize framebuffer);  // RGBA, 4 bytes a pixel
base::Status SaveBackBufferPng(PixelSize framebuffer, const std::filesystem::path& path);

}  // namespace tilewalk::app
