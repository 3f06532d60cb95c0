// SPDX-License-Identifier: GPL-3.0-or-later
// The ui's parts and the arrows allowed between them (docs/ARCHITECTURE.md, "The allowed
// arrows"), checked on the sources: the map below is the document's table row by row, a part
// includes only the parts its row allows, nothing below the window includes a window header,
// the folders' arrows (allowed and real) form no cycle, and each folder stays small enough to
// read.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <unistd.h>

#include "support/find_cycle.hpp"

namespace {

namespace fs = std::filesystem;
using posenc::test::findCycle;
using posenc::test::Graph;

const fs::path kSource = POSENC_SOURCE_DIR;

/// The rows of the table of docs/ARCHITECTURE.md ("The allowed arrows") for the ui: each row
/// and the ui parts it may include besides itself (the core and Qt are not listed). A row is a
/// feature folder ("plot") or one file of it that has a row of its own ("app/window_main").
/// Every part but the formula renderer and the editors (Qt only) may use common/, the floor: it
/// uses nothing of the ui.
const Graph kAllowed = {
    {"app", {"common", "io", "plot"}},
    {"app/window_main", {"common", "window"}},
    {"common", {}},
    {"window",
     {"check", "common", "control", "help", "io", "layout", "models", "modes", "panels", "params",
      "plot"}},
    {"layout", {"common"}},
    {"modes", {"common", "control", "io", "plot"}},
    {"params", {"common", "editors", "io"}},
    {"editors", {}},
    {"panels", {"common", "formula", "io"}},
    {"control", {"common"}},
    {"plot", {"common"}},
    {"io", {"common", "plot"}},
    {"formula", {}},
    {"help", {"common", "io"}},
    {"models", {"common", "control", "io", "plot"}},
    {"check", {"common", "plot"}},
};

/// The feature folder of a row ("app" for "app/window_main").
std::string folderOf(const std::string& row) { return row.substr(0, row.find('/')); }

/// The feature folders of ui/: app, common, window, ...
std::set<std::string> folders() {
  std::set<std::string> out;
  for (const auto& entry : kAllowed) out.insert(folderOf(entry.first));
  return out;
}

/// The part a file under ui/src or ui/include/posenc_ui belongs to ("plot", ...).
std::string partOf(const fs::path& file) {
  const fs::path rel = fs::relative(file, kSource / "ui");
  auto it = rel.begin();
  if (*it == "include") ++it;  // include/posenc_ui/<part>/...
  if (*it == "posenc_ui") ++it;
  if (*it == "src") ++it;
  return it->string();
}

/// The row of the table a file is checked against: its own ("app/window_main" for
/// window_main.h and window_main.cpp) if it has one, else its folder's.
std::string rowOf(const fs::path& file) {
  const std::string part = partOf(file);
  const std::string own = part + "/" + file.stem().string();
  return kAllowed.count(own) ? own : part;
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

const std::regex kUiInclude(R"re(#include\s+"posenc_ui/([a-z_]+)/([a-z_]+\.h)")re");

/// The folders each folder's files include (itself left out): the ui's real arrows.
Graph includeGraph() {
  Graph g;
  for (const fs::path& file : uiSources()) {
    const std::string part = partOf(file);
    std::set<std::string>& uses = g[part];
    std::ifstream in(file);
    std::string line;
    while (std::getline(in, line)) {
      std::smatch m;
      if (std::regex_search(line, m, kUiInclude) && m[1].str() != part) uses.insert(m[1].str());
    }
  }
  return g;
}

/// kAllowed with each row merged into its folder's: the arrows between folders.
Graph allowedFolderGraph() {
  Graph g;
  for (const auto& [row, uses] : kAllowed) {
    std::set<std::string>& to = g[folderOf(row)];
    for (const std::string& u : uses)
      if (u != folderOf(row)) to.insert(u);
  }
  return g;
}

/// The ui rows of the table under "## The allowed arrows" in ARCHITECTURE.md: "`ui/plot/`" ->
/// "plot", "`ui/app/window_main`" -> "app/window_main", each with the `ui/<part>` its "may
/// use" cell names.
Graph documentedRows() {
  std::ifstream in(kSource / "docs/ARCHITECTURE.md");
  std::stringstream text;
  text << in.rdbuf();
  const std::string doc = text.str();
  Graph rows;
  const std::size_t start = doc.find("## The allowed arrows");
  if (start == std::string::npos) return rows;
  const std::size_t end = doc.find("\n#", start + 1);
  std::istringstream table(doc.substr(start, end == std::string::npos ? end : end - start));
  const std::regex part(R"(`ui/([a-z_]+(/[a-z_]+)?)/?`)");
  std::string line;
  while (std::getline(table, line)) {
    if (line.rfind("| `ui/", 0) != 0) continue;
    const std::size_t split = line.find('|', 1);
    const std::string head = line.substr(0, split);
    const std::string uses = line.substr(split);
    std::smatch m;
    if (!std::regex_search(head, m, part)) continue;
    std::set<std::string>& row = rows[m[1].str()];
    for (std::sregex_iterator it(uses.begin(), uses.end(), part), stop; it != stop; ++it)
      row.insert((*it)[1].str());
  }
  return rows;
}

TEST(Architecture, TheAllowedMapIsTheDocumentsTable) {
  const Graph documented = documentedRows();
  ASSERT_GE(documented.size(), 10U) << "docs/ARCHITECTURE.md: no ui rows under "
                                    << "'## The allowed arrows'";
  for (const auto& [row, uses] : documented) {
    ASSERT_TRUE(kAllowed.count(row))
        << "ARCHITECTURE.md has a row ui/" << row << " that kAllowed lacks";
    EXPECT_EQ(uses, kAllowed.at(row)) << "ui/" << row << ": ARCHITECTURE.md and kAllowed differ";
  }
  for (const auto& entry : kAllowed)
    EXPECT_TRUE(documented.count(entry.first))
        << "kAllowed has a row " << entry.first << " that ARCHITECTURE.md lacks";
}

TEST(Architecture, EveryUiSourceLivesInAKnownPart) {
  const std::set<std::string> known = folders();
  for (const fs::path& file : uiSources())
    EXPECT_TRUE(known.count(partOf(file)))
        << fs::relative(file, kSource) << " is not in a feature folder of ui/ ("
        << "app, common, window, layout, control, plot, params, editors, panels, modes, io, "
        << "formula, help, models, check)";
}

TEST(Architecture, UiPartsIncludeOnlyThePartsTheyMayUse) {
  std::string found;
  for (const fs::path& file : uiSources()) {
    const std::string part = partOf(file);
    const std::string row = rowOf(file);
    const auto& allowed = kAllowed.at(row);
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      std::smatch m;
      if (!std::regex_search(line, m, kUiInclude)) continue;
      const std::string target = m[1].str();
      if (target == part || allowed.count(target)) continue;
      found += fs::relative(file, kSource).string() + ":" + std::to_string(n) + ": " + row +
               " may not include " + target + "/" + m[2].str() + "\n";
    }
  }
  EXPECT_TRUE(found.empty()) << found;
}

TEST(Architecture, NoCycleBetweenUiFolders) {
  EXPECT_EQ(findCycle(allowedFolderGraph()), "")
      << "the arrows kAllowed (and ARCHITECTURE.md) allow between ui folders form a cycle";
  const Graph real = includeGraph();
  ASSERT_GE(real.size(), 10U);
  EXPECT_EQ(findCycle(real), "") << "the ui folders' includes form a cycle";
}

TEST(Architecture, TheCycleFinderNamesACycle) {
  // Made-up folders: plot and io include each other (as before Zoom had a header of its own),
  // and a tree with a diamond, which has none.
  EXPECT_EQ(
      findCycle(
          {{"window", {"plot"}}, {"plot", {"io"}}, {"io", {"plot", "common"}}, {"common", {}}}),
      "io -> plot -> io");
  EXPECT_EQ(findCycle({{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}}), "a -> b -> c -> a");
  EXPECT_EQ(findCycle({{"a", {"a"}}}), "a -> a");
  EXPECT_EQ(findCycle({{"a", {"b", "c"}}, {"b", {"d"}}, {"c", {"d"}}, {"d", {}}}), "");
}

TEST(Architecture, OnlyTheWindowMainStartsTheWindow) {
  // ui/app/command_runner (the command line) must work without the window's code paths.
  std::ifstream in(kSource / "ui/src/app/command_runner.cpp");
  std::string line;
  for (int n = 1; std::getline(in, line); ++n)
    EXPECT_EQ(line.find("posenc_ui/window/"), std::string::npos)
        << "command_runner.cpp:" << n << ": " << line;
}

/// Counts a folder's sources (.cpp) and its files with the private headers (.cpp and .h), as
/// the core's rooms count theirs (tests/core/base/core_rooms_test.cpp).
struct FolderCount {
  int sources = 0;
  int files = 0;
};

FolderCount countFolder(const fs::path& dir) {
  FolderCount n;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string ext = entry.path().extension().string();
    if (ext == ".cpp") ++n.sources;
    if (ext == ".cpp" || ext == ".h") ++n.files;
  }
  return n;
}

TEST(Architecture, NoUiFolderHoldsMoreThanEightSources) {
  // At most eight sources and twelve files with the private headers in ui/src/<part>: a folder
  // that grows past either is split by concern (issue 28: params/ held fourteen files).
  for (const std::string& part : folders()) {
    const FolderCount n = countFolder(kSource / "ui/src" / part);
    EXPECT_LE(n.sources, 8) << "ui/src/" << part << " holds " << n.sources
                            << " sources: split the folder by concern";
    EXPECT_LE(n.files, 12) << "ui/src/" << part << " holds " << n.files
                           << " files (sources and private headers): split the folder by concern";
    EXPECT_GE(n.sources, 1) << "ui/src/" << part << " is empty";
  }
}

TEST(Architecture, TheFolderCountSeesPrivateHeaders) {
  // A made-up folder of 7 sources and 7 private headers (as params/ was): within eight
  // sources, over twelve files.
  const fs::path dir =
      fs::temp_directory_path() / ("posenc_architecture_count_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  for (int i = 0; i < 7; ++i) {
    std::ofstream(dir / ("part" + std::to_string(i) + ".cpp")) << "\n";
    std::ofstream(dir / ("part" + std::to_string(i) + ".h")) << "\n";
  }
  std::ofstream(dir / "notes.txt") << "\n";
  const FolderCount n = countFolder(dir);
  fs::remove_all(dir);
  EXPECT_EQ(n.sources, 7);
  EXPECT_EQ(n.files, 14);
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
