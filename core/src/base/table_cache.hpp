// SPDX-License-Identifier: GPL-3.0-or-later
// A small process-wide cache of tables the schemes draw or build again and again (random rows,
// relative embeddings), so a parameter change that does not touch a table reuses it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "posenc/base/random.hpp"
#include "posenc/base/types.hpp"

namespace posenc::detail {

/// Largest table kept (bytes); larger ones are built every time and never kept.
inline constexpr std::size_t kMaxCachedTableBytes = std::size_t{16} << 20;
/// All kept tables together stay under this many bytes (least recently used leave first).
inline constexpr std::size_t kTableCacheBytes = std::size_t{64} << 20;

/// Words that identify a table completely: which kind, its parameters, its rows.
using TableKey = std::vector<std::int64_t>;

/// The table for `key`: the kept one if there is one, else `make()` (called without any lock
/// held, so tables are built in parallel), kept when it has at most kMaxCachedTableBytes.
/// Thread-safe. `make` must be a pure function of `key`: a kept table is returned as is.
[[nodiscard]] std::shared_ptr<const Matrix> cachedTable(const TableKey& key,
                                                        const std::function<Matrix()>& make);

/// Rows of random tensor `tensor`: positions.size() x width, entry (a, c) =
/// normal(seed, tensor, positions[a] + offset, c), through cachedTable. Identical, bit for bit,
/// to drawing each entry with posenc::normal.
[[nodiscard]] std::shared_ptr<const Matrix> normalRows(std::uint64_t seed, Tensor tensor,
                                                       std::span<const Index> positions,
                                                       Index offset, Index width);

/// Bytes of a rows x cols table of doubles.
[[nodiscard]] inline std::size_t tableBytes(Index rows, Index cols) {
  return static_cast<std::size_t>(rows) * static_cast<std::size_t>(cols) * sizeof(double);
}

/// Forgets every kept table (tests and benchmarks measure cold computations with it).
void clearTableCache();

/// Bytes the kept tables hold now (at most kTableCacheBytes).
[[nodiscard]] std::size_t tableCacheBytes();

}  // namespace posenc::detail
