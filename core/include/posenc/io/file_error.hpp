// SPDX-License-Identifier: GPL-3.0-or-later
// The error of every reader of outside files (InputFile, the tensor readers, the check's
// readers): the file and what is wrong with it.
#pragma once

#include <stdexcept>
#include <string>

#include "posenc/base/message.hpp"

namespace posenc {

/// A file that cannot be read as what it claims to be. what() is one line:
/// "FILE: REASON", e.g. "model.safetensors: tensor 'wpe.weight': dtype I64 is not a float type".
/// The reason is a Message (a template and its values), so the window says it in its own
/// language (MessageError); what() is its English.
class FileError : public std::runtime_error, public MessageError {
 public:
  /// `file` is shown through the printable filter (at most 200 bytes); `reason` says what is
  /// wrong with it.
  FileError(std::string file, Message reason);
  [[nodiscard]] const std::string& file() const { return m_file; }
  /// What is wrong, in English.
  [[nodiscard]] std::string reason() const { return m_reason.english(); }
  /// What is wrong, as data.
  [[nodiscard]] const Message& reasonMessage() const { return m_reason; }
  /// The whole sentence "FILE: REASON", as data.
  [[nodiscard]] const Message& message() const override { return m_message; }

 private:
  std::string m_file{};
  Message m_reason{};
  Message m_message{};
};

}  // namespace posenc
