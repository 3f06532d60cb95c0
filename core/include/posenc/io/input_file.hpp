// SPDX-License-Identifier: GPL-3.0-or-later
// The one way the core opens a file it was handed (an array, a checkpoint, an index, a
// config, a text file, a session): regular files only, opened without blocking (a FIFO with
// no writer is refused at once, not waited on), its size known at open before anything is
// allocated, and read with pread into bounded buffers, never memory-mapped: a file truncated
// while it is read is a FileError ("changed while it was read"), not SIGBUS.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "posenc/io/file_error.hpp"

namespace posenc {

/// What stands at `path` when it is not a usable regular file, as the reason of a
/// FileError: "is a FIFO (named pipe), not a regular file", "is a folder, not a file",
/// "is a symbolic link loop", "no such file", "permission denied", ...; nullopt when `path`
/// is a regular file that can be opened for reading. Never blocks.
[[nodiscard]] std::optional<Message> unusableFileReason(const std::filesystem::path& path);

/// True when `reason` (of unusableFileReason or a FileError) says nothing is there ("no such
/// file", or a part of the path is not a folder): a missing file, not one that cannot be used.
[[nodiscard]] bool saysNoSuchFile(const Message& reason);

/// An outside file opened for reading (see the file comment).
class InputFile {
 public:
  /// @throws FileError naming `path` and saying what it is when it is not a regular file
  ///         (FIFO, folder, device, socket, symbolic link loop) or cannot be opened.
  explicit InputFile(const std::filesystem::path& path);
  ~InputFile();
  InputFile(InputFile&& other) noexcept;
  InputFile& operator=(InputFile&& other) noexcept;
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;

  /// Its size in bytes when it was opened.
  [[nodiscard]] std::uint64_t size() const { return m_size; }
  /// The path as given, for messages.
  [[nodiscard]] const std::string& name() const { return m_name; }
  /// Fills `out` with the bytes at `offset` (pread, retried on EINTR and short reads).
  /// @throws FileError when the range passes size() ("past its end"), or the file ends
  ///         before it ("changed while it was read (it was N bytes when opened, now ends at
  ///         M)"), or the read fails.
  void readAt(std::uint64_t offset, std::span<std::byte> out) const;
  /// The same, reading at most out.size() bytes and returning how many were read (fewer only
  /// at size()).
  [[nodiscard]] std::size_t readSome(std::uint64_t offset, std::span<std::byte> out) const;

 private:
  int m_fd = -1;
  std::uint64_t m_size = 0;
  std::string m_name{};
};

/// The whole of `path` as bytes, refused before allocating when it is over `limit` bytes
/// ("is N bytes: too large for WHAT (L at most)"; `what` says what the file is, "a config.json").
/// @throws FileError as InputFile.
[[nodiscard]] std::string readWholeFile(const std::filesystem::path& path, std::uint64_t limit,
                                        const Message& what);

namespace detail {

/// Test-only: what InputFile::readAt calls, on the reading thread, before each read it makes
/// (each bounded chunk), with the file's name() as opened, the byte offset and the number of
/// bytes it is about to read. A test cuts or rewrites the file there to change it at an exact
/// moment of a reader's work (no sleep, no race): tests/core/io/input_file_test.cpp and, for
/// the window's tests, tests/support/cut_while_read.hpp. Nothing but tests sets it.
using ReadHook =
    std::function<void(const std::string& name, std::uint64_t offset, std::size_t bytes)>;

/// Test-only: sets the hook of every InputFile read in the process; an empty function removes
/// it. Unset (the default), a read costs one atomic load more. Set it before the reads it is
/// to see start and remove it after they end (a read in flight may see either).
void setReadHook(ReadHook hook);

}  // namespace detail

}  // namespace posenc
