// SPDX-License-Identifier: GPL-3.0-or-later
// Which part of a view a check compares (check.hpp checkRegion): one rule for the command line
// and the window, so that both reach the same verdict on the same file.
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include "posenc/check/check.hpp"

namespace posenc {

Region checkRegion(const ViewSpec& view, const Against& yours,
                   const std::optional<IndexRange>& rows, const std::optional<IndexRange>& cols) {
  Region region;
  if (rows) {
    region.r0 = rows->begin;
    region.r1 = rows->end;
  }
  if (cols) {
    region.c0 = cols->begin;
    region.c1 = cols->end;
  }
  // Our own export says where its region lies; its size is part of what it says (our export
  // of rows 10:40 holds 30 rows by construction), unlike any other file's shape.
  const std::vector<std::int64_t>& shape = yours.array.shape;
  if (yours.scheme.empty() || view.kind != ViewKind::Matrix || shape.size() != 2) return region;
  // A start and a size read from a file: their sum saturates instead of overflowing (the
  // view's bounds then refuse the region, naming it).
  const auto end = [](Index start, std::int64_t size) {
    Index sum = 0;
    return __builtin_add_overflow(start, size, &sum) ? std::numeric_limits<Index>::max() : sum;
  };
  if (!rows) {
    region.r0 = yours.rowStart;
    region.r1 = end(yours.rowStart, shape[0]);
  }
  if (!cols) {
    region.c0 = yours.colStart;
    region.c1 = end(yours.colStart, shape[1]);
  }
  return region;
}

}  // namespace posenc
