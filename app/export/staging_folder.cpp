#include "app/export/staging_folder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace tilewalk::app {
namespace {

namespace fs = std::filesystem;

fs::path Sibling(const fs::path& destination, const std::string& tag) {
  const fs::path parent = destination.parent_path().empty() ? fs::path(".") : destination.parent_path();
  return parent /
         ("." + destination.filename().string() + ".tilewalk-" + tag + "-" + std::to_string(getpid()));
}

}  // namespace

std::variant<StagingFolder, std::string> StagingFolder::Create(const fs::path& destination_in, bool replace) {
  const fs::path destination =
      destination_in.filename().empty() ? destination_in.parent_path() : destination_in;
  std::error_code ec;
  const fs::file_status status = fs::symlink_status(destination, ec);
  if (fs::exists(status)) {
    if (!fs::is_directory(status))
      return "'" + destination.string() + "' exists and is not a folder; choose another --out";
    if (!replace)
      return "'" + destination.string() +
             "' already exists; pass --force to replace it, or choose another --out";
  }
  const fs::path parent = destination.parent_path().empty() ? fs::path(".") : destination.parent_path();
  if (!fs::is_directory(parent, ec))
    return "cannot export to '" + destination.string() + "': the folder '" + parent.string() +
           "' does not exist; create it first";
  fs::path staging = Sibling(destination, "partial");
  fs::remove_all(staging, ec);  // a leftover of a killed run that had our pid
  if (mkdir(staging.c_str(), 0777) != 0) {
    return "cannot export to '" + destination.string() + "': cannot create a folder in '" + parent.string() +
           "' (" + std::strerror(errno) + "); choose a writable --out";
  }
  return StagingFolder(destination, std::move(staging), replace);
}

StagingFolder::StagingFolder(StagingFolder&& other) noexcept
    : m_destination(std::move(other.m_destination)),
      m_staging(std::move(other.m_staging)),
      m_replace(other.m_replace),
      m_owned(other.m_owned) {
  other.m_owned = false;
}

StagingFolder::~StagingFolder() {
  if (!m_owned) return;
  std::error_code ignored;
  fs::remove_all(m_staging, ignored);
}

std::optional<std::string> StagingFolder::Commit() {
  std::error_code ec;
  fs::path old;
  if (fs::exists(fs::symlink_status(m_destination, ec))) {
    if (!m_replace) return "'" + m_destination.string() + "' appeared while exporting; nothing was replaced";
    old = Sibling(m_destination, "old");
    fs::remove_all(old, ec);
    if (std::rename(m_destination.c_str(), old.c_str()) != 0)
      return "cannot move the old '" + m_destination.string() + "' aside: " + std::strerror(errno);
  }
  if (std::rename(m_staging.c_str(), m_destination.c_str()) != 0) {
    const std::string why = std::strerror(errno);
    if (!old.empty()) std::rename(old.c_str(), m_destination.c_str());  // put the old folder back
    return "cannot rename the finished export to '" + m_destination.string() + "': " + why;
  }
  m_owned = false;
  if (!old.empty()) fs::remove_all(old, ec);
  return std::nullopt;
}

}  // namespace tilewalk::app
