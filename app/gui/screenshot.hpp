// Saving what the window just rendered: reads the back buffer with glReadPixels (bottom row first, as GL
// stores it) and hands it to the PNG writer, which flips it right side up. Call after GuiWindow::Render()
// and before Present(), while the back buffer still holds the frame.
#pragma once

#include <filesystem>

#include "app/pixel_size.hpp"
#include "app/screen/png_file.hpp"

namespace tilewalk::app {

base::Status SaveBackBufferPng(PixelSize framebuffer, const std::filesystem::path& path);

}  // namespace tilewalk::app
