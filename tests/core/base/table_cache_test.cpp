// SPDX-License-Identifier: GPL-3.0-or-later
// The table cache (core/src/base/table_cache.hpp): kept tables are exactly what drawing them again
// gives, memory stays bounded, many threads may ask at once, and schemes that reuse tables
// (a head change of Transformer-XL or TUPE) give the same bits as computing from scratch.
#include "../../../core/src/base/table_cache.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <thread>
#include <vector>

#include "posenc/base/random.hpp"
#include "posenc/base/scheme.hpp"

namespace posenc {
namespace {

/// Bitwise equality (NaN cells, the masked ones, equal themselves).
bool sameBits(const Matrix& a, const Matrix& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), static_cast<std::size_t>(a.size()) * sizeof(double)) == 0;
}

std::vector<Index> positions(Index first, Index count, Index step) {
  std::vector<Index> v;
  for (Index k = 0; k < count; ++k) v.push_back(first + k * step);
  return v;
}

TEST(TableCache, NormalRowsAreTheDrawnEntriesAndAreKept) {
  detail::clearTableCache();
  const std::vector<Index> rows = positions(5, 40, 7);
  const auto table = detail::normalRows(3, Tensor::XlContent, rows, 2, 16);
  ASSERT_EQ(table->rows(), 40);
  ASSERT_EQ(table->cols(), 16);
  for (Index a = 0; a < 40; ++a)
    for (Index c = 0; c < 16; ++c)
      EXPECT_EQ((*table)(a, c),
                normal(3, Tensor::XlContent,
                       static_cast<std::uint64_t>(rows[static_cast<std::size_t>(a)] + 2),
                       static_cast<std::uint64_t>(c)));
  EXPECT_EQ(detail::normalRows(3, Tensor::XlContent, rows, 2, 16), table);  // the kept one
  EXPECT_GT(detail::tableCacheBytes(), 0u);
  // Any other seed, tensor, offset, width or row: another table.
  EXPECT_NE(detail::normalRows(4, Tensor::XlContent, rows, 2, 16), table);
  EXPECT_NE(detail::normalRows(3, Tensor::TupeContent, rows, 2, 16), table);
  EXPECT_NE(detail::normalRows(3, Tensor::XlContent, rows, 0, 16), table);
  EXPECT_NE(detail::normalRows(3, Tensor::XlContent, rows, 2, 8), table);
  EXPECT_NE(detail::normalRows(3, Tensor::XlContent, positions(5, 40, 8), 2, 16), table);
}

TEST(TableCache, MemoryStaysBounded) {
  detail::clearTableCache();
  // 24 tables of 4 MB each: more than the cache holds.
  for (std::int64_t k = 0; k < 24; ++k) {
    (void)detail::cachedTable({99, k}, [] { return Matrix::Constant(1024, 512, 1.0); });
    EXPECT_LE(detail::tableCacheBytes(), detail::kTableCacheBytes);
  }
  // A table larger than kMaxCachedTableBytes is made every time and never kept.
  const std::size_t before = detail::tableCacheBytes();
  auto big = [] { return Matrix::Constant(4096, 1024, 2.0); };  // 32 MB
  const auto first = detail::cachedTable({100}, big);
  const auto second = detail::cachedTable({100}, big);
  EXPECT_NE(first, second);
  EXPECT_EQ((*second)(4095, 1023), 2.0);
  EXPECT_LE(detail::tableCacheBytes(), before);
  detail::clearTableCache();
  EXPECT_EQ(detail::tableCacheBytes(), 0u);
}

TEST(TableCache, ManyThreadsMayAskAtOnce) {
  detail::clearTableCache();
  constexpr int kThreads = 6;
  std::vector<int> wrong(kThreads, 0);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &wrong] {
      for (int round = 0; round < 40; ++round) {
        const Index first = (round + t) % 5;
        const auto table =
            detail::normalRows(1, Tensor::TupePosition, positions(first, 64, 3), 0, 32);
        if ((*table)(63, 31) !=
            normal(1, Tensor::TupePosition, static_cast<std::uint64_t>(first + 63 * 3), 31))
          ++wrong[static_cast<std::size_t>(t)];
        if (round % 7 == 0 && t == 0) detail::clearTableCache();
      }
    });
  }
  for (std::thread& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) EXPECT_EQ(wrong[static_cast<std::size_t>(t)], 0) << t;
}

/// `view` of `scheme` at `sets` plus head = `head`, the whole range sampled to 96 x 80.
Matrix headView(const char* scheme, const char* view,
                std::vector<std::pair<std::string, std::string>> sets, int head) {
  sets.emplace_back("head", std::to_string(head));
  const Scheme& s = findScheme(scheme);
  return computeMatrix(s, makeParams(s, sets), view, Region{.maxRows = 96, .maxCols = 80}).values;
}

TEST(TableCache, AHeadChangeReusesTablesAndGivesTheSameBitsAsFromScratch) {
  const std::vector<std::pair<const char*, std::vector<const char*>>> cases = {
      {"xl", {"scores", "a", "bd", "attention"}}, {"tupe", {"total", "cc", "pp", "attention"}}};
  for (const auto& [scheme, views] : cases) {
    const std::vector<std::pair<std::string, std::string>> sets =
        std::string(scheme) == "xl"
            ? std::vector<std::pair<std::string, std::string>>{{"qlen", "300"}, {"mlen", "200"}}
            : std::vector<std::pair<std::string, std::string>>{{"length", "500"}};
    for (const char* view : views) {
      detail::clearTableCache();
      const Matrix cold0 = headView(scheme, view, sets, 0);
      detail::clearTableCache();
      const Matrix cold1 = headView(scheme, view, sets, 1);
      // Warm: head 0, then 1 and 0 again reuse the tables the first computation kept.
      const Matrix warm0 = headView(scheme, view, sets, 0);
      const Matrix warm1 = headView(scheme, view, sets, 1);
      EXPECT_TRUE(sameBits(warm0, cold0)) << scheme << "/" << view;
      EXPECT_TRUE(sameBits(warm1, cold1)) << scheme << "/" << view;
      EXPECT_FALSE(sameBits(warm0, warm1)) << scheme << "/" << view << ": heads differ";
    }
  }
}

}  // namespace
}  // namespace posenc
