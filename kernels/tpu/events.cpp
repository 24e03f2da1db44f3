#include "kernels/tpu/events.hpp"

#include <array>

namespace tilewalk::tpu {

namespace {
constexpr std::array<std::string_view, kEventKindCount> kNames = {
    "step_begin", "copy_in", "writeback", "when",  "loop_iteration", "load",      "store",
    "vector",     "matmul",  "step_end",  "error", "scalar",         "smem_copy",
};
}  // namespace

std::string_view EventKindName(EventKind kind) {
  return kNames[static_cast<int>(kind)];
}

}  // namespace tilewalk::tpu
