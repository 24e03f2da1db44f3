// The options of the verbs, built on the one option parser (base/option_parser.hpp): small makers for
// the kinds of option the verbs share (a switch, a path, a whole number in a range, a pixel size, a
// choice), each writing into a field of the verb's options aggregate. A verb lists its options once; the
// same list parses the command line and prints --help, so every verb answers the same mistake with the
// same message.
#pragma once

#include <cstdint>
#include <filesystem>
#include <initializer_list>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "app/pixel_size.hpp"
#include "app/views/tour_palette.hpp"
#include "base/option_parser.hpp"

namespace tilewalk::app {

using base::OptionSpec;

OptionSpec SwitchOption(std::string_view name, std::string help, bool& into);
// A file or folder; an empty value is refused rather than taken as the current folder.
OptionSpec PathOption(std::string_view name, std::string_view value_name, std::string_view needs,
                      std::string help, std::optional<std::filesystem::path>& into);
OptionSpec TextOption(std::string_view name, std::string_view value_name, std::string_view needs,
                      std::string help, std::string& into);
OptionSpec WholeOption(std::string_view name, std::string help, int min, int max, int& into,
                       std::string_view value_name = "N");
// "1600x900" (also "1600X900"), each side within [min_side, max_side].
OptionSpec PixelSizeOption(std::string_view name, std::string help, int min_side, int max_side,
                           PixelSize& into);

// --theme dark|light|print: the palette the panes and ImGui draw in (views/tour_palette.hpp).
OptionSpec ThemeOption(std::string help, views::palette::Theme& into);

// --threads N, for every verb that runs the kernels: how many threads record the parallel grid axes
// (1 to tpu::kMaxThreads). It sets the count for the whole process, ahead of TILEWALK_THREADS, since
// launches start deep inside the verbs; cli.cpp clears it when the verb returns.
OptionSpec ThreadsOption();

// --max-memory BYTES, for every verb that records: the host memory a scenario may be estimated to need
// (Kernel::EstimateHostMemory) before it is refused, from kLeastMaxMemory to kMostMaxMemory, in bytes or
// with a binary unit (base::ParseByteSize). Like --threads it sets the cap for the whole process
// (kernel::SetMaxHostBytes); cli.cpp clears it when the verb returns.
inline constexpr uint64_t kLeastMaxMemory = uint64_t{1} << 20;  // 1 MiB
inline constexpr uint64_t kMostMaxMemory = uint64_t{1} << 50;   // 1 PiB
OptionSpec MaxMemoryOption();

// Notes in `given` each option among `names` that the command line gives, by wrapping its setter, so
// that a verb can check combinations after parsing ("--frames only applies with --screenshot"). The
// specs must be parsed while `given` lives.
void RecordGiven(std::vector<OptionSpec>& specs, std::initializer_list<std::string_view> names,
                 std::vector<std::string_view>& given);
bool WasGiven(const std::vector<std::string_view>& given, std::string_view name);

// "1600x900" with each side in range; the failure's message is the expectation.
base::Result<PixelSize> ParsePixelSize(std::string_view text, int min_side, int max_side);

}  // namespace tilewalk::app
