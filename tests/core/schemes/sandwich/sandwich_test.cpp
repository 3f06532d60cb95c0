// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the sandwich scheme. Golden values are printed by tests/reference/sandwich.py, a
// NumPy re-implementation of NVIDIA/NeMo (commit 000b931ed00341cd2a8ae713f1f8de24fafa952e),
// nemo/collections/nlp/modules/common/megatron/position_embedding/
// sandwich_relative_position_embedding.py, SandwichRelativePositionEmbedding.forward, with
// build_relative_position of alibi_relative_position_embedding.py, followed line by line.
#include "posenc/schemes/sandwich/sandwich.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/eigen_near.hpp"
#include "support/indices.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

using test::range;

Matrix rowsOf(Index rows, Index cols, const std::vector<double>& v) {
  Matrix m(rows, cols);
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < cols; ++j) m(i, j) = v[static_cast<std::size_t>(i * cols + j)];
  return m;
}

SandwichParams params(Index length, Index dim, Index heads, Index head, bool causal) {
  SandwichParams p;
  p.length = length;
  p.dim = dim;
  p.heads = heads;
  p.head = head;
  p.causal = causal;
  return p;
}

TEST(SandwichFrequencies, StartAtKOneAsNemosArange) {
  // sandwich.py: invFreq8 = 1 / 10000^(2 arange(1, 5) / 8).
  EXPECT_MATRIX_NEAR(sandwichFrequencies(8),
                     (Vector(4) << 0.10000000000000001, 0.01, 0.001, 0.0001).finished(), 1e-16);
  EXPECT_DOUBLE_EQ(sandwichHeadDivisor(0, 8), 1.0);
  EXPECT_DOUBLE_EQ(sandwichHeadDivisor(3, 4), 8.0);
}

TEST(SandwichBias, MatchesNemoBidirectional) {
  // sandwich.py: head0, head3 (bidirectional, 4 heads, hidden_size 8, length 5).
  const std::vector<Index> all = range(5);
  const std::vector<double> row{0, -0.0025231696526335501, -0.010067717745756655,
                                -0.022559011061015433, -0.039873489662734407};
  Matrix head0(5, 5);
  for (Index i = 0; i < 5; ++i)
    for (Index j = 0; j < 5; ++j) head0(i, j) = row[static_cast<std::size_t>(std::abs(i - j))];
  EXPECT_MATRIX_NEAR(sandwichBias(params(5, 8, 4, 0, false), all, all), head0, 1e-15);
  // head 3 divides by 4 * 8 / 4 = 8 instead of 2: head0 / 4. sandwich.py: head3's first row.
  const Matrix head3 = sandwichBias(params(5, 8, 4, 3, false), all, all);
  EXPECT_MATRIX_NEAR(head3.row(0),
                     (Vector(5) << 0, -0.00063079241315838752, -0.0025169294364391637,
                      -0.0056397527652538582, -0.0099683724156836018)
                         .finished()
                         .transpose(),
                     1e-16);
  EXPECT_MATRIX_NEAR(head3, head0 / 4.0, 1e-16);
}

TEST(SandwichBias, MatchesNemoCausalAndFar) {
  // sandwich.py: causalHead1 (tril: NeMo's 0 above the diagonal, masked here), 3 heads, 16.
  const Matrix expected = rowsOf(4, 4,
                                 {0, 0, 0, 0, -0.010338012633869964, 0, 0, 0, -0.040420604805371296,
                                  -0.010338012633869964, 0, 0, -0.087544966330239504,
                                  -0.040420604805371296, -0.010338012633869964, 0});
  const std::vector<Index> all = range(4);
  const Matrix b = sandwichBias(params(4, 16, 3, 1, true), all, all);
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j < 4; ++j) {
      if (j > i) EXPECT_TRUE(std::isnan(b(i, j)));
      else EXPECT_NEAR(b(i, j), expected(i, j), 1e-14);  // d/2 cancels: absolute
    }
  // sandwich.py: far (8 heads, 64, head 2, row 1199 at keys 0, 199, 699, 1198).
  const std::vector<Index> row{1199};
  const std::vector<Index> keys{0, 199, 699, 1198};
  EXPECT_MATRIX_NEAR(sandwichBias(params(1200, 64, 8, 2, false), row, keys),
                     (Vector(4) << -9.0743096071082494, -7.5471360536980816, -7.8997430552198331,
                      -0.20782354974970474)
                         .finished()
                         .transpose(),
                     1e-12);
}

TEST(SandwichBias, ZeroAtDistanceZeroNonPositiveAndSymmetric) {
  const std::vector<Index> all = range(200);
  const Matrix b = sandwichBias(params(200, 32, 8, 5, false), all, all);
  for (Index i = 0; i < 200; i += 3) {
    EXPECT_EQ(b(i, i), 0.0);
    for (Index j = 0; j < 200; j += 5) {
      EXPECT_LE(b(i, j), 0.0);
      EXPECT_EQ(b(i, j), b(j, i));
    }
  }
  const Matrix causal = sandwichBias(params(200, 32, 8, 5, true), all, all);
  EXPECT_TRUE(std::isnan(causal(3, 4)));
  EXPECT_EQ(causal(4, 3), b(4, 3));
}

TEST(SandwichCurve, OneLinePerHeadUpToEightElseThreeDividedByTheirScales) {
  const Scheme& s = findScheme("sandwich");
  const SeriesResult eight = s.series(makeParams(s, {{"length", "60"}}), "curve");
  ASSERT_EQ(eight.curves.size(), 8u);
  for (std::size_t h = 0; h < 8; ++h)
    for (std::size_t i = 0; i < eight.x.size(); ++i)
      EXPECT_NEAR(eight.curves[h].y[i] * static_cast<double>(h + 1), eight.curves[0].y[i], 1e-13);
  const SeriesResult many =
      s.series(makeParams(s, {{"heads", "16"}, {"head", "5"}, {"length", "60"}}), "curve");
  ASSERT_EQ(many.curves.size(), 3u);
  EXPECT_EQ(many.curves[0].y[0], 0.0);
  // head 5 of 16 divides by 6 * 8 / 16 = 3, head 0 by 0.5.
  EXPECT_NEAR(many.curves[0].y[10] * 3.0, many.curves[1].y[10] * 0.5, 1e-13);
}

TEST(SandwichScheme, RefusesBadParametersByName) {
  const Scheme& s = findScheme("sandwich");
  EXPECT_EQ(test::refusedParam(s, Sets{{"dim", "7"}}), "dim");
  EXPECT_EQ(test::refusedParam(s, Sets{{"head", "8"}}), "head");
  EXPECT_EQ(test::refusedParam(s, Sets{{"heads", "0"}}), "heads");
}

}  // namespace
}  // namespace posenc
