// SPDX-License-Identifier: GPL-3.0-or-later
// Opening outside files (input_file.hpp): open(O_NONBLOCK) so a FIFO never blocks, fstat to
// refuse anything but a regular file, then O_NONBLOCK cleared; reads are pread loops.
#include "posenc/io/input_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <mutex>
#include <utility>

#include "base/text_util.hpp"

namespace posenc {

namespace {
const MessageTemplate kFileSentence{"%1: %2",
                                    "a file that cannot be read: %1: the file's name; %2: what is "
                                    "wrong with it"};
}  // namespace

FileError::FileError(std::string file, Message reason)
    : std::runtime_error(
          fillHoles(kFileSentence.english(), {detail::printableUpTo(file, 200), reason.english()})),
      m_file(std::move(file)),
      m_reason(std::move(reason)),
      m_message(kFileSentence, {detail::printableUpTo(m_file, 200), m_reason}) {}

namespace {

const MessageTemplate kIsFifo{"is a FIFO (named pipe), not a regular file"};
const MessageTemplate kIsFolder{"is a folder, not a file"};
const MessageTemplate kIsCharDevice{"is a character device, not a regular file"};
const MessageTemplate kIsBlockDevice{"is a block device, not a regular file"};
const MessageTemplate kIsSocket{"is a socket, not a regular file"};
const MessageTemplate kNotRegular{"is not a regular file"};
const MessageTemplate kNoSuchFile{"no such file"};
const MessageTemplate kNoSuchFileNotFolder{"no such file (a part of the path is not a folder)"};
const MessageTemplate kSymlinkLoop{"is a symbolic link loop"};
const MessageTemplate kPermissionDenied{"permission denied"};
const MessageTemplate kPathTooLong{"the path is too long"};
const MessageTemplate kCannotOpen{"cannot be opened: %1",
                                  "%1: the system's description of the error (strerror)"};
const MessageTemplate kCannotRead{"cannot be read: %1",
                                  "%1: the system's description of the error (strerror)"};
const MessageTemplate kReadPastEnd{
    "a read of %1 bytes at byte %2 passes its end (%3 bytes)",
    "%1: a number of bytes; %2: a byte offset; %3: the file's size in bytes"};
const MessageTemplate kChangedWhileRead{
    "changed while it was read (it was %1 bytes when opened, now ends at %2)",
    "%1: the file's size when opened; %2: the byte where it now ends"};
const MessageTemplate kTooLargeMiB{
    "is %1 bytes: too large for %2 (%3 MiB at most)",
    "%1: the file's size; %2: what the file is, e.g. 'a config.json'; "
    "%3: the limit in MiB"};
const MessageTemplate kTooLargeBytes{"is %1 bytes: too large for %2 (%3 bytes at most)",
                                     "%1: the file's size; %2: what the file is, e.g. 'a "
                                     "config.json'; %3: the limit in bytes"};

/// What a file of mode `mode` is, when it is not a regular file.
Message kindReason(mode_t mode) {
  if (S_ISFIFO(mode)) return Message(kIsFifo);
  if (S_ISDIR(mode)) return Message(kIsFolder);
  if (S_ISCHR(mode)) return Message(kIsCharDevice);
  if (S_ISBLK(mode)) return Message(kIsBlockDevice);
  if (S_ISSOCK(mode)) return Message(kIsSocket);
  return Message(kNotRegular);
}

Message errnoReason(int error) {
  switch (error) {
    case ENOENT:
      return Message(kNoSuchFile);
    case ENOTDIR:
      return Message(kNoSuchFileNotFolder);
    case ELOOP:
      return Message(kSymlinkLoop);
    case EACCES:
    case EPERM:
      return Message(kPermissionDenied);
    case EISDIR:
      return Message(kIsFolder);
    case ENAMETOOLONG:
      return Message(kPathTooLong);
    default:
      return Message(kCannotOpen, {std::string(std::strerror(error))});
  }
}

/// The test-only read hook (detail::setReadHook): `g_hookSet` is all an unhooked read looks at.
std::atomic<bool> g_hookSet{false};
std::mutex g_hookMutex;
detail::ReadHook g_hook;  // guarded by g_hookMutex

void callReadHook(const std::string& name, std::uint64_t offset, std::size_t bytes) {
  if (!g_hookSet.load(std::memory_order_acquire)) return;
  detail::ReadHook hook;
  {
    const std::lock_guard lock(g_hookMutex);
    hook = g_hook;
  }
  if (hook) hook(name, offset, bytes);  // called unlocked: it may read files itself
}

}  // namespace

namespace detail {

void setReadHook(ReadHook hook) {
  const std::lock_guard lock(g_hookMutex);
  g_hook = std::move(hook);
  g_hookSet.store(static_cast<bool>(g_hook), std::memory_order_release);
}

}  // namespace detail

std::optional<Message> unusableFileReason(const std::filesystem::path& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return errnoReason(errno);
  if (!S_ISREG(st.st_mode)) return kindReason(st.st_mode);
  if (::access(path.c_str(), R_OK) != 0) return errnoReason(errno);
  return std::nullopt;
}

bool saysNoSuchFile(const Message& reason) {
  return reason.sentence() == &kNoSuchFile || reason.sentence() == &kNoSuchFileNotFolder;
}

InputFile::InputFile(const std::filesystem::path& path) : m_name(path.string()) {
  // Anything not a regular file is refused before the open when stat can tell: opening some
  // devices has effects (a tape rewinds, a terminal becomes ours).
  struct stat st {};
  if (::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    throw FileError(m_name, kindReason(st.st_mode));
  m_fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (m_fd < 0) throw FileError(m_name, errnoReason(errno));
  if (::fstat(m_fd, &st) != 0) {
    const int error = errno;
    ::close(m_fd);
    m_fd = -1;
    throw FileError(m_name, Message(kCannotRead, {std::string(std::strerror(error))}));
  }
  if (!S_ISREG(st.st_mode)) {  // swapped between the stat and the open
    ::close(m_fd);
    m_fd = -1;
    throw FileError(m_name, kindReason(st.st_mode));
  }
  const int flags = ::fcntl(m_fd, F_GETFL);
  if (flags >= 0) (void)::fcntl(m_fd, F_SETFL, flags & ~O_NONBLOCK);
  m_size = static_cast<std::uint64_t>(st.st_size);
}

InputFile::~InputFile() {
  if (m_fd >= 0) ::close(m_fd);
}

InputFile::InputFile(InputFile&& other) noexcept
    : m_fd(std::exchange(other.m_fd, -1)), m_size(other.m_size), m_name(std::move(other.m_name)) {}

InputFile& InputFile::operator=(InputFile&& other) noexcept {
  if (this != &other) {
    if (m_fd >= 0) ::close(m_fd);
    m_fd = std::exchange(other.m_fd, -1);
    m_size = other.m_size;
    m_name = std::move(other.m_name);
  }
  return *this;
}

std::size_t InputFile::readSome(std::uint64_t offset, std::span<std::byte> out) const {
  if (offset >= m_size) return 0;
  const std::uint64_t want = std::min<std::uint64_t>(out.size(), m_size - offset);
  readAt(offset, out.first(static_cast<std::size_t>(want)));
  return static_cast<std::size_t>(want);
}

void InputFile::readAt(std::uint64_t offset, std::span<std::byte> out) const {
  if (offset > m_size || out.size() > m_size - offset)
    throw FileError(m_name,
                    Message(kReadPastEnd, {std::to_string(out.size()), std::to_string(offset),
                                           std::to_string(m_size)}));
  callReadHook(m_name, offset, out.size());
  std::size_t done = 0;
  while (done < out.size()) {
    const ssize_t got =
        ::pread(m_fd, out.data() + done, out.size() - done, static_cast<off_t>(offset + done));
    if (got < 0) {
      if (errno == EINTR) continue;
      throw FileError(m_name, Message(kCannotRead, {std::string(std::strerror(errno))}));
    }
    if (got == 0)
      throw FileError(m_name, Message(kChangedWhileRead,
                                      {std::to_string(m_size), std::to_string(offset + done)}));
    done += static_cast<std::size_t>(got);
  }
}

std::string readWholeFile(const std::filesystem::path& path, std::uint64_t limit,
                          const Message& what) {
  const InputFile file(path);
  if (file.size() > limit) {
    const std::uint64_t mib = std::uint64_t{1} << 20;
    const bool inMiB = limit % mib == 0;
    throw FileError(file.name(), Message(inMiB ? kTooLargeMiB : kTooLargeBytes,
                                         {std::to_string(file.size()), what,
                                          std::to_string(inMiB ? limit / mib : limit)}));
  }
  std::string bytes(static_cast<std::size_t>(file.size()), '\0');
  file.readAt(0, std::as_writable_bytes(std::span(bytes)));
  return bytes;
}

}  // namespace posenc
