// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of table_analysis.hpp: PCA of a table's rows against numpy (tests/reference/
// table_views.py, which follows scikit-learn's PCA._fit_full and svd_flip), its properties
// (variance order, orthogonal components, a helix gives a circle), and the dominant frequency
// of sinusoidal columns (the exact DFT bin, as numpy.fft.rfft finds it).
#include "posenc/maths/table_analysis.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

namespace posenc {
namespace {

/// The table of table_views.py: T[i, k] = sin(0.7 i (k + 1)) + 0.1 k i - 0.05 i^2 / (k + 1).
Matrix referenceTable(Index n, Index d) {
  Matrix t(n, d);
  for (Index i = 0; i < n; ++i)
    for (Index k = 0; k < d; ++k) {
      const auto x = static_cast<double>(i), c = static_cast<double>(k);
      t(i, k) = std::sin(0.7 * x * (c + 1)) + 0.1 * c * x - 0.05 * x * x / (c + 1);
    }
  return t;
}

// /usr/bin/python3 tests/reference/table_views.py (numpy SVD, sklearn's svd_flip rule).
const std::vector<double> kCoords7x4 = {
    -0.6164255502696756,  -0.31838442701594694, -0.3279616715511642, -0.8846873988978609,
    -0.10835546468273848, -0.2439686076660688,  -1.3436084658926994, 0.041013112313324815,
    -0.9920510847941728,  -0.6320155533799924,  1.0026401504660354,  1.0435184610638821,
    -0.22800115290545653, -1.022722826801717,   0.9913305249975572,  1.5796817072948137,
    1.2814698538287284,   -0.2479699114439074,  2.125056414050871,   -0.8756603981076874,
    -0.22289771060612754};
const std::vector<double> kExplained7x4 = {0.5153921797440666, 0.22605672485040496,
                                           0.16474193018236052};
const std::vector<double> kCoords3x5 = {-0.037261970881676196, 0.8691719356598689,
                                        -1.1358240274382625,   -0.4556264538145018,
                                        1.1730859983199384,    -0.41354548184536744};
const std::vector<double> kExplained3x5 = {0.7016918791971788, 0.2983081208028212};
const std::vector<double> kDominant12x5 = {0.08333333333333333, 0.25, 0.3333333333333333, 0.5,
                                           0.08333333333333333};

TEST(TableAnalysis, PcaMatchesNumpyOnTheCovarianceSide) {  // n >= d: d x d covariance
  const RowPca pca = rowPca(referenceTable(7, 4), 3);
  ASSERT_EQ(pca.coords.rows(), 7);
  ASSERT_EQ(pca.coords.cols(), 3);
  for (Index i = 0; i < 7; ++i)
    for (Index c = 0; c < 3; ++c)
      EXPECT_NEAR(pca.coords(i, c), kCoords7x4[static_cast<std::size_t>(i * 3 + c)], 1e-12)
          << i << "," << c;
  for (std::size_t c = 0; c < 3; ++c) EXPECT_NEAR(pca.explained[c], kExplained7x4[c], 1e-13);
}

TEST(TableAnalysis, PcaMatchesNumpyOnTheGramSide) {  // n < d: the n x n Gram matrix
  const RowPca pca = rowPca(referenceTable(3, 5), 3);
  for (Index i = 0; i < 3; ++i)
    for (Index c = 0; c < 2; ++c)
      EXPECT_NEAR(pca.coords(i, c), kCoords3x5[static_cast<std::size_t>(i * 2 + c)], 1e-12);
  EXPECT_NEAR(pca.explained[0], kExplained3x5[0], 1e-13);
  EXPECT_NEAR(pca.explained[1], kExplained3x5[1], 1e-13);
  // Three centred rows span two dimensions: the third component is zero, not noise.
  EXPECT_EQ(pca.explained[2], 0.0);
  EXPECT_EQ(pca.coords.col(2).cwiseAbs().maxCoeff(), 0.0);
}

TEST(TableAnalysis, ComponentsAreOrderedOrthogonalAndSignFixed) {
  const Matrix t = referenceTable(40, 9);
  const RowPca pca = rowPca(t, 3);
  EXPECT_GE(pca.explained[0], pca.explained[1]);
  EXPECT_GE(pca.explained[1], pca.explained[2]);
  EXPECT_LE(pca.explained[0] + pca.explained[1] + pca.explained[2], 1.0 + 1e-12);
  for (Index a = 0; a < 3; ++a) {
    EXPECT_NEAR(pca.coords.col(a).mean(), 0.0, 1e-12);  // centred
    for (Index b = a + 1; b < 3; ++b)
      EXPECT_NEAR(pca.coords.col(a).dot(pca.coords.col(b)), 0.0, 1e-9) << a << b;
    Index at = 0;
    pca.coords.col(a).cwiseAbs().maxCoeff(&at);
    EXPECT_GT(pca.coords(at, a), 0.0);  // svd_flip: the largest coordinate is positive
  }
  // The variance of each coordinate over the total variance is its explained share.
  const Matrix centred = t.rowwise() - t.colwise().mean();
  EXPECT_NEAR(pca.coords.col(0).squaredNorm() / centred.squaredNorm(), pca.explained[0], 1e-12);
  // A flipped table gives the same picture: the sign rule does not depend on the table's.
  const RowPca flipped = rowPca(-t, 3);
  EXPECT_LT((flipped.coords - pca.coords).cwiseAbs().maxCoeff(), 1e-9);
}

TEST(TableAnalysis, AHelixIsACircleOnItsFirstTwoComponents) {
  // Rows (cos, sin) of one slow turn embedded in 6 dimensions by a fixed rotation and moved
  // off the origin (centring takes the move away): PC1 and PC2 carry the circle.
  const Index n = 64;
  Matrix t = Matrix::Zero(n, 6);
  for (Index p = 0; p < n; ++p) {
    const double a = 2 * std::numbers::pi * static_cast<double>(p) / static_cast<double>(n);
    t(p, 0) = 3 * std::cos(a) + 3 * std::sin(a);
    t(p, 1) = 3 * std::cos(a) - 3 * std::sin(a);
    t(p, 4) = 7.5;
  }
  const RowPca pca = rowPca(t, 3);
  for (Index p = 0; p < n; ++p)
    EXPECT_NEAR(std::hypot(pca.coords(p, 0), pca.coords(p, 1)), 3 * std::sqrt(2.0), 1e-9) << p;
  EXPECT_NEAR(pca.explained[0], pca.explained[1], 1e-9);  // a circle: equal shares
  EXPECT_EQ(pca.explained[2], 0.0);
}

TEST(TableAnalysis, DegenerateTablesGiveZerosNotNaN) {
  const RowPca one = rowPca(Matrix::Ones(1, 4), 3);
  EXPECT_EQ(one.coords.cwiseAbs().maxCoeff(), 0.0);
  const RowPca flat = rowPca(Matrix::Constant(5, 3, 2.0), 3);  // all rows equal
  EXPECT_EQ(flat.coords.cwiseAbs().maxCoeff(), 0.0);
  EXPECT_EQ(flat.explained[0], 0.0);
  EXPECT_EQ(dominantFrequencies(Matrix::Constant(8, 2, 1.5)), (std::vector<double>{0, 0}));
  EXPECT_EQ(dominantFrequencies(Matrix::Ones(1, 2)), (std::vector<double>{0, 0}));
}

TEST(TableAnalysis, SpectrumFindsTheExactBinOfSinusoidalColumns) {
  const Index n = 96;
  const std::vector<Index> bins = {1, 3, 7, 20, 47, 48};  // 48 = n / 2: the Nyquist bin
  Matrix t(n, static_cast<Index>(bins.size()));
  for (Index p = 0; p < n; ++p)
    for (std::size_t k = 0; k < bins.size(); ++k)
      t(p, static_cast<Index>(k)) =
          0.5 +
          2 * std::cos(2 * std::numbers::pi * static_cast<double>(bins[k] * p) /
                           static_cast<double>(n) +
                       0.1 * static_cast<double>(k)) +
          0.1 * std::sin(2 * std::numbers::pi * 5 * static_cast<double>(p) /
                         static_cast<double>(n));  // a weaker wave in every column
  const std::vector<double> f = dominantFrequencies(t);
  for (std::size_t k = 0; k < bins.size(); ++k)
    EXPECT_EQ(f[k], static_cast<double>(bins[k]) / static_cast<double>(n)) << k;
}

TEST(TableAnalysis, SpectrumMatchesNumpy) {
  const std::vector<double> f = dominantFrequencies(referenceTable(12, 5));
  ASSERT_EQ(f.size(), kDominant12x5.size());
  for (std::size_t k = 0; k < f.size(); ++k) EXPECT_DOUBLE_EQ(f[k], kDominant12x5[k]) << k;
}

}  // namespace
}  // namespace posenc
