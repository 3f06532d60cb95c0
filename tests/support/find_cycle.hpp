// SPDX-License-Identifier: GPL-3.0-or-later
// findCycle: a cycle of a directed graph of folders, named as "a -> b -> a", for the tests that
// keep the arrows between the core's rooms and between the ui's folders one way.
#pragma once

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace posenc::test {

/// A directed graph: each node and the nodes it points at.
using Graph = std::map<std::string, std::set<std::string>>;

/// A cycle of `g` as "a -> b -> a" (the first one a depth-first walk in name order meets), or
/// "" when there is none. An arrow from a node to itself is a cycle ("a -> a").
inline std::string findCycle(const Graph& g) {
  std::map<std::string, int> state;  // 0 unseen, 1 on the path, 2 done
  std::vector<std::string> path;
  std::string cycle;
  std::function<bool(const std::string&)> visit = [&](const std::string& n) {
    state[n] = 1;
    path.push_back(n);
    if (g.count(n))
      for (const std::string& m : g.at(n)) {
        if (state[m] == 1) {
          auto from = std::find(path.begin(), path.end(), m);
          for (auto it = from; it != path.end(); ++it) cycle += *it + " -> ";
          cycle += m;
          return true;
        }
        if (state[m] == 0 && visit(m)) return true;
      }
    path.pop_back();
    state[n] = 2;
    return false;
  };
  for (const auto& entry : g)
    if (state[entry.first] == 0 && visit(entry.first)) return cycle;
  return "";
}

}  // namespace posenc::test
