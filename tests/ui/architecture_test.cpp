// SPDX-License-Identifier: GPL-3.0-or-later
// The ui's parts and the arrows allowed between them (docs/ARCHITECTURE.md, "The allowed
// arrows"), checked on the sources: a part includes only the parts it may use, nothing below
// the window includes a window header, and each folder stays small enough to read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

const fs::path kSource = POSENC_SOURCE_DIR;

/// The ui parts each part may include, besides itself. ui/app's translation and
/// settings_keys are leaves every part may use (they are listed separately below).
const std::map<std::string, std::set<std::string>> kAllowed = {
    {"app", {"io", "plot", "window"}},
    {"window", {"control", "plot", "panels", "modes", "io", "help", "models", "check"}},
    {"control", {}},
    {"plot", {"io"}},
    {"panels", {"formula", "io"}},
    {"modes", {"control", "plot", "io"}},
    {"io", {"plot"}},
    {"formula", {}},
    {"help", {"io"}},
    {"models", {"control", "io"}},
    {"check", {"plot", "io"}},
};

/// Headers of ui/app that every part may include.
const std::set<std::string> kLeaves = {"app/translation.h", "app/settings_keys.h"};

/// The part a file under ui/src or ui/include/posenc_ui belongs to ("plot", ...).
std::string partOf(const fs::path& file) {
  const fs::path rel = fs::relative(file, kSource / "ui");
  auto it = rel.begin();
  if (*it == "include") ++it;  // include/posenc_ui/<part>/...
  if (*it == "posenc_ui") ++it;
  if (*it == "src") ++it;
  return it->string();
}

std::vector<fs::path> uiSources() {
  std::vector<fs::path> out;
  for (const fs::path& dir : {kSource / "ui/src", kSource / "ui/include/posenc_ui"})
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".cpp" || ext == ".h")) out.push_back(entry.path());
    }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(Architecture, EveryUiSourceLivesInAKnownPart) {
  for (const fs::path& file : uiSources())
    EXPECT_TRUE(kAllowed.count(partOf(file)))
        << fs::relative(file, kSource) << " is not in a feature folder of ui/ ("
        << "app, window, control, plot, panels, modes, io, formula, help, models, check)";
}

TEST(Architecture, UiPartsIncludeOnlyThePartsTheyMayUse) {
  const std::regex include(R"re(#include\s+"posenc_ui/([a-z_]+)/([a-z_]+\.h)")re");
  std::string found;
  for (const fs::path& file : uiSources()) {
    const std::string part = partOf(file);
    const auto& allowed = kAllowed.at(part);
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const std::string target = m[1].str();
      if (target == part || allowed.count(target) || kLeaves.count(target + "/" + m[2].str()))
        continue;
      found += fs::relative(file, kSource).string() + ":" + std::to_string(n) + ": " + part +
               " may not include " + target + "/" + m[2].str() + "\n";
    }
  }
  EXPECT_TRUE(found.empty()) << found;
}

TEST(Architecture, OnlyTheWindowMainStartsTheWindow) {
  // ui/app/command_runner (the command line) must work without the window's code paths.
  std::ifstream in(kSource / "ui/src/app/command_runner.cpp");
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    EXPECT_EQ(line.find("posenc_ui/window/"), std::string::npos)
        << "command_runner.cpp:" << n << ": " << line;
}

TEST(Architecture, NoUiFolderHoldsMoreThanEightSources) {
  for (const auto& [part, allowed] : kAllowed) {
    int sources = 0;
    for (const auto& entry : fs::directory_iterator(kSource / "ui/src" / part))
      if (entry.path().extension() == ".cpp") ++sources;
    EXPECT_LE(sources, 8) << "ui/src/" << part << " holds " << sources
                          << " sources: split the folder by concern";
    EXPECT_GE(sources, 1) << "ui/src/" << part << " is empty";
  }
}

}  // namespace

/// The names the README's "Layout" block gives (its fenced block): "core/", "CMakeLists.txt", ...
std::set<std::string> readmeLayoutNames() {
  std::ifstream in(kSource / "README.md");
  std::string line;
  bool inLayout = false;
  bool inBlock = false;
  std::set<std::string> names;
  while (std::getline(in, line)) {
    if (line.rfind("## ", 0) == 0) inLayout = line == "## Layout";
    if (!inLayout) continue;
    if (line.rfind("```", 0) == 0) {
      inBlock = !inBlock;
      continue;
    }
    if (!inBlock || line.empty() || line[0] == ' ') continue;
    // "core/      text" or "CMakeLists.txt, CMakePresets.json   text": the names before the
    // first blank that does not follow a comma.
    std::size_t end = 0;
    while (end < line.size() && !(line[end] == ' ' && (end == 0 || line[end - 1] != ','))) ++end;
    const std::string head = line.substr(0, end);
    std::size_t at = 0;
    while (at < head.size()) {
      const std::size_t comma = head.find(',', at);
      std::string n = head.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
      n.erase(0, n.find_first_not_of(' '));
      n.erase(n.find_last_not_of(' ') + 1);
      if (!n.empty()) names.insert(n);
      if (comma == std::string::npos) break;
      at = comma + 1;
    }
  }
  return names;
}

TEST(Architecture, EveryTopLevelEntryIsOneTheReadmeLayoutNames) {
  // Issue 28 item 4: a stray top-level file (a stale copy of a source whose name was three
  // lines of C++) sat first in `ls` for weeks. Every entry of the top level is one the
  // README's layout names; what git ignores (build trees, editor files) does not count.
  const std::set<std::string> named = readmeLayoutNames();
  ASSERT_GE(named.size(), 10U) << "the README's Layout block was not found";
  const std::set<std::string> ignored = {".git",
                                         "build",
                                         "gallery",
                                         "out",
                                         ".cache",
                                         "CMakeUserPresets.json",
                                         "compile_commands.json"};
  for (const auto& entry : fs::directory_iterator(kSource)) {
    const std::string n = entry.path().filename().string();
    if (ignored.count(n) || n.rfind("build-", 0) == 0 || n.ends_with(".user")) continue;
    const std::string shown = entry.is_directory() ? n + "/" : n;
    EXPECT_TRUE(named.count(shown)) << shown << " is at the top level but the README's Layout "
                                    << "does not name it";
  }
}
