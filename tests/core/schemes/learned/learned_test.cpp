// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the learned absolute table. Golden entries were computed independently by a
// Python transcription of random.hpp's generator (SplitMix64 chain over seed, tensor, row,
// col; Box-Muller with math.log/sqrt/cos) times std, and the small Gram matrix with numpy.
#include "posenc/schemes/learned/learned.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numeric>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/eigen_near.hpp"
#include "support/indices.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

using test::range;

ParamError errorOf(const Sets& sets) {
  const auto scheme = makeLearnedScheme();
  try {
    (void)makeParams(*scheme, sets);
  } catch (const ParamError& e) {
    return e;
  }
  return ParamError("(accepted)", "", Message());
}

TEST(Learned, GoldenEntriesOfSeedZero) {  // pins the generator's portability
  LearnedParams p;                        // std 0.02, seed 0, max_len 512, dim 128
  const std::vector<Index> rows = {0, 1, 2, 511};
  const Matrix t = learnedTableRows(p, rows);
  EXPECT_DOUBLE_EQ(t(0, 0), -0.010162105853216693);
  EXPECT_DOUBLE_EQ(t(0, 1), -0.012255455309799872);
  EXPECT_DOUBLE_EQ(t(1, 0), 0.004059658335562945);
  EXPECT_DOUBLE_EQ(t(2, 5), 0.02618081254809439);
  EXPECT_DOUBLE_EQ(t(3, 127), -0.027659261876728073);

  const auto scheme = makeLearnedScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "512"}});
  const std::vector<Index> r = {2, 511}, c = {5, 127};
  const Matrix e = scheme->evaluate(params, "encoding", r, c);
  EXPECT_DOUBLE_EQ(e(0, 0), 0.02618081254809439);
  EXPECT_DOUBLE_EQ(e(1, 1), -0.027659261876728073);
}

TEST(Learned, SameSeedSameNumbersOtherSeedOtherNumbers) {
  const auto scheme = makeLearnedScheme();
  const ParamSet a = makeParams(*scheme, {{"length", "64"}, {"dim", "16"}});
  const ParamSet b = makeParams(*scheme, {{"length", "64"}, {"dim", "16"}, {"seed", "1"}});
  const Matrix ea = computeMatrix(*scheme, a, "encoding").values;
  EXPECT_EQ(ea, computeMatrix(*scheme, a, "encoding").values);
  const Matrix eb = computeMatrix(*scheme, b, "encoding").values;
  EXPECT_GT((ea - eb).cwiseAbs().minCoeff(), 0.0);  // every entry differs
  EXPECT_DOUBLE_EQ(eb(0, 0), 0.0027679962945710095);
}

TEST(Learned, EntriesHaveTheRequestedMeanAndSpread) {
  for (const double sd : {0.02, 0.5}) {
    LearnedParams p;
    p.stddev = sd;
    const Matrix t = learnedTableRows(p, range(0, 512));  // 512 x 128 = 65536 entries
    const double n = static_cast<double>(t.size());
    const double mean = t.mean();
    const double std = std::sqrt((t.array() - mean).square().sum() / (n - 1));
    EXPECT_LT(std::fabs(mean), 5 * sd / std::sqrt(n)) << sd;
    EXPECT_NEAR(std / sd, 1.0, 0.02) << sd;  // the standard error is 0.3 %
  }
}

TEST(Learned, RowsAreMadeOnTheirOwn) {
  LearnedParams p;
  p.dim = 16384;
  p.maxLen = 1048576;  // the whole table would take 128 GiB
  p.length = 1048576;
  const std::vector<Index> few = {7, 1048575};
  const Matrix t = learnedTableRows(p, few);
  const std::vector<Index> one = {1048575};
  EXPECT_EQ(Matrix(t.row(1)), learnedTableRows(p, one));
  const std::vector<Index> cols = {0, 16383};
  const Matrix e = learnedEncoding(p, few, cols);
  EXPECT_EQ(e(0, 1), t(0, 16383));
  EXPECT_EQ(e(1, 0), t(1, 0));
}

TEST(Learned, ClampUsesTheLastRowPastTheTable) {
  const auto scheme = makeLearnedScheme();
  const ParamSet params =
      makeParams(*scheme,
                 {{"length", "1000"}, {"dim", "8"}, {"max_len", "100"}, {"overflow", "clamp"}});
  const std::vector<Index> rows = {98, 99, 100, 101, 999}, cols = range(0, 8);
  const Matrix e = scheme->evaluate(params, "encoding", rows, cols);
  EXPECT_NE(e.row(0), e.row(1));
  for (Index a = 2; a < 5; ++a) EXPECT_EQ(e.row(a), e.row(1)) << rows[static_cast<std::size_t>(a)];
  const LearnedParams p = learnedParamsFrom(params);
  EXPECT_EQ(learnedTableRow(p, 50), 50);
  EXPECT_EQ(learnedTableRow(p, 100), 99);
  EXPECT_EQ(learnedTableRow(p, 999), 99);
}

TEST(Learned, RepeatUsesRowPModMaxLenAndTheSimilarityRepeats) {
  const auto scheme = makeLearnedScheme();
  const ParamSet params =
      makeParams(*scheme,
                 {{"length", "100"}, {"dim", "8"}, {"max_len", "30"}, {"overflow", "repeat"}});
  const LearnedParams p = learnedParamsFrom(params);
  EXPECT_EQ(learnedTableRow(p, 29), 29);
  EXPECT_EQ(learnedTableRow(p, 30), 0);
  EXPECT_EQ(learnedTableRow(p, 97), 7);
  const Matrix e = computeMatrix(*scheme, params, "encoding").values;
  for (Index x = 30; x < 100; ++x) EXPECT_EQ(e.row(x), e.row(x % 30)) << x;
  const Matrix s = computeMatrix(*scheme, params, "similarity").values;
  EXPECT_EQ(Matrix(s.block(0, 0, 30, 30)), Matrix(s.block(30, 60, 30, 30)));
  EXPECT_EQ(Matrix(s.block(0, 0, 30, 30)), Matrix(s.block(60, 30, 30, 30)));
  EXPECT_NE(s(0, 1), s(0, 2));  // but not constant inside one period
}

TEST(Learned, ErrorOverflowRefusesALengthPastTheTable) {
  const ParamError e = errorOf({{"length", "600"}});
  EXPECT_EQ(e.param(), "length");
  EXPECT_EQ(e.value(), "600");
  EXPECT_NE(e.allowed().find("at most max_len (512)"), std::string::npos) << e.allowed();
  EXPECT_NE(e.allowed().find("clamp or repeat"), std::string::npos) << e.allowed();
  EXPECT_EQ(errorOf({{"length", "512"}}).param(), "(accepted)");
  EXPECT_EQ(errorOf({{"length", "600"}, {"overflow", "clamp"}}).param(), "(accepted)");
  EXPECT_EQ(errorOf({{"length", "64"}, {"max_len", "63"}}).param(), "length");

  // Even past validation (a hand-built parameter set), evaluation refuses the position.
  const auto scheme = makeLearnedScheme();
  ParamSet raw(scheme->info().params);
  raw.set("length", std::int64_t{600});
  const std::vector<Index> rows = {550}, cols = {0};
  EXPECT_THROW((void)scheme->evaluate(raw, "encoding", rows, cols), ParamError);
  LearnedParams p;
  try {
    (void)learnedTableRow(p, 512);
    FAIL() << "row 512 of a 512-row table";
  } catch (const ParamError& err) {
    EXPECT_EQ(err.param(), "length");
  }
}

TEST(Learned, RefusesBadInput) {
  EXPECT_EQ(errorOf({{"overflow", "wrap"}}).param(), "overflow");
  EXPECT_EQ(errorOf({{"std", "0"}}).param(), "std");
  EXPECT_EQ(errorOf({{"std", "11"}}).param(), "std");
  EXPECT_EQ(errorOf({{"dim", "0"}}).param(), "dim");
  EXPECT_EQ(errorOf({{"max_len", "0"}}).param(), "max_len");
  EXPECT_EQ(errorOf({{"seed", "-1"}}).param(), "seed");
  EXPECT_EQ(errorOf({{"length", "0"}}).param(), "length");
  EXPECT_EQ(errorOf({{"dim", "7"}}).param(), "(accepted)");  // any width, odd included
  EXPECT_THROW((void)learnedOverflowFromId("foo"), ParamError);
  const auto scheme = makeLearnedScheme();
  const ParamSet p = makeParams(*scheme, {});
  EXPECT_THROW((void)scheme->series(p, "encoding"), ParamError);
  EXPECT_THROW((void)scheme->shape(p, "wavelengths"), ParamError);
}

TEST(Learned, GoldenSimilarityIsTheGramMatrixOfTheTable) {
  const auto scheme = makeLearnedScheme();
  const ParamSet params =
      makeParams(*scheme,
                 {{"length", "4"}, {"dim", "3"}, {"max_len", "4"}, {"std", "0.5"}, {"seed", "7"}});
  Matrix gram(4, 4);
  gram << 0.2673196618887138, -0.14854400150261607, -0.0740983047129764, -0.002693541722274387,
      -0.14854400150261607, 1.5625190582793937, 0.9871106687507623, 1.4126827149013266,
      -0.0740983047129764, 0.9871106687507623, 0.796328258410318, 1.2411668534468296,
      -0.002693541722274387, 1.4126827149013266, 1.2411668534468296, 2.0147654054828905;
  const Matrix s = computeMatrix(*scheme, params, "similarity").values;
  EXPECT_MATRIX_NEAR(s, gram, 1e-14);
  EXPECT_EQ(s, s.transpose());
}

TEST(Learned, SimilarityEqualsExplicitDotProductsOfTheRowsUsed) {
  const auto scheme = makeLearnedScheme();
  // dim 5: only the tail of the fixed-order sum; dim 300: two slices of k plus a tail, and 70
  // distinct rows: several blocks of cells on both sides of the diagonal.
  for (const auto& [dim, overflow] : {std::pair{"5", "clamp"}, std::pair{"300", "repeat"}}) {
    const ParamSet params = makeParams(
        *scheme,
        {{"length", "90"}, {"dim", dim}, {"max_len", "70"}, {"overflow", overflow}, {"std", "1"}});
    const LearnedParams p = learnedParamsFrom(params);
    const Matrix t = learnedTableRows(p, range(0, 70));
    const Matrix s = computeMatrix(*scheme, params, "similarity").values;
    Matrix naive(90, 90);
    for (Index a = 0; a < 90; ++a)
      for (Index b = 0; b < 90; ++b) {
        double sum = 0;
        for (Index k = 0; k < p.dim; ++k)
          sum += t(learnedTableRow(p, a), k) * t(learnedTableRow(p, b), k);
        naive(a, b) = sum;
      }
    EXPECT_MATRIX_NEAR(s, naive, 1e-13) << dim;  // sums of 300 products of N(0, 1) entries
    EXPECT_EQ(s, s.transpose()) << dim;
  }
}

TEST(Learned, SampledRegionMatchesTheFullMatrixExactly) {
  const auto scheme = makeLearnedScheme();
  const ParamSet params =
      makeParams(*scheme,
                 {{"length", "300"}, {"dim", "40"}, {"max_len", "120"}, {"overflow", "repeat"}});
  for (const char* view : {"encoding", "similarity"}) {
    const Matrix whole = computeMatrix(*scheme, params, view).values;
    const MatrixResult r =
        computeMatrix(*scheme, params, view, Region{.r0 = 5, .c0 = 2, .maxRows = 9, .maxCols = 6});
    ASSERT_EQ(r.values.rows(), 9);
    ASSERT_EQ(r.values.cols(), 6);
    for (std::size_t a = 0; a < r.rows.size(); ++a)
      for (std::size_t b = 0; b < r.cols.size(); ++b)
        EXPECT_EQ(r.values(static_cast<Index>(a), static_cast<Index>(b)),
                  whole(r.rows[a], r.cols[b]))  // the same double in every request
            << view;
  }
}

TEST(Learned, ExplainSaysWhichRowWasUsed) {
  const auto scheme = makeLearnedScheme();
  const ParamSet params =
      makeParams(*scheme, {{"length", "100"}, {"max_len", "30"}, {"overflow", "repeat"}});
  const std::vector<Term> t = scheme->explainCell(params, "similarity", 65, 4);
  ASSERT_GE(t.size(), 5u);
  EXPECT_EQ(t[1].name, "table row r(p) = p mod max_len (repeated)");
  EXPECT_EQ(t[1].value, 5);
  EXPECT_EQ(t[2].value, 2);  // third pass over the table
  EXPECT_EQ(t[4].name, "table row r(q) = q");
  EXPECT_EQ(t[4].value, 4);

  const ParamSet clamp =
      makeParams(*scheme,
                 {{"length", "100"}, {"max_len", "30"}, {"overflow", "clamp"}, {"dim", "4"}});
  const std::vector<Term> e = scheme->explainCell(clamp, "encoding", 65, 2);
  EXPECT_EQ(e[1].name, "table row r(p): clamped to max_len − 1");
  EXPECT_EQ(e[1].value, 29);
  const std::vector<Index> r = {65}, c = {2};
  EXPECT_DOUBLE_EQ(e.back().value * 0.02, scheme->evaluate(clamp, "encoding", r, c)(0, 0));
}

TEST(Learned, DeclaresTheContractIds) {
  const auto scheme = makeLearnedScheme();
  const SchemeInfo& info = scheme->info();
  EXPECT_EQ(info.id, "learned");
  std::vector<std::string> params, views;
  for (const auto& s : info.params) params.push_back(s.id);
  for (const auto& v : info.views) views.push_back(v.id);
  EXPECT_EQ(params, (std::vector<std::string>{"length", "dim", "max_len", "std", "seed", "overflow",
                                              "table", "offset", "grid", "measure"}));
  EXPECT_EQ(views, (std::vector<std::string>{"encoding", "similarity", "extrapolation", "pca",
                                             "spectrum", "norms", "grid"}));
  EXPECT_EQ(learnedParamsFrom(ParamSet(info.params)), LearnedParams{});
}

}  // namespace
}  // namespace posenc
