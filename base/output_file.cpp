// Sections: [Plan] how a destination will be written (PlanFor); [Stream] FileStreamBuf, an ostream over the
// FILE*; [State] the open file, its fopencookie writer that records the first errno; [Open] [Commit]; the
// free functions WriteFileContent, WriteFileWith and CheckOutputDestination.
#include "base/output_file.hpp"

#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <stdio_ext.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <iostream>
#include <streambuf>

#include "base/file_ops.hpp"
#include "base/interrupt_guard.hpp"
#include "base/os_error.hpp"
#include "base/temporary_name.hpp"

namespace tilewalk::base {
namespace {

namespace fs = std::filesystem;

// How a destination will be written, decided before anything is opened.
struct Plan {
  OutputKind kind = OutputKind::NewFile;
  fs::path written;      // renamed over (new or replaced files) or opened (streams)
  int standard_fd = -1;  // 1 or 2 for OutputKind::StandardStream
  mode_t mode = 0;       // the permissions of the file replaced, kept by the new one
};

bool SameFile(const struct stat& a, const struct stat& b) {
  return a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int StandardStreamFor(const struct stat& target) {
  for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
    struct stat info {};
    if (fstat(fd, &info) == 0 && SameFile(info, target)) return fd;
  }
  return -1;
}

bool RenamedIntoPlace(OutputKind kind) {
  return kind == OutputKind::NewFile || kind == OutputKind::ReplaceFile ||
         kind == OutputKind::ReplaceLinkTarget;
}

Error Cannot(Reason reason, const fs::path& destination, const std::string& why) {
  return {reason, "cannot write " + Quote(destination) + ": " + why};
}

std::string LinkText(const fs::path& link) {
  std::error_code ec;
  const fs::path target = fs::read_symlink(link, ec);
  return ec ? std::string("?") : Quote(target);
}

Result<Plan> PlanFor(const fs::path& destination) {
  if (destination.empty()) return Error{Reason::Usage, "no file name was given; name the file to write"};
  if (destination == "-")  // trace --out - means standard output; here it would make a file named '-'
    return Error{Reason::Usage,
                 "'-' would be a file named '-', not standard output (only trace --out takes "
                 "'-' for that); give a file's name (./- if you mean one named '-')"};
  if (destination.native().back() == '/')
    return Cannot(Reason::NotRegularFile, destination,
                  "the name ends in '/', so it names a folder; give a file name");
  struct stat link_info {};
  if (lstat(destination.c_str(), &link_info) != 0) {
    if (errno != ENOENT) return WriteFailure(destination, errno);
    return Plan{.kind = OutputKind::NewFile, .written = destination};
  }
  struct stat info {};
  const bool followed = stat(destination.c_str(), &info) == 0;
  const int follow_errno = errno;
  if (followed) {
    if (const int fd = StandardStreamFor(info); fd >= 0)
      return Plan{.kind = OutputKind::StandardStream, .written = destination, .standard_fd = fd};
  }
  const bool link = S_ISLNK(link_info.st_mode);
  if (link && !followed) {
    if (follow_errno != ENOENT) return WriteFailure(destination, follow_errno);
    return Cannot(Reason::Refused, destination,
                  "it is a link to " + LinkText(destination) +
                      ", which does not exist; remove the link or give another name");
  }
  const mode_t mode = link ? info.st_mode : link_info.st_mode;
  const std::string through = link ? "it is a link to " : "it is ";
  if (S_ISREG(mode)) {
    if (!link) return Plan{.kind = OutputKind::ReplaceFile, .written = destination, .mode = mode & 0777};
    char real[PATH_MAX];
    if (realpath(destination.c_str(), real) == nullptr) return WriteFailure(destination, errno);
    return Plan{.kind = OutputKind::ReplaceLinkTarget, .written = real, .mode = mode & 0777};
  }
  if (S_ISDIR(mode))
    return Cannot(Reason::NotRegularFile, destination, through + "a folder; give a file name");
  if (S_ISCHR(mode) || S_ISFIFO(mode)) return Plan{.kind = OutputKind::Stream, .written = destination};
  if (S_ISSOCK(mode))
    return Cannot(Reason::Refused, destination,
                  through + "a socket, which tilewalk cannot write to; give a file, a pipe or a device");
  return Cannot(Reason::Refused, destination,
                through + "a block device (a disk); tilewalk writes files, pipes and character devices only");
}

std::atomic<std::int64_t> g_stream_deadline_ns{0};  // steady_clock nanoseconds; 0: none

// Milliseconds poll may wait for a stream's room: until the deadline, or -1 for none; 0 once it passed.
int StreamWaitMilliseconds() {
  const std::int64_t deadline = g_stream_deadline_ns.load(std::memory_order_relaxed);
  if (deadline == 0) return -1;
  const std::int64_t now = std::chrono::duration_cast<std::chrono::nanoseconds>(
                               std::chrono::steady_clock::now().time_since_epoch())
                               .count();
  if (now >= deadline) return 0;
  return static_cast<int>(std::min<std::int64_t>((deadline - now + 999'999) / 1'000'000, 60'000));
}

// One write to a stream once poll says there is room: at most PIPE_BUF bytes, which a pipe with room takes
// whole, so the write itself never waits. 0 with errno EINTR on an interrupt, ETIMEDOUT past the deadline.
long WriteWhenReady(int fd, const char* data, std::size_t size) {
  for (;;) {
    pollfd fds[2] = {{.fd = fd, .events = POLLOUT, .revents = 0},
                     {.fd = InterruptWakeDescriptor(), .events = POLLIN, .revents = 0}};
    const nfds_t count = fds[1].fd >= 0 ? 2 : 1;
    const int ready = poll(fds, count, StreamWaitMilliseconds());  // 0 past the deadline: a last look
    if (ready < 0 && errno != EINTR) return -1;
    if (InterruptRequested()) {
      errno = EINTR;
      return -1;
    }
    if (ready == 0 && StreamWaitMilliseconds() == 0) {
      errno = ETIMEDOUT;
      return -1;
    }
    if (ready > 0 && fds[0].revents != 0)
      return WriteWithoutSigpipe(fd, data, std::min<std::size_t>(size, PIPE_BUF));
  }
}

void SyncFolder(const fs::path& folder) {
  const Descriptor fd(open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (fd.valid()) fsync(fd.get());
}

}  // namespace

struct OutputFile::State {
  // Gives std::ostream a FILE*, so that << and fwrite share one buffer and one error state.
  class FileStreamBuf : public std::streambuf {
   public:
    void Attach(std::FILE* file) { m_file = file; }

   protected:
    int_type overflow(int_type c) override {
      if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
      return m_file != nullptr && std::fputc(c, m_file) != EOF ? c : traits_type::eof();
    }
    std::streamsize xsputn(const char* data, std::streamsize size) override {
      if (m_file == nullptr) return 0;
      return static_cast<std::streamsize>(std::fwrite(data, 1, static_cast<std::size_t>(size), m_file));
    }

   private:
    std::FILE* m_file = nullptr;
  };

  fs::path destination, written, temporary;
  OutputKind kind = OutputKind::NewFile;
  OutputOptions options;
  Descriptor fd;
  int first_error = 0;  // the errno of the first write that failed
  std::FILE* file = nullptr;
  FileStreamBuf buffer;
  std::ostream stream{&buffer};
  bool done = false;

  ~State() {
    if (file != nullptr) {
      __fpurge(file);     // uncommitted: what is still buffered is dropped, not written
      std::fclose(file);  // the cookie's close does nothing; fd closes itself
    }
    if (!temporary.empty()) unlink(temporary.c_str());
  }

  static ssize_t CookieWrite(void* cookie, const char* data, std::size_t size) {
    auto* state = static_cast<State*>(cookie);
    std::size_t done_bytes = 0;
    while (done_bytes < size) {
      const bool file = RenamedIntoPlace(state->kind);
      const long written = file ? write(state->fd.get(), data + done_bytes, size - done_bytes)
                                : WriteWhenReady(state->fd.get(), data + done_bytes, size - done_bytes);
      if (written > 0) {
        done_bytes += static_cast<std::size_t>(written);
      } else if (written < 0 && errno == EINTR && (file || !InterruptRequested())) {
        continue;
      } else {
        if (state->first_error == 0) state->first_error = written < 0 ? errno : EIO;
        break;
      }
    }
    return static_cast<ssize_t>(done_bytes);  // short: stdio marks the FILE as failed
  }

  Result<void> OpenFile() {
    cookie_io_functions_t functions{.read = nullptr, .write = CookieWrite, .seek = nullptr, .close = nullptr};
    file = fopencookie(this, "w", functions);
    if (file == nullptr) return WriteFailure(destination, errno);
    std::setvbuf(file, nullptr, _IOFBF, 64 * 1024);
    buffer.Attach(file);
    return Ok();
  }

  int WriteErrno() const { return first_error != 0 ? first_error : EIO; }
};

void SetStreamDeadline(std::optional<std::chrono::steady_clock::time_point> deadline) {
  g_stream_deadline_ns.store(
      deadline
          ? std::max<std::int64_t>(
                1, std::chrono::duration_cast<std::chrono::nanoseconds>(deadline->time_since_epoch()).count())
          : 0,
      std::memory_order_relaxed);
}

Result<OutputFile> OutputFile::Open(const fs::path& destination, const OutputOptions& options) {
  auto plan = PlanFor(destination);
  if (!plan) return plan.error();
  auto state = std::make_unique<State>();
  state->destination = destination;
  state->written = plan->written;
  state->kind = plan->kind;
  state->options = options;
  switch (plan->kind) {
    case OutputKind::StandardStream: {
      std::cout.flush();  // what was printed before comes before what is written now
      std::fflush(stdout);
      std::cerr.flush();
      std::fflush(stderr);
      state->fd = Descriptor(fcntl(plan->standard_fd, F_DUPFD_CLOEXEC, 3));
      if (!state->fd.valid()) return WriteFailure(destination, errno);
      break;
    }
    case OutputKind::Stream: {
      // O_NONBLOCK so that a FIFO with no reader fails (ENXIO) rather than waits; then writes block again.
      state->fd = Descriptor(open(destination.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
      if (!state->fd.valid()) return WriteFailure(destination, errno);
      const int flags = fcntl(state->fd.get(), F_GETFL);
      if (flags >= 0) fcntl(state->fd.get(), F_SETFL, flags & ~O_NONBLOCK);
      break;
    }
    default: {
      const fs::path folder = plan->written.has_parent_path() ? plan->written.parent_path() : fs::path(".");
      if (options.clean_stale) RemoveStaleTemporariesOnce(folder);
      const fs::path temporary =
          folder / MakeTemporaryName(plan->written.filename().native(), TemporaryKind::Partial);
      state->fd = Descriptor(open(temporary.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
      if (!state->fd.valid()) {
        const int failed = errno;
        std::error_code ec;
        // A folder that exists and still answers ENOENT (/proc, /sys) takes no new files: say that, not
        // that it is missing.
        if ((failed == ENOENT || failed == ENOTDIR) && !fs::is_directory(folder, ec))
          return Cannot(
              Reason::NotFound, destination,
              "the folder " + Quote(folder) + " does not exist; create it first or choose another path");
        if (failed == ENOENT || ((failed == EACCES || failed == EPERM) && access(folder.c_str(), W_OK) == 0))
          return Cannot(Reason::Unwritable, destination,
                        "the folder " + Quote(folder) + " takes no new files (" + SystemText(failed) +
                            (failed == ENOENT ? "" : ", though its permissions allow writing") +
                            "); choose another place");
        return WriteFailure(destination, failed);
      }
      HoldTemporary(state->fd.get());  // for its whole life, so no other run takes it for stale
      state->temporary = temporary;
      if (plan->kind != OutputKind::NewFile) fchmod(state->fd.get(), plan->mode);
      break;
    }
  }
  if (auto opened = state->OpenFile(); !opened) return opened.error();
  return OutputFile(std::move(state));
}

OutputFile::OutputFile(std::unique_ptr<State> state) : m_state(std::move(state)) {}
OutputFile::OutputFile(OutputFile&&) noexcept = default;
OutputFile& OutputFile::operator=(OutputFile&&) noexcept = default;
OutputFile::~OutputFile() = default;

std::FILE* OutputFile::File() {
  return m_state->file;
}

std::ostream& OutputFile::Stream() {
  return m_state->stream;
}

Result<void> OutputFile::Write(std::string_view bytes) {
  if (m_state->file == nullptr)
    return Error{Reason::Usage, "OutputFile::Write was called after Commit; write everything first"};
  if (std::fwrite(bytes.data(), 1, bytes.size(), m_state->file) != bytes.size())
    return WriteFailure(m_state->destination, m_state->WriteErrno());
  return Ok();
}

Result<void> OutputFile::Status() const {
  if (m_state->first_error != 0 || (m_state->file != nullptr && std::ferror(m_state->file)))
    return WriteFailure(m_state->destination, m_state->WriteErrno());
  return Ok();
}

Result<void> OutputFile::Commit() {
  State& s = *m_state;
  if (s.done) return Error{Reason::Usage, "OutputFile::Commit was called twice; call it once"};
  s.done = true;
  const auto fail = [&s](Error error) -> Result<void> {
    if (!s.temporary.empty()) unlink(s.temporary.c_str());
    s.temporary.clear();
    return error;
  };
  int error = 0;
  if (std::fflush(s.file) != 0 || std::ferror(s.file)) error = s.WriteErrno();
  std::fclose(s.file);
  s.file = nullptr;
  s.buffer.Attach(nullptr);
  const bool renamed = RenamedIntoPlace(s.kind);
  if (error == 0 && renamed && s.options.sync && fsync(s.fd.get()) != 0) error = errno;
  // The temporary's lock lives in its open file description: a duplicate keeps it until the rename, so no
  // other run can take the temporary for stale once its own descriptor is closed (and close's error read).
  const Descriptor held(renamed ? fcntl(s.fd.get(), F_DUPFD_CLOEXEC, 3) : -1);
  if (const int closed = s.fd.Close(); error == 0) error = closed;
  if (error != 0) return fail(WriteFailure(s.destination, error));
  if (!renamed) return Ok();
  struct stat now {};
  if (lstat(s.written.c_str(), &now) == 0 && !S_ISREG(now.st_mode))
    return fail(
        Cannot(Reason::Refused, s.destination,
               "it changed while it was written and is no longer a regular file; nothing was replaced"));
  if (std::rename(s.temporary.c_str(), s.written.c_str()) != 0)
    return fail(WriteFailure(s.destination, errno));
  s.temporary.clear();
  if (s.options.sync) SyncFolder(s.written.has_parent_path() ? s.written.parent_path() : fs::path("."));
  return Ok();
}

OutputKind OutputFile::kind() const {
  return m_state->kind;
}

const fs::path& OutputFile::destination() const {
  return m_state->destination;
}

const fs::path& OutputFile::written_path() const {
  return m_state->written;
}

Result<void> WriteFileContent(const fs::path& destination, std::string_view content,
                              const OutputOptions& options) {
  return WriteFileWith(
      destination, [content](OutputFile& out) { return out.Write(content); }, options);
}

Result<void> WriteFileWith(const fs::path& destination, const std::function<Result<void>(OutputFile&)>& fill,
                           const OutputOptions& options) {
  auto opened = OutputFile::Open(destination, options);
  if (!opened) return opened.error();
  if (auto filled = fill(*opened); !filled) {
    if (auto status = opened->Status(); !status) return status;  // the root cause, in the writer's words
    return filled;
  }
  return opened->Commit();
}

Result<OutputKind> CheckOutputDestination(const fs::path& destination) {
  auto plan = PlanFor(destination);
  if (!plan) return plan.error();
  if (!RenamedIntoPlace(plan->kind)) return plan->kind;
  auto probe = OutputFile::Open(destination);  // creates the temporary; dropping it removes it
  if (!probe) return probe.error();
  return plan->kind;
}

}  // namespace tilewalk::base
