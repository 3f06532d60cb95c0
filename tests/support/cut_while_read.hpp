// SPDX-License-Identifier: GPL-3.0-or-later
// A file cut short at an exact moment of a reader's work, as a download, a copy or a rewrite
// does to a checkpoint a tool is reading (issue 27): through the core's test-only read hook
// (posenc/io/input_file.hpp, detail::setReadHook), so with no sleep and no race, on
// whichever thread reads the file.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <system_error>

#include "posenc/io/input_file.hpp"

namespace posenc::test {

/// While alive: just before the first read of `file` that starts at byte `from` or later,
/// the file is cut to its first `keep` bytes (once). The hook is removed on destruction.
class CutWhileRead {
 public:
  CutWhileRead(const std::filesystem::path& file, std::uint64_t from, std::uint64_t keep) {
    // The state is shared with the hook, which a read on another thread may still hold.
    detail::setReadHook([cut = m_cut, file, from, keep](const std::string& name,
                                                        std::uint64_t offset, std::size_t) {
      std::error_code ec;
      if (offset < from || cut->load() || !std::filesystem::equivalent(name, file, ec)) return;
      bool expected = false;
      if (cut->compare_exchange_strong(expected, true)) std::filesystem::resize_file(file, keep);
    });
  }
  ~CutWhileRead() { detail::setReadHook({}); }
  CutWhileRead(const CutWhileRead&) = delete;
  CutWhileRead& operator=(const CutWhileRead&) = delete;

  /// Whether the file was cut.
  [[nodiscard]] bool cut() const { return m_cut->load(); }

 private:
  std::shared_ptr<std::atomic<bool>> m_cut = std::make_shared<std::atomic<bool>>(false);
};

}  // namespace posenc::test
