// Fuzzes the settings file parser (app/gui/user_settings.cpp), which reads whatever is at
// ~/.config/tilewalk/settings. Invariants: every value read is in its documented range; what is read is
// written back by FormatSettings and reads again as the same settings without a warning; the warnings
// printed hold no byte that acts on a terminal and stay capped; and the parser is linear: the input
// repeated to 128 KiB is read in under a second.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>
#include <string_view>

#include "app/gui/user_settings.hpp"
#include "tests/fuzz/fuzz_check.hpp"

namespace app = tilewalk::app;
namespace base = tilewalk::base;
using tilewalk::fuzz::Check;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  base::WarningList warnings;
  const app::UserSettings s = app::ParseSettings(text, "settings", warnings);
  Check(s.text_scale >= 0.6f && s.text_scale <= 2.5f, "text_scale is within 0.6 to 2.5");
  Check(s.speed >= 1.0f && s.speed <= 120.0f, "speed is within 1 to 120");
  Check(s.stop >= 1 && s.stop <= 1000, "stop is within 1 to 1000");

  std::ostringstream printed;
  warnings.PrintTo(printed, "tilewalk gui: warning: ");
  for (const char c : printed.str())
    Check(c == '\n' || (static_cast<unsigned char>(c) >= 0x20 && c != 0x7f),
          "a printed warning holds a control byte", printed.str());
  Check(warnings.Lines().size() <= 21, "the warnings stay capped");

  const std::string written = app::FormatSettings(s);
  base::WarningList again;
  const app::UserSettings reread = app::ParseSettings(written, "settings", again);
  // The parser reads a value up to its newline and trims it, so every value it gives writes back on one
  // line and the round trip is exact; only a stop without a tour is not written (it means nothing).
  app::UserSettings expected = s;
  if (expected.tour.empty()) expected.stop = app::UserSettings{}.stop;
  Check(reread == expected, "what is read is written back and reads the same", written);
  Check(again.empty(), "what FormatSettings writes reads without a warning", written);

  tilewalk::fuzz::CheckLinear(text, "the settings parser took a second or more on the repeated input",
                              [](std::string_view big) {
                                base::WarningList ignored;
                                (void)app::ParseSettings(big, "settings", ignored);
                              });
  return 0;
}
