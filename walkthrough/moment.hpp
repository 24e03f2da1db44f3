// The words of searching a recording: which way (Direction) and for what kind of moment (Moment).
#pragma once

#include <cstdint>

namespace tilewalk::walkthrough {

enum class Direction : int8_t { Backward = -1, Forward = 1 };

// Kinds of moments to jump between.
enum class Moment : uint8_t {
  SkippedStep,  // the start of a grid step that did no arithmetic
  IssuedCopy,   // an HBM → VMEM copy that was issued
  SkippedCopy,  // a copy that was skipped because the block was already in its slot
  Writeback,
  WhenTaken,  // a pl.when branch that ran
  Error,
};

}  // namespace tilewalk::walkthrough
