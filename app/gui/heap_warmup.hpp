// The window's heap, set once at start so that a recording does not stall a frame on the kernel: large
// blocks come from the heap rather than from a fresh mapping each (whose every page faults on first touch
// and is unmapped again on free), and memory a recording freed stays with the process for the next one.
#pragma once

namespace tilewalk::app {

void WarmHeap();

}  // namespace tilewalk::app
