// A kernel's C++ (its mirror, KernelInfo::assets.mirror) compiled into the binary, so the source pane can
// always show it, with a map from site names to lines found by scanning the text for the site literals the
// statements pass.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/embedded_file.hpp"

namespace tilewalk::walkthrough {

struct SourceLocation {
  std::string file;  // base name, e.g. "forward_kernel.cpp"
  int line = 0;      // 1-based
};

class MirrorIndex {
 public:
  MirrorIndex() = default;
  explicit MirrorIndex(std::span<const EmbeddedFile> files) : m_files(files) {}

  std::span<const EmbeddedFile> files() const { return m_files; }
  // The line where the call that passes the site literal "NAME" begins (the line std::source_location
  // records for it), or nullopt.
  std::optional<SourceLocation> FindSite(std::string_view site_name) const;
  // The first line where a C++ identifier appears as a whole word, or nullopt.
  std::optional<SourceLocation> FindSymbol(std::string_view identifier) const;
  // The first line of one mirror file where an identifier appears as a whole word, or nullopt.
  std::optional<SourceLocation> FindSymbolInFile(std::string_view file, std::string_view identifier) const;
  // A cpp anchor of a passage: "FILE:identifier" (e.g. forward_launch.cpp:kv_index_map) for a name that
  // several files use; otherwise a site name when it contains a dot, else an identifier.
  std::optional<SourceLocation> ResolveCppAnchor(std::string_view anchor) const;
  // Lines of one mirror file (empty when there is no such file).
  std::vector<std::string_view> Lines(std::string_view file) const;

 private:
  template <typename Match>
  std::optional<SourceLocation> FirstLine(Match match) const;
  std::span<const EmbeddedFile> m_files;
};

}  // namespace tilewalk::walkthrough
