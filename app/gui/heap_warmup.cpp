#include "app/gui/heap_warmup.hpp"

#include <malloc.h>

namespace tilewalk::app {

void WarmHeap() {
  // Blocks up to 256 MiB from the heap (glibc maps anything over 128 KiB to 32 MiB afresh, by a threshold it
  // moves as blocks are freed), and up to 1 GiB of freed memory kept rather than trimmed after each free.
  mallopt(M_MMAP_THRESHOLD, 256 << 20);
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
  mallopt(M_TOP_PAD, 64 << 20);
}

}  // namespace tilewalk::app
