// SPDX-License-Identifier: GPL-3.0-or-later
// Scheme knowledge is data in the core's descriptions (SchemeInfo): the sources of ui/ never
// compare anything with a scheme id written out ("rope", "sinusoidal", ...), and the Compare
// and Animate modes name no scheme and include no scheme's own core header.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "posenc/base/scheme.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = POSENC_SOURCE_DIR;

/// A line of a file that the checks refuse, as "path:line: text".
using Finding = std::string;

std::vector<std::string> schemeIds() {
  std::vector<std::string> ids;
  for (const auto& s : posenc::allSchemes()) ids.push_back(s->info().id);
  return ids;
}

/// "(a|b|c)" of the scheme ids.
std::string idAlternatives() {
  std::string out = "(";
  for (const std::string& id : schemeIds()) out += (out.size() > 1 ? "|" : "") + id;
  return out + ")";
}

std::vector<fs::path> sourcesUnder(const fs::path& dir) {
  std::vector<fs::path> out;
  for (const auto& entry : fs::recursive_directory_iterator(kSource / dir)) {
    const std::string ext = entry.path().extension().string();
    if (entry.is_regular_file() && (ext == ".cpp" || ext == ".h" || ext == ".hpp"))
      out.push_back(entry.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string trimmed(const std::string& line) {
  const auto first = line.find_first_not_of(" \t");
  const auto last = line.find_last_not_of(" \t\r");
  return first == std::string::npos ? std::string() : line.substr(first, last - first + 1);
}

/// Lines of the files under `dir` that match `pattern`.
std::vector<Finding> linesMatching(const fs::path& dir, const std::regex& pattern) {
  std::vector<Finding> out;
  for (const fs::path& file : sourcesUnder(dir)) {
    const std::string rel = fs::relative(file, kSource).generic_string();
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      if (!std::regex_search(line, pattern)) continue;
      out.push_back(rel + ":" + std::to_string(n) + ": " + trimmed(line));
    }
  }
  return out;
}

std::string joined(const std::vector<Finding>& findings) {
  std::string out;
  for (const Finding& f : findings) out += f + "\n";
  return out;
}

TEST(SchemeKnowledge, UiNeverComparesWithASchemeIdLiteral) {
  // `== "rope"`, `!= QLatin1String("xl")`, `QStringLiteral("t5") == id`, ...
  const std::string ids = idAlternatives();
  const std::regex comparison(R"((==|!=)\s*[\w:]*\s*\(?\s*")" + ids + R"("|")" + ids +
                              R"("\s*\)?\s*(==|!=))");
  std::vector<Finding> found = linesMatching("ui/src", comparison);
  const std::vector<Finding> inHeaders = linesMatching("ui/include", comparison);
  found.insert(found.end(), inHeaders.begin(), inHeaders.end());
  EXPECT_TRUE(found.empty()) << "scheme knowledge belongs in SchemeInfo:\n" << joined(found);
}

TEST(SchemeKnowledge, UiCodeNamesNoScheme) {
  // A scheme id in ui code (comments aside) is knowledge that belongs in SchemeInfo: the
  // Compare companion, the scheme Animate offers, ... A line's text after "//" is a comment.
  const std::regex literal(R"(^([^/]|/[^/])*")" + idAlternatives() + "\"");
  std::vector<Finding> found = linesMatching("ui/src", literal);
  const std::vector<Finding> inHeaders = linesMatching("ui/include", literal);
  found.insert(found.end(), inHeaders.begin(), inHeaders.end());
  EXPECT_TRUE(found.empty()) << "a scheme id in ui code:\n" << joined(found);
}

TEST(SchemeKnowledge, ModesNameNoSchemeAndIncludeOnlyGenericCoreHeaders) {
  const std::regex literal("\"" + idAlternatives() + "\"");
  std::vector<Finding> found = linesMatching("ui/src/modes", literal);
  const std::vector<Finding> inHeaders = linesMatching("ui/include/posenc_ui/modes", literal);
  found.insert(found.end(), inHeaders.begin(), inHeaders.end());
  EXPECT_TRUE(found.empty()) << "a scheme id in Compare or Animate:\n" << joined(found);
  // The core's headers that describe every scheme alike; the others belong to one scheme.
  const std::regex specific(
      R"re(#include\s+"posenc/(?!(base/(scheme|params|types|view|mode_specs)|io/data_io|modes/(compare|animation))\.hpp"))re");
  std::vector<Finding> includes = linesMatching("ui/src/modes", specific);
  const std::vector<Finding> headerIncludes = linesMatching("ui/include/posenc_ui/modes", specific);
  includes.insert(includes.end(), headerIncludes.begin(), headerIncludes.end());
  EXPECT_TRUE(includes.empty()) << "a scheme's own header in Compare or Animate:\n"
                                << joined(includes);
}

TEST(SchemeKnowledge, NoUiFileIncludesAHeaderOfOneScheme) {
  // The core keeps each scheme in core/include/posenc/schemes/<id>/: the ui reaches a scheme
  // only through the registry and SchemeInfo, never through a scheme's own header.
  const std::regex ownHeader(R"re(#include\s+"posenc/schemes/)re");
  std::vector<Finding> found = linesMatching("ui/src", ownHeader);
  const std::vector<Finding> inHeaders = linesMatching("ui/include/posenc_ui", ownHeader);
  found.insert(found.end(), inHeaders.begin(), inHeaders.end());
  EXPECT_TRUE(found.empty()) << "a scheme's own header in ui code:\n" << joined(found);
}

}  // namespace
