// Writes NumPy .npy files (format 1.0, C order): float32 for float and bfloat16 arrays (widened),
// int32 for ids. Enough for `tilewalk check --dump` to hand its tensors to NumPy unchanged.
#pragma once

#include <filesystem>

#include "kernels/tpu/array.hpp"

namespace tilewalk::app {

// Throws std::runtime_error naming the file when it cannot be written.
void WriteNpy(const std::filesystem::path& path, const tpu::Array& array);

}  // namespace tilewalk::app
