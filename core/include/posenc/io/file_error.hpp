// SPDX-License-Identifier: GPL-3.0-or-later
// The error of every reader of outside files (InputFile, the tensor readers, the check's
// readers): the file and what is wrong with it.
#pragma once

#include <stdexcept>
#include <string>

namespace posenc {

/// A file that cannot be read as what it claims to be. what() is one line:
/// "FILE: REASON", e.g. "model.safetensors: tensor 'wpe.weight': dtype I64 is not a float type".
class FileError : public std::runtime_error {
 public:
  FileError(std::string file, std::string reason);
  [[nodiscard]] const std::string& file() const { return m_file; }
  [[nodiscard]] const std::string& reason() const { return m_reason; }

 private:
  std::string m_file{};
  std::string m_reason{};
};

}  // namespace posenc
