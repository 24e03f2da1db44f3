#include "app/views/meaning.hpp"

#include "app/views/tour_palette.hpp"

namespace tilewalk::views {

Pattern PatternOf(Meaning meaning) {
  switch (meaning) {
    case Meaning::Copied:
      return Pattern::Dots;
    case Meaning::Skipped:
      return Pattern::Slash;
    case Meaning::SkippedStep:
      return Pattern::Backslash;
    case Meaning::WrittenBack:
      return Pattern::Rows;
    case Meaning::Error:
      return Pattern::Cross;
    case Meaning::InVmem:
      return Pattern::Columns;
    case Meaning::Current:
    case Meaning::SlotInUse:
    case Meaning::Compute:
    case Meaning::Idle:
      break;
  }
  return Pattern::Solid;
}

ImU32 MeaningColour(Meaning meaning) {
  const palette::Colours& c = palette::Active();
  switch (meaning) {
    case Meaning::Current:
      return c.current;
    case Meaning::SlotInUse:
      return c.slot;
    case Meaning::Copied:
      return c.issued;
    case Meaning::Skipped:
      return c.skipped;
    case Meaning::SkippedStep:
      return c.skipped_step;
    case Meaning::WrittenBack:
      return c.writeback;
    case Meaning::Error:
      return c.error;
    case Meaning::InVmem:
      return c.in_vmem;
    case Meaning::Compute:
      return c.passage;
    case Meaning::Idle:
      break;
  }
  return c.idle_step;
}

}  // namespace tilewalk::views
