// Freed memory kept for the next launch. glibc hands large blocks back to the system as soon as they are
// freed: a block over its mmap threshold is unmapped, and free space over its trim threshold at the top of
// a heap is returned. Every launch then faults its arrays in again, page by page. On the virtual machines
// tilewalk is measured on a page fault costs about 10 µs, which made a third of the bench step's time
// (docs/performance.md). KeepFreedMemoryForReuse raises both thresholds, so that the arrays, values and
// events of one launch or recording reuse the pages of the one before.
#pragma once

#include <cstddef>

namespace tilewalk::tpu {

// Blocks up to this size come from the heap, where they can be reused (glibc's largest allowed value).
inline constexpr std::size_t kLargestHeapBlock = std::size_t{32} << 20;
// Free memory at the top of a heap that stays with the process: the peak of the largest recording the
// README measures (S = 8192, 151 MiB) fits under it.
inline constexpr std::size_t kKeptFreeBytes = std::size_t{256} << 20;

// Call once, first thing in main, before any thread starts. Returns false when the C library does not take
// the setting (not glibc, or a sanitizer's allocator), and nothing changes.
bool KeepFreedMemoryForReuse();

// Hands the freed memory kept so far back to the system, for a phase whose blocks have other sizes than
// the ones before it and would not fit in their free space (the dense reference after the launches).
void ReturnFreedMemory();

}  // namespace tilewalk::tpu
