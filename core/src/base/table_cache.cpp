// SPDX-License-Identifier: GPL-3.0-or-later
#include "base/table_cache.hpp"

#include <algorithm>
#include <list>
#include <mutex>

#include "posenc/base/memory_budget.hpp"

namespace posenc::detail {

namespace {

struct Entry {
  std::size_t hash = 0;
  TableKey key;
  std::shared_ptr<const Matrix> table;
  std::size_t bytes = 0;
};

/// FNV-1a over the key's words: a cheap first comparison before the whole key.
std::size_t hashOf(const TableKey& key) {
  std::uint64_t h = 1469598103934665603ULL;
  for (const std::int64_t w : key) {
    h ^= static_cast<std::uint64_t>(w);
    h *= 1099511628211ULL;
  }
  return static_cast<std::size_t>(h);
}

class Cache {
 public:
  std::shared_ptr<const Matrix> find(std::size_t hash, const TableKey& key) {
    const std::lock_guard lock(m_mutex);
    for (auto it = m_entries.begin(); it != m_entries.end(); ++it) {
      if (it->hash != hash || it->key != key) continue;
      m_entries.splice(m_entries.begin(), m_entries, it);  // most recently used first
      return m_entries.front().table;
    }
    return nullptr;
  }

  void keep(std::size_t hash, const TableKey& key, std::shared_ptr<const Matrix> table,
            std::size_t bytes) {
    const std::lock_guard lock(m_mutex);
    for (const Entry& e : m_entries)
      if (e.hash == hash && e.key == key) return;  // another thread kept it meanwhile
    m_entries.push_front({hash, key, std::move(table), bytes});
    m_bytes += bytes;
    while (m_bytes > kTableCacheBytes && !m_entries.empty()) {
      m_bytes -= m_entries.back().bytes;
      m_entries.pop_back();
    }
  }

  std::size_t bytes() {
    const std::lock_guard lock(m_mutex);
    return m_bytes;
  }

  void clear() {
    const std::lock_guard lock(m_mutex);
    m_entries.clear();
    m_bytes = 0;
  }

 private:
  std::mutex m_mutex;
  std::list<Entry> m_entries;
  std::size_t m_bytes = 0;
};

Cache& cache() {
  static Cache c;
  return c;
}

}  // namespace

std::shared_ptr<const Matrix> cachedTable(const TableKey& key,
                                          const std::function<Matrix()>& make) {
  const std::size_t hash = hashOf(key);
  if (auto kept = cache().find(hash, key)) return kept;
  auto table = std::make_shared<const Matrix>(make());
  const std::size_t bytes =
      tableBytes(table->rows(), table->cols()) + key.size() * sizeof(std::int64_t);
  if (bytes <= kMaxCachedTableBytes) cache().keep(hash, key, table, bytes);
  return table;
}

std::shared_ptr<const Matrix> normalRows(std::uint64_t seed, Tensor tensor,
                                         std::span<const Index> positions, Index offset,
                                         Index width) {
  TableKey key{1, static_cast<std::int64_t>(seed), static_cast<std::int64_t>(tensor), offset,
               width};
  key.insert(key.end(), positions.begin(), positions.end());
  return cachedTable(key, [&] {
    Matrix out(static_cast<Index>(positions.size()), width);
    for (Index a = 0; a < out.rows(); ++a) {
      const auto row = static_cast<std::uint64_t>(positions[static_cast<std::size_t>(a)] + offset);
      for (Index c = 0; c < width; ++c)
        out(a, c) = normal(seed, tensor, row, static_cast<std::uint64_t>(c));
    }
    return out;
  });
}

void clearTableCache() { cache().clear(); }

std::size_t tableCacheBytes() { return cache().bytes(); }

}  // namespace posenc::detail

namespace posenc {

void releaseCachedTables() { detail::clearTableCache(); }

}  // namespace posenc
