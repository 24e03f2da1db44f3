// The one safe writer for a folder (an export's output, `check --dump`). Everything is written into a
// hidden sibling (".NAME.tilewalk-partial-PID-START-SERIAL", temporary_name.hpp) that becomes NAME only at
// Commit(), so a failed or interrupted run never leaves a folder that looks complete, and an uncommitted
// OutputFolder removes its staging folder. Create() refuses, with a sentence and before any work:
// - an empty path, ".", "..", "/", a path that ends in "/." or "/..", and any destination that is the
//   working folder or contains it (once, `cd DUMP && check --dump . --force` deleted the dump);
// - a destination that is a link (even to a folder), or exists and is not a folder;
// - an existing folder, unless replacing was asked for AND the folder carries our own marker: a regular
//   file (the export's manifest.json, the dump's config.json) whose content the caller's check accepts. A
//   user's folder of .npy files is never replaced;
// - a missing parent folder.
// Replacing happens only at Commit(), by an atomic swap (renameat2 RENAME_EXCHANGE) where the file system
// has one, else by moving the old folder aside, moving the new one in and then removing the old; so the
// old folder is deleted only after its replacement is complete and in place. Commit() checks the
// destination again, since it may have changed during a long run.
#pragma once

#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.hpp"

namespace tilewalk::base {

// How to recognise a folder that tilewalk wrote and may therefore replace.
struct FolderMarker {
  std::string file_name;  // e.g. "manifest.json"; it must be a regular file
  std::function<bool(std::string_view content)> accepts =
      {};                                               // checks its content (read up to 1 MiB); empty: any
  std::string description = "a folder tilewalk wrote";  // messages: "'out' is not <description>"
};

struct FolderOptions {
  bool replace = false;                  // an existing destination may be replaced (if it has the marker)
  FolderMarker marker = {};              // required when replace is true
  std::string replace_hint = "--force";  // how the user asks to replace, for "pass --force to replace it"
};

class OutputFolder {
 public:
  static Result<OutputFolder> Create(const std::filesystem::path& destination, const FolderOptions& options);

  OutputFolder(OutputFolder&&) noexcept;
  OutputFolder& operator=(OutputFolder&&) noexcept;
  OutputFolder(const OutputFolder&) = delete;
  OutputFolder& operator=(const OutputFolder&) = delete;
  // Uncommitted: the staging folder and everything in it is removed; the destination stays as it was.
  ~OutputFolder();

  // The hidden folder to write into.
  const std::filesystem::path& path() const;
  // The destination, without trailing slashes.
  const std::filesystem::path& destination() const;

  // Moves the staging folder into place, replacing an earlier folder of ours if that was allowed. Call once.
  Result<void> Commit();

 private:
  struct State;
  explicit OutputFolder(std::unique_ptr<State> state);
  std::unique_ptr<State> m_state;
};

// Create()'s checks, so that a verb can refuse a bad --out before a long run: the staging folder is created
// and removed at once (so a parent that takes no new folders is caught too), and nothing else is touched.
Result<void> CheckOutputFolder(const std::filesystem::path& destination, const FolderOptions& options);

}  // namespace tilewalk::base
