// The walk of flash, the kernel most suites read sites, mirror lines and the fingerprint of: one copy for
// every suite, now that the walkthrough names no kernel of its own.
#pragma once

#include "kernels/flash/entry/kernel_entry.hpp"
#include "walkthrough/kernel_walk.hpp"

namespace tilewalk::test {

inline const walkthrough::KernelWalk& FlashWalk() {
  return walkthrough::WalkOf(flash::KernelEntry());
}

}  // namespace tilewalk::test
