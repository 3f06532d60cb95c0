// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the nope scheme. Golden values are printed by tests/reference/nope.py: NumPy's
// causal softmax of q k^T / sqrt(d) (-inf above the diagonal) and its row entropies, written
// from the paper's definition of NoPE (Kazemnejad et al. 2023: the decoder's attention with
// nothing added for positions).
#include "posenc/schemes/nope/nope.hpp"

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

/// The reference script's hand-made vectors: x[t, c] = ((a t + b c) mod 11 - 5) / 4.
Matrix inputs(Index length, Index d, Index a, Index b) {
  Matrix x(length, d);
  for (Index t = 0; t < length; ++t)
    for (Index c = 0; c < d; ++c) x(t, c) = static_cast<double>((a * t + b * c) % 11 - 5) / 4.0;
  return x;
}

using test::range;

TEST(NopeAttention, MatchesNumpysCausalSoftmaxAndEntropy) {
  // nope.py: attention (0 above the diagonal), entropy, uniform.
  const std::vector<double> attention{1,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0.3486451353339457,
                                      0.65135486466605419,
                                      0,
                                      0,
                                      0,
                                      0.20400879070038513,
                                      0.69015284295094026,
                                      0.10583836634867456,
                                      0,
                                      0,
                                      0.11879616825458979,
                                      0.092518548862556893,
                                      0.56674482178277774,
                                      0.22194046110007545,
                                      0,
                                      0.16049617444260017,
                                      0.22633588370493324,
                                      0.22633588370493324,
                                      0.16049617444260017,
                                      0.22633588370493324};
  const std::vector<double> entropy{0, 0.64660388786023471, 0.81792484496764439, 1.1292241913155017,
                                    1.5960762918740155};
  const std::vector<double> uniform{0, 0.69314718055994529, 1.0986122886681096, 1.3862943611198906,
                                    1.6094379124341003};
  const Matrix q = inputs(5, 4, 7, 3);
  const Matrix k = inputs(5, 4, 5, 2);
  for (Index i = 0; i < 5; ++i) {
    const Vector w = nopeRowWeights(q.row(i).transpose(), k, i);
    ASSERT_EQ(w.size(), i + 1);
    for (Index j = 0; j <= i; ++j)
      EXPECT_NEAR(w(j), attention[static_cast<std::size_t>(i * 5 + j)], 1e-15) << i << ", " << j;
    const auto at = static_cast<std::size_t>(i);
    EXPECT_NEAR(nopeEntropy(w), entropy[at], 1e-14) << i;
    EXPECT_LE(nopeEntropy(w), uniform[at] + 1e-15);
    EXPECT_NEAR(nopeEntropy(Vector::Constant(i + 1, 1.0 / static_cast<double>(i + 1))), uniform[at],
                1e-14);
  }
}

TEST(NopeAttention, RowsSumToOneAndAreMaskedAboveTheDiagonal) {
  NopeParams p;
  p.length = 50;
  p.dim = 16;
  p.seed = 7;
  const std::vector<Index> all = range(50);
  const Matrix a = nopeAttention(p, all, all);
  for (Index i = 0; i < 50; ++i) {
    double sum = 0;
    for (Index j = 0; j < 50; ++j) {
      if (j > i) {
        EXPECT_TRUE(std::isnan(a(i, j))) << i << ", " << j;
      } else {
        EXPECT_GT(a(i, j), 0.0);
        sum += a(i, j);
      }
    }
    EXPECT_NEAR(sum, 1.0, 1e-14) << i;
  }
  EXPECT_EQ(a(0, 0), 1.0);
  // The weights are those of the drawn vectors; a sampled region equals the full matrix.
  const Matrix q = nopeQueries(p, all);
  const Matrix k = nopeKeys(p, 50);
  EXPECT_MATRIX_NEAR(nopeRowWeights(q.row(31).transpose(), k, 31).transpose(), a.row(31).head(32),
                     1e-15);
  const std::vector<Index> rows{4, 30, 49};
  const std::vector<Index> cols{0, 4, 31, 49};
  const Matrix part = nopeAttention(p, rows, cols);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const double full = a(rows[r], cols[c]);
      const double got = part(static_cast<Index>(r), static_cast<Index>(c));
      EXPECT_TRUE(std::isnan(full) ? std::isnan(got) : got == full);
    }
}

TEST(NopeAttention, ReadoutTermsGiveTheCellsWeightAndLogit) {
  const Scheme& s = findScheme("nope");
  const ParamSet params = makeParams(s, {{"length", "40"}, {"dim", "8"}, {"seed", "2"}});
  const NopeParams p = nopeParamsFrom(params);
  const std::vector<Index> row{17};
  const std::vector<Index> col{5};
  const double cell = nopeAttention(p, row, col)(0, 0);
  const std::vector<Term> terms = s.explainCell(params, "attention", 17, 5);
  ASSERT_EQ(terms.size(), 6u);
  EXPECT_NEAR(terms[3].value, cell, 1e-15);
  const double logit = nopeQueries(p, row).row(0).dot(nopeKeyRow(p, 5)) / std::sqrt(8.0);
  EXPECT_NEAR(terms[2].value, logit, 1e-14);
  EXPECT_EQ(terms[4].value, 18.0);
  const std::vector<Term> masked = s.explainCell(params, "attention", 3, 9);
  EXPECT_TRUE(std::isnan(masked[3].value));
}

TEST(NopeMask, IsOneOnAndBelowTheDiagonal) {
  const std::vector<Index> all = range(6);
  const Matrix m = nopeMask(all, all);
  for (Index i = 0; i < 6; ++i)
    for (Index j = 0; j < 6; ++j) EXPECT_EQ(m(i, j), j <= i ? 1.0 : 0.0);
}

TEST(NopeEntropy, RowZeroIsZeroAndEveryRowIsAtMostUniform) {
  const Scheme& s = findScheme("nope");
  const SeriesResult r = s.series(makeParams(s, {{"length", "300"}}), "entropy");
  ASSERT_EQ(r.curves.size(), 2u);
  ASSERT_EQ(r.x.size(), 300u);
  EXPECT_EQ(r.curves[0].y[0], 0.0);
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    EXPECT_DOUBLE_EQ(r.curves[1].y[i], std::log(r.x[i] + 1.0));
    EXPECT_LE(r.curves[0].y[i], r.curves[1].y[i] + 1e-12);
    EXPECT_GE(r.curves[0].y[i], 0.0);
  }
  // Random q and k give rows far from one-hot: the entropy grows with the row.
  EXPECT_GT(r.curves[0].y[299], r.curves[0].y[10]);
}

TEST(NopeScheme, RefusesLongRowsAndBadParametersByName) {
  const Scheme& s = findScheme("nope");
  EXPECT_EQ(test::refusedParam(s, Sets{{"dim", "0"}}), "dim");
  EXPECT_EQ(test::refusedParam(s, Sets{{"length", "0"}}), "length");
  const ParamSet longRows = makeParams(s, {{"length", "100000"}});
  try {
    (void)s.shape(longRows, "attention");
    ADD_FAILURE() << "accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "length");
  }
  EXPECT_THROW((void)s.series(longRows, "entropy"), ParamError);
  EXPECT_EQ(s.shape(longRows, "mask").rows, 100000);
}

}  // namespace
}  // namespace posenc
