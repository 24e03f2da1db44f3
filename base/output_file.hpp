// The one safe writer for a file. Open() looks at the destination without following it (symlink_status)
// and picks how to write it:
// - nothing there, or a regular file: a temporary beside it (temporary_name.hpp) is written and renamed
//   over the destination only by Commit(), when every write, flush and close has succeeded; until then the
//   destination is untouched, and an uncommitted OutputFile removes its temporary;
// - a symbolic link (or a chain of them) that ends in a regular file: the file the link leads to is
//   replaced the same way, in its own folder, and the link stays a link;
// - the same file as this process's standard output or error (compared by device and inode after
//   following links: /dev/stdout, /proc/self/fd/1, a link to them, or the very file stdout was redirected
//   to): written through that descriptor, never renamed over (once, the temporary was renamed over
//   /dev/stdout itself);
// - a character device, FIFO or socket (/dev/null, /dev/full, a named pipe): written in place, and a
//   write error there (ENOSPC on /dev/full, EPIPE when the reader went away) is reported; a FIFO with no
//   reader is refused rather than waited for. Writes to a stream or to stdout/stderr wait for room with
//   poll, a pipe's atomic size at a time, so a reader that holds the pipe open and never reads cannot hold
//   the process past an interrupt (the first Ctrl-C or SIGTERM) or the stream deadline below;
// - a folder, a link to a folder, a dangling link, a loop of links or a block device: refused with a
//   sentence, nothing written.
// Every write is checked; ENOSPC and EFBIG are reported as "the disk is full" and "the file-size limit"
// with the path (os_error.hpp). Nothing is deleted before its replacement is complete. Before writing, our
// stale temporaries in the destination's folder are removed (once per folder per process).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

enum class OutputKind : std::uint8_t {
  NewFile,            // nothing was there: a temporary is renamed into place
  ReplaceFile,        // a regular file: replaced atomically by a temporary
  ReplaceLinkTarget,  // a link to a regular file: the file it leads to is replaced, the link stays
  StandardStream,     // our stdout or stderr: written through that descriptor
  Stream,             // a character device, FIFO or socket: written in place
};

struct OutputOptions {
  bool sync = false;        // fsync the file and its folder before Commit() reports success
  bool clean_stale = true;  // remove our stale temporaries beside the destination first
};

class OutputFile {
 public:
  // Decides how to write `destination` and opens the temporary or the stream; fails with a sentence.
  static Result<OutputFile> Open(const std::filesystem::path& destination, const OutputOptions& options = {});

  OutputFile(OutputFile&&) noexcept;
  OutputFile& operator=(OutputFile&&) noexcept;
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;
  // Uncommitted: the temporary is removed and the destination stays as it was.
  ~OutputFile();

  // The content goes here, through any of the three (they share one buffer, in order). The FILE* is for
  // fprintf and libpng's png_init_io; it belongs to the OutputFile: never fclose it.
  std::FILE* File();
  std::ostream& Stream();
  Result<void> Write(std::string_view bytes);
  // Ok, or the first write that failed so far (the FILE* buffers, so a failure can show up late): a long
  // writer can ask between parts and stop early.
  Result<void> Status() const;

  // Flushes, checks every write, closes and renames the temporary into place. Call once; after a failure
  // the temporary is gone and the destination untouched.
  Result<void> Commit();

  OutputKind kind() const;
  const std::filesystem::path& destination() const;   // as given to Open()
  const std::filesystem::path& written_path() const;  // the file replaced: a link's target, else destination

 private:
  struct State;
  explicit OutputFile(std::unique_ptr<State> state);
  std::unique_ptr<State> m_state;
};

// The latest moment a write to a stream may wait for its reader, for the rest of the process (or until
// set again; nothing: no deadline). `gui --script` sets its --timeout here.
void SetStreamDeadline(std::optional<std::chrono::steady_clock::time_point> deadline);

// Writes `content` to `destination` by the rules above.
Result<void> WriteFileContent(const std::filesystem::path& destination, std::string_view content,
                              const OutputOptions& options = {});

// Opens `destination`, lets `fill` stream the content into the OutputFile, and commits when `fill`
// succeeds. A failed write during `fill` is reported as such (the disk is full) even when `fill` reports
// it in its own words.
Result<void> WriteFileWith(const std::filesystem::path& destination,
                           const std::function<Result<void>(OutputFile&)>& fill,
                           const OutputOptions& options = {});

// The checks of Open() without writing anything, so that a verb can refuse a bad --out before a long run:
// for a file that will be renamed into place a temporary is created and removed; a stream is classified
// but not opened (opening a FIFO would signal its reader).
Result<OutputKind> CheckOutputDestination(const std::filesystem::path& destination);

}  // namespace tilewalk::base
