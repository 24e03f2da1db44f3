// Where in our C++ a call was written: std::source_location where the standard library has it, and
// otherwise (libc++ 14, which emscripten 3.1.6 ships) a type of our own with the same four accessors,
// filled by the compiler builtins that GCC and clang both provide. A default argument
// `SourceSite where = SourceSite::current()` names the caller's line either way.
#pragma once

#if __has_include(<source_location>)
#include <source_location>
#endif

#include <cstdint>

namespace tilewalk::base {

#if defined(__cpp_lib_source_location)
using SourceSite = std::source_location;
#else
class SourceSite {
 public:
  static constexpr SourceSite current(const char* file = __builtin_FILE(),
                                      const char* function = __builtin_FUNCTION(),
                                      std::uint_least32_t line = __builtin_LINE()) noexcept {
    SourceSite site;
    site.m_file = file;
    site.m_function = function;
    site.m_line = line;
    return site;
  }
  constexpr SourceSite() noexcept = default;
  constexpr std::uint_least32_t line() const noexcept { return m_line; }
  constexpr std::uint_least32_t column() const noexcept { return 0; }  // the builtins give no column
  constexpr const char* file_name() const noexcept { return m_file; }
  constexpr const char* function_name() const noexcept { return m_function; }

 private:
  const char* m_file = "";
  const char* m_function = "";
  std::uint_least32_t m_line = 0;
};
#endif

}  // namespace tilewalk::base
