// SPDX-License-Identifier: GPL-3.0-or-later
// range: the index lists (rows, columns, positions) the scheme tests ask for.
#pragma once

#include <cstddef>
#include <numeric>
#include <vector>

#include "posenc/base/types.hpp"

namespace posenc::test {

/// begin, begin + 1, ..., end - 1 (empty when end <= begin).
inline std::vector<Index> range(Index begin, Index end) {
  std::vector<Index> v(end > begin ? static_cast<std::size_t>(end - begin) : 0);
  std::iota(v.begin(), v.end(), begin);
  return v;
}

/// 0, 1, ..., n - 1.
inline std::vector<Index> range(Index n) { return range(0, n); }

}  // namespace posenc::test
