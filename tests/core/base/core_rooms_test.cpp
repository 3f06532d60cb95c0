// SPDX-License-Identifier: GPL-3.0-or-later
// The core's rooms and the arrows between them, as docs/ARCHITECTURE.md ("Inside the core")
// draws them, checked on the sources: every folder of core/src and core/include/posenc stays
// small enough to read (at most twelve files, headers counted), every include of a core file
// names its own room or one its row allows, and the arrows form no cycle. The table is read
// from the document, so the document and the code cannot drift apart.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/find_cycle.hpp"

namespace {

namespace fs = std::filesystem;

const fs::path kSource = POSENC_SOURCE_DIR;

using posenc::test::findCycle;
using posenc::test::Graph;

std::string readAll(const fs::path& file) {
  std::ifstream in(file);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

/// The scheme folders: core/src/schemes/<id>/.
std::vector<std::string> schemeIds() {
  std::vector<std::string> ids;
  for (const auto& entry : fs::directory_iterator(kSource / "core/src/schemes"))
    if (entry.is_directory()) ids.push_back(entry.path().filename().string());
  std::sort(ids.begin(), ids.end());
  return ids;
}

/// The rows of the table under "### Inside the core": room -> the rooms it may use, both
/// written as in the document without "core/" and the trailing slash ("base",
/// "schemes/<id>", "schemes/kerple", "schemes").
Graph documentedRows(const std::string& doc) {
  Graph rows;
  const std::size_t start = doc.find("### Inside the core");
  if (start == std::string::npos) return rows;
  const std::size_t end = doc.find("\n#", start + 1);
  std::istringstream in(
      doc.substr(start, end == std::string::npos ? std::string::npos : end - start));
  const std::regex room(R"(`core/([a-z_<>/]+?)/?`)");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| `core/", 0) != 0) continue;
    const std::size_t split = line.find('|', 1);
    const std::string head = line.substr(0, split);
    const std::string uses = line.substr(split);
    std::smatch m;
    if (!std::regex_search(head, m, room)) continue;
    std::set<std::string>& row = rows[m[1].str()];
    for (std::sregex_iterator it(uses.begin(), uses.end(), room), stop; it != stop; ++it)
      row.insert((*it)[1].str());
  }
  return rows;
}

/// The documented rows with "schemes/<id>" spelled out for every scheme folder, and "every
/// `core/schemes/<id>/`" in the registry's row likewise: the graph of rooms the core may have.
Graph allowedGraph(const Graph& rows) {
  Graph g;
  const std::vector<std::string> ids = schemeIds();
  const auto expand = [&](const std::set<std::string>& uses) {
    std::set<std::string> out;
    for (const std::string& u : uses) {
      if (u == "schemes/<id>")
        for (const std::string& id : ids) out.insert("schemes/" + id);
      else out.insert(u);
    }
    return out;
  };
  for (const auto& [room, uses] : rows)
    if (room != "schemes/<id>") g[room] = expand(uses);
  if (rows.count("schemes/<id>"))
    for (const std::string& id : ids) {
      const std::string room = "schemes/" + id;
      std::set<std::string> uses = expand(rows.at("schemes/<id>"));
      if (rows.count(room)) uses.merge(expand(rows.at(room)));
      g[room] = uses;
    }
  return g;
}

/// The room of a file below core/src or core/include/posenc ("base", "schemes/rope",
/// "schemes" for the registry).
std::string roomOf(const fs::path& file) {
  fs::path rel = fs::relative(file, kSource / "core");
  auto it = rel.begin();
  if (*it == "include") ++it, ++it;  // include/posenc/<room>/...
  else ++it;                         // src/<room>/...
  std::string room = it->string();
  ++it;
  if (room == "schemes" && it != rel.end() && std::next(it) != rel.end())
    room += "/" + it->string();
  return room;
}

std::vector<fs::path> coreFiles() {
  std::vector<fs::path> out;
  for (const fs::path& dir : {kSource / "core/src", kSource / "core/include/posenc"})
    for (const auto& entry : fs::recursive_directory_iterator(dir)) {
      const std::string ext = entry.path().extension().string();
      if (entry.is_regular_file() && (ext == ".cpp" || ext == ".hpp")) out.push_back(entry.path());
    }
  std::sort(out.begin(), out.end());
  return out;
}

/// The room an include names, if it names one of the core's: "posenc/<room>/x.hpp" (public)
/// or "<room>/x.hpp" (a room's private header, core/src being an include folder).
std::optional<std::string> includedRoom(const std::string& path, const Graph& allowed) {
  std::string p = path;
  if (p.rfind("posenc/", 0) == 0) p = p.substr(7);
  const std::size_t slash = p.find('/');
  if (slash == std::string::npos) return std::nullopt;
  std::string room = p.substr(0, slash);
  if (room == "schemes") {
    const std::size_t next = p.find('/', slash + 1);
    if (next != std::string::npos) room = p.substr(0, next);
  }
  if (!allowed.count(room)) return std::nullopt;
  return room;
}

class CoreRooms : public ::testing::Test {
 protected:
  void SetUp() override {
    rows = documentedRows(readAll(kSource / "docs/ARCHITECTURE.md"));
    allowed = allowedGraph(rows);
  }
  Graph rows;
  Graph allowed;
};

TEST_F(CoreRooms, TheDocumentDrawsEveryRoomOfTheTree) {
  ASSERT_GE(rows.size(), 10U) << "docs/ARCHITECTURE.md has no table under '### Inside the core'";
  std::set<std::string> rooms;
  for (const fs::path& file : coreFiles()) rooms.insert(roomOf(file));
  for (const std::string& room : rooms)
    EXPECT_TRUE(allowed.count(room))
        << "core room '" << room << "' has no row under '### Inside the core' in "
        << "docs/ARCHITECTURE.md";
  for (const auto& [room, uses] : allowed)
    for (const std::string& use : uses)
      EXPECT_TRUE(allowed.count(use)) << "ARCHITECTURE.md: " << room << " may use '" << use
                                      << "', which is no room of the core";
}

TEST_F(CoreRooms, EveryIncludeNamesARoomItsRowAllows) {
  const std::regex include(R"re(^\s*#\s*include\s+"([^"]+)")re");
  std::string found;
  std::size_t checked = 0;
  for (const fs::path& file : coreFiles()) {
    const std::string room = roomOf(file);
    if (!allowed.count(room)) continue;  // reported by TheDocumentDrawsEveryRoomOfTheTree
    std::ifstream in(file);
    std::string line;
    for (int n = 1; std::getline(in, line); ++n) {
      std::smatch m;
      if (!std::regex_search(line, m, include)) continue;
      const auto target = includedRoom(m[1].str(), allowed);
      if (!target) continue;
      ++checked;
      if (*target != room && !allowed.at(room).count(*target))
        found += "\n  " + fs::relative(file, kSource).generic_string() + ":" + std::to_string(n) +
                 ": " + room + " includes " + m[1].str() + " (room " + *target + ")";
    }
  }
  EXPECT_GT(checked, 200U) << "the include pattern matched too little to mean anything";
  EXPECT_TRUE(found.empty()) << "includes the table under '### Inside the core' does not allow:"
                             << found;
}

TEST_F(CoreRooms, TheArrowsFormNoCycle) {
  EXPECT_EQ(findCycle(allowed), "") << "docs/ARCHITECTURE.md's core arrows form a cycle";
}

TEST(CoreRoomsCycleFinder, NamesACycleAndFindsNoneInATree) {
  EXPECT_EQ(findCycle({{"a", {"b"}}, {"b", {"c"}}, {"c", {"a"}}}), "a -> b -> c -> a");
  EXPECT_EQ(findCycle({{"a", {"b", "c"}}, {"b", {"c"}}, {"c", {}}}), "");
}

TEST(CoreRoomsFolders, EveryFolderOfTheCoreHoldsAtMostTwelveFiles) {
  std::size_t folders = 0;
  for (const fs::path& top : {kSource / "core/src", kSource / "core/include/posenc"})
    for (const auto& entry : fs::recursive_directory_iterator(top)) {
      if (!entry.is_directory()) continue;
      ++folders;
      std::size_t files = 0;
      for (const auto& f : fs::directory_iterator(entry.path()))
        if (f.is_regular_file()) ++files;
      EXPECT_LE(files, 12U) << fs::relative(entry.path(), kSource).generic_string() << " holds "
                            << files << " files: split it into rooms (docs/ARCHITECTURE.md)";
    }
  EXPECT_GE(folders, 20U);
}

TEST(CoreRoomsFolders, TheTableParserReadsRowsAndSpellsOutSchemeFolders) {
  const Graph rows = documentedRows(
      "x\n### Inside the core\n| room | may use |\n|---|---|\n"
      "| `core/base/` | nothing |\n| `core/io/` | `core/base/` |\n"
      "| `core/schemes/<id>/` | `core/base/`, `core/io/` |\n## Next\n| `core/late/` | x |\n");
  EXPECT_EQ(rows.size(), 3U);
  EXPECT_TRUE(rows.at("base").empty());
  EXPECT_EQ(rows.at("io"), (std::set<std::string>{"base"}));
  EXPECT_EQ(rows.at("schemes/<id>"), (std::set<std::string>{"base", "io"}));
  const Graph g = allowedGraph(rows);
  EXPECT_EQ(g.at("schemes/rope"), (std::set<std::string>{"base", "io"}));
  EXPECT_FALSE(g.count("late"));
}

}  // namespace
