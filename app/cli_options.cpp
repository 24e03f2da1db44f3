#include "app/cli_options.hpp"

#include <algorithm>

#include "base/byte_size.hpp"
#include "base/number_text.hpp"
#include "kernels/api/host_memory.hpp"
#include "kernels/tpu/threads.hpp"

namespace tilewalk::app {

OptionSpec SwitchOption(std::string_view name, std::string help, bool& into) {
  return {.name = name,
          .value_name = "",
          .needs = "",
          .help = std::move(help),
          .set = [&into](std::string_view) -> base::Status {
            into = true;
            return {};
          }};
}

OptionSpec PathOption(std::string_view name, std::string_view value_name, std::string_view needs,
                      std::string help, std::optional<std::filesystem::path>& into) {
  return {.name = name,
          .value_name = value_name,
          .needs = needs,
          .help = std::move(help),
          .set = [&into](std::string_view value) -> base::Status {
            into = std::filesystem::path(value);
            return {};
          }};
}

OptionSpec TextOption(std::string_view name, std::string_view value_name, std::string_view needs,
                      std::string help, std::string& into) {
  return {.name = name,
          .value_name = value_name,
          .needs = needs,
          .help = std::move(help),
          .set = [&into](std::string_view value) -> base::Status {
            into = std::string(value);
            return {};
          }};
}

OptionSpec WholeOption(std::string_view name, std::string help, int min, int max, int& into,
                       std::string_view value_name) {
  return {.name = name,
          .value_name = value_name,
          .needs = "a whole number",
          .help = std::move(help),
          .set = [&into, min, max](std::string_view value) -> base::Status {
            const auto parsed = base::ParseWhole(value, min, max);
            if (!parsed) return parsed.error();
            into = static_cast<int>(*parsed);
            return {};
          }};
}

OptionSpec ThemeOption(std::string help, views::palette::Theme& into) {
  return {.name = "--theme",
          .value_name = "NAME",
          .needs = "a theme name",
          .help = std::move(help),
          .set = [&into](std::string_view value) -> base::Status {
            const auto theme = views::palette::ParseTheme(value);
            if (!theme) return base::Fail(base::Reason::Usage, "expected " + views::palette::ThemeNames());
            into = *theme;
            return {};
          }};
}

OptionSpec ThreadsOption() {
  return {.name = "--threads",
          .value_name = "N",
          .needs = "a whole number",
          .help =
              "threads for the kernels' parallel grid axes (default: $TILEWALK_THREADS, else one per "
              "core);\nthe recording is the same on any number",
          .set = [](std::string_view value) -> base::Status {
            const auto parsed = base::ParseWhole(value, 1, tpu::kMaxThreads);
            if (!parsed) return parsed.error();
            tpu::SetThreadCount(static_cast<int>(*parsed));
            return {};
          }};
}

void RecordGiven(std::vector<OptionSpec>& specs, std::initializer_list<std::string_view> names,
                 std::vector<std::string_view>& given) {
  for (OptionSpec& spec : specs) {
    if (std::find(names.begin(), names.end(), spec.name) == names.end()) continue;
    spec.set = [set = spec.set, name = spec.name, &given](std::string_view value) {
      given.push_back(name);
      return set(value);
    };
  }
}

bool WasGiven(const std::vector<std::string_view>& given, std::string_view name) {
  return std::find(given.begin(), given.end(), name) != given.end();
}

OptionSpec MaxMemoryOption() {
  return {.name = "--max-memory",
          .value_name = "BYTES",
          .needs = "a size",
          .help =
              "refuse a scenario estimated to need more host memory than this, such as 4GiB (default:\n"
              "half of this machine's memory)",
          .set = [](std::string_view value) -> base::Status {
            const auto parsed = base::ParseByteSize(value, kLeastMaxMemory, kMostMaxMemory);
            if (!parsed) return parsed.error();
            kernel::SetMaxHostBytes(static_cast<int64_t>(*parsed));
            return {};
          }};
}

base::Result<PixelSize> ParsePixelSize(std::string_view text, int min_side, int max_side) {
  const std::size_t x = text.find_first_of("xX");
  const auto width = base::ParseWhole(text.substr(0, x), min_side, max_side);
  const auto height =
      x == std::string_view::npos ? width : base::ParseWhole(text.substr(x + 1), min_side, max_side);
  if (x == std::string_view::npos || !width || !height)
    return base::Fail(base::Reason::Usage, "expected WIDTHxHEIGHT in pixels, each side from " +
                                               std::to_string(min_side) + " to " + std::to_string(max_side) +
                                               ", such as 1600x900");
  return PixelSize{.width = static_cast<int>(*width), .height = static_cast<int>(*height)};
}

OptionSpec PixelSizeOption(std::string_view name, std::string help, int min_side, int max_side,
                           PixelSize& into) {
  return {.name = name,
          .value_name = "WxH",
          .needs = "a size such as 1600x900",
          .help = std::move(help),
          .set = [&into, min_side, max_side](std::string_view value) -> base::Status {
            const auto parsed = ParsePixelSize(value, min_side, max_side);
            if (!parsed) return parsed.error();
            into = *parsed;
            return {};
          }};
}

}  // namespace tilewalk::app
