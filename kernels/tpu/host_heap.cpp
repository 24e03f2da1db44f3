#include "kernels/tpu/host_heap.hpp"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tilewalk::tpu {

bool KeepFreedMemoryForReuse() {
#if defined(__GLIBC__)
  // Setting the mmap threshold also stops glibc from moving it with each free, so both stay as set.
  return mallopt(M_MMAP_THRESHOLD, static_cast<int>(kLargestHeapBlock)) == 1 &&
         mallopt(M_TRIM_THRESHOLD, static_cast<int>(kKeptFreeBytes)) == 1;
#else
  return false;
#endif
}

void ReturnFreedMemory() {
#if defined(__GLIBC__)
  malloc_trim(0);
#endif
}

}  // namespace tilewalk::tpu
