#include "base/output_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "base/bounded_read.hpp"
#include "base/file_ops.hpp"
#include "base/os_error.hpp"
#include "base/temporary_name.hpp"

namespace tilewalk::base {
namespace {

namespace fs = std::filesystem;

Error Refuse(Reason reason, const fs::path& destination, const std::string& why) {
  return {reason, "cannot write the folder " + Quote(destination) + ": " + why};
}

fs::path ParentOf(const fs::path& destination) {
  return destination.has_parent_path() ? destination.parent_path() : fs::path(".");
}

// The destination without trailing slashes, or a refusal of the names that mean "the folder I am in".
Result<fs::path> Normalize(const fs::path& given) {
  if (given.empty()) return Error{Reason::Usage, "no folder name was given; name the folder to write"};
  if (given == "-")
    return Error{Reason::Usage,
                 "'-' would be a folder named '-', not standard output, which takes no folder; "
                 "give a folder's name (./- if you mean one named '-')"};
  std::string text = given.native();
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  const fs::path destination(text);
  const std::string name = destination.filename().native();
  if (text == "/" || name == "." || name == "..")
    return Refuse(Reason::Refused, given,
                  "it names a folder by '.', '..' or '/', which tilewalk never replaces; give a new folder's "
                  "name, such as out/dump");
  return destination;
}

// True when the working folder is `folder` or lies inside it (compared by device and inode, so links and
// bind mounts cannot hide it).
bool HoldsWorkingFolder(const struct stat& folder) {
  std::error_code ec;
  fs::path here = fs::current_path(ec);
  if (ec) return false;
  while (true) {
    struct stat info {};
    if (stat(here.c_str(), &info) == 0 && info.st_dev == folder.st_dev && info.st_ino == folder.st_ino)
      return true;
    if (!here.has_relative_path()) return false;  // the root
    here = here.parent_path();
  }
}

Result<void> CheckMarker(const fs::path& destination, const FolderOptions& options) {
  const FolderMarker& marker = options.marker;
  const std::string refused = ", so " + options.replace_hint + " does not replace it; choose another folder";
  if (marker.file_name.empty())
    return Refuse(
        Reason::Refused, destination,
        "it already exists, and tilewalk replaces only folders it can recognise as its own" + refused);
  const fs::path file = destination / marker.file_name;
  struct stat info {};
  if (lstat(file.c_str(), &info) != 0 || !S_ISREG(info.st_mode))
    return Refuse(Reason::Refused, destination,
                  "it is not " + marker.description + " (it holds no " + marker.file_name + ")" + refused);
  if (!marker.accepts) return Ok();
  const auto content = ReadTextFile(file, kMarkerFileCap);
  if (!content || !marker.accepts(*content))
    return Refuse(Reason::Refused, destination,
                  "it is not " + marker.description + " (its " + marker.file_name +
                      " is not one tilewalk wrote)" + refused);
  return Ok();
}

// True when `folder` is where a file system is mounted (a bind mount too, where the kernel says so): a
// rename over it fails with EBUSY, so it is refused before the run rather than after it.
bool IsMountPoint(const fs::path& folder, const struct stat& info) {
  struct statx extra {};
  if (statx(AT_FDCWD, folder.c_str(), AT_SYMLINK_NOFOLLOW, STATX_BASIC_STATS, &extra) == 0 &&
      (extra.stx_attributes_mask & STATX_ATTR_MOUNT_ROOT) != 0)
    return (extra.stx_attributes & STATX_ATTR_MOUNT_ROOT) != 0;
  struct stat parent {};
  return stat(ParentOf(folder).c_str(), &parent) == 0 && parent.st_dev != info.st_dev;
}

// Whether `destination` (normalized) may be written: Ok when it is missing or may be replaced.
Result<void> CheckDestination(const fs::path& destination, const FolderOptions& options) {
  struct stat info {};
  if (lstat(destination.c_str(), &info) != 0) {
    if (errno != ENOENT) return WriteFailure(destination, errno);
    const fs::path parent = ParentOf(destination);
    struct stat parent_info {};
    if (stat(parent.c_str(), &parent_info) != 0 || !S_ISDIR(parent_info.st_mode))
      return Refuse(
          Reason::NotFound, destination,
          "the folder " + Quote(parent) + " does not exist; create it first or choose another place");
    return Ok();
  }
  if (S_ISLNK(info.st_mode))
    return Refuse(
        Reason::Refused, destination,
        "it is a link, and tilewalk neither replaces links nor writes through them; give the folder's "
        "own path or another name");
  if (!S_ISDIR(info.st_mode))
    return Refuse(Reason::Refused, destination, "it exists and is not a folder; choose another name");
  if (HoldsWorkingFolder(info))
    return Refuse(Reason::Refused, destination,
                  "it is the working folder or holds it, and tilewalk never replaces the folder it runs in; "
                  "change to another folder or choose another name");
  if (IsMountPoint(destination, info))
    return Refuse(Reason::Refused, destination,
                  "it is a mount point, which cannot be moved or replaced; give a new folder inside it, such "
                  "as " +
                      Quote(destination / "out"));
  if (!options.replace)
    return Refuse(
        Reason::Exists, destination,
        "it already exists; pass " + options.replace_hint + " to replace it, or choose another folder");
  return CheckMarker(destination, options);
}

}  // namespace

struct OutputFolder::State {
  fs::path destination, staging;
  Descriptor held;  // the staging folder, locked for its whole life, so no other run takes it for stale
  FolderOptions options;
  bool done = false;

  ~State() {
    if (done || staging.empty()) return;
    std::error_code ignored;
    fs::remove_all(staging, ignored);
  }

  // Replaces the existing destination with the staging folder; the old one is removed only afterwards.
  Result<void> Replace() {
    if (const int exchanged = ExchangePaths(staging, destination); exchanged == 0) {
      done = true;
      std::error_code ignored;
      fs::remove_all(staging, ignored);  // now the old folder; what stays is removed as stale by a later run
      return Ok();
    } else if (exchanged != EINVAL && exchanged != ENOSYS && exchanged != EOPNOTSUPP) {
      return WriteFailure(destination, exchanged);
    }
    const fs::path old =
        ParentOf(destination) / MakeTemporaryName(destination.filename().native(), TemporaryKind::Old);
    // Locked before it is moved aside (the lock goes with the folder), until it is removed.
    const Descriptor old_held(open(destination.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (old_held.valid()) HoldTemporary(old_held.get());
    if (std::rename(destination.c_str(), old.c_str()) != 0) return WriteFailure(destination, errno);
    if (std::rename(staging.c_str(), destination.c_str()) != 0) {
      const int failed = errno;
      std::rename(old.c_str(), destination.c_str());  // put the old folder back
      return WriteFailure(destination, failed);
    }
    done = true;
    std::error_code ignored;
    fs::remove_all(old, ignored);
    return Ok();
  }
};

Result<OutputFolder> OutputFolder::Create(const fs::path& given, const FolderOptions& options) {
  auto destination = Normalize(given);
  if (!destination) return destination.error();
  if (auto allowed = CheckDestination(*destination, options); !allowed) return allowed.error();
  const fs::path parent = ParentOf(*destination);
  RemoveStaleTemporariesOnce(parent);
  const fs::path staging =
      parent / MakeTemporaryName(destination->filename().native(), TemporaryKind::Partial);
  if (mkdir(staging.c_str(), 0777) != 0) {
    const int failed = errno;
    // Denied although the permission bits allow it (/sys, an immutable folder, a security policy), or
    // "missing" in a folder that exists (/proc): the folder takes no new folders, whatever it says.
    std::error_code ec;
    const bool denied_anyway = (failed == EACCES || failed == EPERM) && access(parent.c_str(), W_OK) == 0;
    const bool system_says_no = denied_anyway || (failed == ENOENT && fs::is_directory(parent, ec));
    return Refuse(ReasonForErrno(failed) == Reason::System || system_says_no ? Reason::Unwritable
                                                                             : ReasonForErrno(failed),
                  *destination,
                  (system_says_no ? "the folder " + Quote(parent) + " takes no new folders ("
                                  : "cannot create a folder in " + Quote(parent) + " (") +
                      SystemText(failed) + (denied_anyway ? ", though its permissions allow writing" : "") +
                      "); choose a place you can write to");
  }
  auto state = std::make_unique<State>();
  state->held = Descriptor(open(staging.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (state->held.valid()) HoldTemporary(state->held.get());
  state->destination = *destination;
  state->staging = staging;
  state->options = options;
  return OutputFolder(std::move(state));
}

OutputFolder::OutputFolder(std::unique_ptr<State> state) : m_state(std::move(state)) {}
OutputFolder::OutputFolder(OutputFolder&&) noexcept = default;
OutputFolder& OutputFolder::operator=(OutputFolder&&) noexcept = default;
OutputFolder::~OutputFolder() = default;

const fs::path& OutputFolder::path() const {
  return m_state->staging;
}

const fs::path& OutputFolder::destination() const {
  return m_state->destination;
}

Result<void> OutputFolder::Commit() {
  State& s = *m_state;
  if (s.done) return Error{Reason::Usage, "OutputFolder::Commit was called twice; call it once"};
  // The destination may have changed during a long run: check it again, and change nothing if it may not
  // be written now (the staging folder is removed with this object).
  if (auto allowed = CheckDestination(s.destination, s.options); !allowed) return allowed.error();
  struct stat info {};
  if (lstat(s.destination.c_str(), &info) == 0) return s.Replace();
  if (const int renamed = RenameNoReplace(s.staging, s.destination); renamed != 0) {
    if (renamed == EEXIST)
      return Refuse(Reason::Exists, s.destination,
                    "it appeared while tilewalk was writing; nothing was replaced");
    return WriteFailure(s.destination, renamed);
  }
  s.done = true;
  return Ok();
}

Result<void> CheckOutputFolder(const fs::path& given, const FolderOptions& options) {
  // Creating the staging folder and dropping it at once also catches a parent that takes no new folders
  // (/proc, a read-only file system), as CheckOutputDestination's probe does for a file.
  auto probe = OutputFolder::Create(given, options);
  if (!probe) return probe.error();
  return Ok();
}

}  // namespace tilewalk::base
