#include "kernels/splash/entry/mask_file.hpp"

#include <string_view>

#include "base/bounded_read.hpp"
#include "base/terminal_text.hpp"

namespace tilewalk::splash {
namespace {

std::string Expected(int64_t q_len, int64_t kv_len) {
  return "expected q_len = " + std::to_string(q_len) + " lines of kv_len = " + std::to_string(kv_len) +
         " characters 0 or 1";
}

}  // namespace

base::Result<std::vector<uint8_t>> ReadMaskFile(const std::string& path, int64_t q_len, int64_t kv_len) {
  const std::string named = "--mask-file " + base::Excerpt(path) + ": ";
  // Each line's characters, "\r\n", and a little room: anything larger cannot be the mask.
  const auto cap = static_cast<std::size_t>(q_len * (kv_len + 2) + 2);
  const auto text = base::ReadTextFile(path, cap);
  if (!text)
    return base::Fail(base::Reason::Usage, named + text.error().message + "; " + Expected(q_len, kv_len));

  std::vector<uint8_t> values;
  values.reserve(static_cast<std::size_t>(q_len * kv_len));
  std::string_view rest = *text;
  int64_t line = 0;
  while (!rest.empty()) {
    const std::size_t end = rest.find('\n');
    std::string_view row = rest.substr(0, end);
    rest = end == std::string_view::npos ? std::string_view() : rest.substr(end + 1);
    if (!row.empty() && row.back() == '\r') row.remove_suffix(1);
    ++line;
    if (line > q_len)
      return base::Fail(base::Reason::Usage,
                        named + "more than " + std::to_string(q_len) + " lines; " + Expected(q_len, kv_len));
    if (static_cast<int64_t>(row.size()) != kv_len)
      return base::Fail(base::Reason::Usage, named + "line " + std::to_string(line) + " has " +
                                                 std::to_string(row.size()) + " characters; " +
                                                 Expected(q_len, kv_len));
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (row[c] != '0' && row[c] != '1')
        return base::Fail(base::Reason::Usage,
                          named + "line " + std::to_string(line) + ", column " + std::to_string(c + 1) +
                              " holds '" + base::Excerpt(row.substr(c, 1)) + "'; " + Expected(q_len, kv_len));
      values.push_back(row[c] == '1' ? 1 : 0);
    }
  }
  if (line != q_len)
    return base::Fail(base::Reason::Usage,
                      named + std::to_string(line) + " lines; " + Expected(q_len, kv_len));
  return values;
}

}  // namespace tilewalk::splash
