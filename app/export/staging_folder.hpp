// An export's output folder, made atomically: everything is written into a hidden sibling folder
// (".NAME.tilewalk-partial-PID"), which is renamed to NAME only when the export is complete. An existing
// NAME is refused unless replacing was asked for; then it is swapped out only at the end, so a failed or
// interrupted export leaves the old folder as it was and never a folder that looks complete. The partial
// folder is removed when the object dies uncommitted.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <variant>

namespace tilewalk::app {

class StagingFolder {
 public:
  // Fails with a sentence that names the folder, the reason, and what to do.
  static std::variant<StagingFolder, std::string> Create(const std::filesystem::path& destination,
                                                         bool replace);
  StagingFolder(StagingFolder&& other) noexcept;
  StagingFolder& operator=(StagingFolder&&) = delete;
  StagingFolder(const StagingFolder&) = delete;
  ~StagingFolder();

  const std::filesystem::path& path() const { return m_staging; }
  // Renames the staging folder to the destination (replacing it if allowed); nullopt on success.
  std::optional<std::string> Commit();

 private:
  StagingFolder(std::filesystem::path destination, std::filesystem::path staging, bool replace)
      : m_destination(std::move(destination)), m_staging(std::move(staging)), m_replace(replace) {}

  std::filesystem::path m_destination, m_staging;
  bool m_replace = false;
  bool m_owned = true;  // false once committed or moved from
};

}  // namespace tilewalk::app
