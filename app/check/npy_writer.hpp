// Writes NumPy .npy files (format 1.0, C order): float32 for float and bfloat16 arrays (widened),
// int32 for ids. Enough for `tilewalk check --dump` to hand its tensors to NumPy unchanged. Every file goes
// through the one safe writer, so a full disk or the file-size limit is reported with the file's name.
#pragma once

#include <filesystem>

#include "base/result.hpp"
#include "kernels/tpu/array.hpp"

namespace tilewalk::app {

base::Status WriteNpy(const std::filesystem::path& path, const tpu::Array& array);

}  // namespace tilewalk::app
