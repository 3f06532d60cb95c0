// SPDX-License-Identifier: GPL-3.0-or-later
// For the command-line tests: run the built `posenc` (POSENC_EXE, set by tests/CMakeLists.txt)
// as a user or a script would, in a fresh folder per test, and read back what it wrote.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/process.hpp"

namespace posenc::test {

/// Generous: a whole --all-views export under AddressSanitizer on a busy machine takes seconds;
/// only a hang comes near this.
constexpr double kPosencTimeoutSeconds = 120;

/// `posenc ARGS...` as a process to run (argv[0] is the built executable).
inline Process posenc(std::vector<std::string> args,
                      std::vector<std::pair<std::string, std::string>> env = {}) {
  args.insert(args.begin(), POSENC_EXE);
  return {std::move(args), std::move(env)};
}

/// Runs `posenc ARGS...` with standard input from /dev/null; standard output and error are
/// captured. `env` is set on top of this process's environment.
inline Outcome runPosenc(std::vector<std::string> args,
                         std::vector<std::pair<std::string, std::string>> env = {},
                         double timeoutSeconds = kPosencTimeoutSeconds) {
  return run(posenc(std::move(args), std::move(env)), timeoutSeconds);
}

/// The whole file as bytes ("" when it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

/// Writes `text` to `p`, replacing what was there.
inline void writeText(const std::filesystem::path& p, const std::string& text) {
  std::ofstream(p, std::ios::binary) << text;
}

/// A fixture with a fresh, empty folder per test, m_dir =
/// $TMPDIR/posenc-<suite>-<test>-<pid>; removed afterwards, even where a test took away the
/// write permission of the folders in it.
class TempDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    m_dir = std::filesystem::temp_directory_path() /
            (std::string("posenc-") + info->test_suite_name() + "-" + info->name() + "-" +
             std::to_string(::getpid()));
    std::filesystem::remove_all(m_dir);
    std::filesystem::create_directories(m_dir);
  }
  void TearDown() override {
    namespace fs = std::filesystem;
    std::error_code ec;
    fs::permissions(m_dir, fs::perms::owner_all, fs::perm_options::add, ec);
    for (const auto& e : fs::recursive_directory_iterator(m_dir, ec))
      if (e.is_directory(ec))  // not the throwing form: a symbolic link loop
        fs::permissions(e.path(), fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(m_dir, ec);
  }

  std::filesystem::path m_dir;
};

}  // namespace posenc::test
