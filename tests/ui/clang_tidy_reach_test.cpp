// SPDX-License-Identifier: GPL-3.0-or-later
// clang-tidy reports findings in a header only when the header's path matches .clang-tidy's
// HeaderFilterRegex. This test reads that expression and runs it over every header of core/
// and ui/ at any depth (the core's rooms, schemes/<id>/, the ui's feature folders): a header
// the expression cannot reach is a header nobody analyses. It also checks that system and
// generated headers stay out, so the filter does not report findings in Qt or Eigen.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = POSENC_SOURCE_DIR;

/// The HeaderFilterRegex of .clang-tidy, without its quotes ("" when there is none).
std::string headerFilter() {
  std::ifstream in(kSource / ".clang-tidy");
  const std::string key = "HeaderFilterRegex:";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(key, 0) != 0) continue;
    std::string value = line.substr(key.size());
    const auto first = value.find('\'');
    const auto last = value.rfind('\'');
    if (first == std::string::npos || last == first) return value;
    return value.substr(first + 1, last - first - 1);
  }
  return {};
}

/// Every .h and .hpp below core/ and ui/ (absolute paths, as clang-tidy sees them).
std::vector<fs::path> ownHeaders() {
  std::vector<fs::path> out;
  for (const char* top : {"core/include", "core/src", "ui/include", "ui/src"})
    for (const auto& entry : fs::recursive_directory_iterator(kSource / top)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".h" || ext == ".hpp")) out.push_back(entry.path());
    }
  return out;
}

TEST(ClangTidyReach, HeaderFilterReachesEveryHeaderOfCoreAndUi) {
  const std::string expression = headerFilter();
  ASSERT_FALSE(expression.empty()) << ".clang-tidy has no HeaderFilterRegex";
  // clang-tidy searches the path for the expression (llvm::Regex::match), as regex_search does.
  const std::regex filter(expression, std::regex::extended);
  const std::vector<fs::path> headers = ownHeaders();
  // The core's rooms and the ui's folders: far more than a handful, nested two and three deep.
  ASSERT_GT(headers.size(), 80U);
  std::size_t nested = 0;
  for (const fs::path& header : headers) {
    const std::string path = fs::absolute(header).lexically_normal().string();
    EXPECT_TRUE(std::regex_search(path, filter)) << path << " is out of clang-tidy's reach";
    if (path.find("/schemes/") != std::string::npos) ++nested;
  }
  EXPECT_GT(nested, 10U) << "the schemes' headers (core/include/posenc/schemes/<id>/)";
}

TEST(ClangTidyReach, SystemAndGeneratedHeadersStayOut) {
  const std::regex filter(headerFilter(), std::regex::extended);
  const std::vector<std::string> outside = {
      "/usr/include/x86_64-linux-gnu/qt6/QtCore/qstring.h",
      "/usr/include/eigen3/Eigen/Core",
      "/usr/include/qcustomplot.h",
      "/usr/include/gtest/gtest.h",
      (kSource / "build/ci/ui/posenc_ui_autogen/include/ui_main_window.h").string(),
      (kSource / "build/ci/ui/posenc_ui_autogen/EWIEGA46WW/moc_plot_view.cpp").string(),
      (kSource / "tests/support/eigen_near.hpp").string()};
  for (const std::string& path : outside) EXPECT_FALSE(std::regex_search(path, filter)) << path;
}

}  // namespace
