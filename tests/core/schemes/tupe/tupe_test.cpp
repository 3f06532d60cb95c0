// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the tupe scheme (Ke, He, Liu, ICLR 2021; guolinke/TUPE).
//
// Golden numbers were computed independently with /usr/bin/python3 + numpy (never by this
// code): `terms()` there builds cc, cp, pc, pp, bias per CONVENTIONS.md from the tensors,
// with its own T5 bucket function (float32 logarithm as HF / guolinke/TUPE) and the [CLS]
// reset of paper Eq. 9 applied to pp + b (Eq. 11). For the end-to-end case it also
// re-implements random.cpp (SplitMix64 chain, 53-bit uniforms, Box-Muller) to draw x, p, W,
// U, b, theta exactly as documented in tupe.hpp.
#include "posenc/schemes/tupe/tupe.hpp"

#include <cmath>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../../../core/src/compute/parallel.hpp"
#include "posenc/base/random.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "support/eigen_near.hpp"
#include "support/indices.hpp"
#include "support/softmax_rows.hpp"

namespace posenc {
namespace {

constexpr double kTol = 1e-12;
const std::vector<std::string> kVariants = {"tied", "tupe-a", "tupe-r", "untied-cross"};

Matrix mat(Index r, Index c, std::initializer_list<double> v) {
  Matrix m(r, c);
  auto it = v.begin();
  for (Index i = 0; i < r; ++i)
    for (Index j = 0; j < c; ++j) m(i, j) = *it++;
  return m;
}

using test::range;

/// The hand-made case of the numpy script: length 3, d_model 4, heads 1.
TupeBlock literalBlock() {
  TupeBlock b;
  b.rows = {0, 1, 2};
  b.cols = {0, 1, 2};
  b.xq = mat(3, 4, {1, 0, -1, 2, 0.5, 1, 0, -1, -1, 2, 1, 0});
  b.pq = mat(3, 4, {0, 1, 0, 1, 1, -1, 0.5, 0, 2, 0, -1, 1});
  b.xk = b.xq;
  b.pk = b.pq;
  b.wq = mat(4, 4, {1, 0, 0, 1, 0, 1, -1, 0, 0.5, 0, 1, 0, 0, -1, 0, 2});
  b.wk = mat(4, 4, {0, 1, 1, 0, 1, 0, 0, -1, 0, 0.5, 1, 0, -1, 0, 0.5, 1});
  b.uq = mat(4, 4, {2, 0, 0, 0, 0, 1, 0, 1, 0, 0, -1, 0, 1, 0, 0, 0.5});
  b.uk = mat(4, 4, {0, 0, 1, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, -1});
  b.b.resize(32);
  for (Index k = 0; k < 32; ++k) b.b(k) = (static_cast<double>(k) - 10.0) / 8.0;
  b.theta1 = 0.75;
  b.theta2 = -1.25;
  return b;
}

TupeParams literalParams(TupeVariant v, bool untie) {
  TupeParams p;
  p.length = 3;
  p.dModel = 4;
  p.heads = 1;
  p.variant = v;
  p.untieCls = untie;
  return p;
}

Matrix zeros3() { return Matrix::Zero(3, 3); }

TEST(TupeGolden, TiedExpandsIntoFourTermsOverSqrtDHead) {
  const TupeTerms t = tupeTerms(literalParams(TupeVariant::Tied, true), literalBlock());
  EXPECT_MATRIX_NEAR(t.cc, mat(3, 3, {3.5, -5, -4, -2, 2.5, 1.5, -0.5, 1, 0}), kTol);
  EXPECT_MATRIX_NEAR(t.cp, mat(3, 3, {-0.25, 0.25, 0, -0.25, -0.5, -0.25, -0.25, 0.25, 0.5}), kTol);
  EXPECT_MATRIX_NEAR(t.pc, mat(3, 3, {1.5, -2, -2, 0.25, 0, 0.5, 1.75, -2.75, -2.25}), kTol);
  EXPECT_MATRIX_NEAR(t.pp, mat(3, 3, {-0.25, 0.25, 0.25, 0.375, 0.375, 0.25, -0.25, -0.125, -0.25}),
                     kTol);
  EXPECT_MATRIX_NEAR(t.bias, zeros3(), 0.0);
  EXPECT_MATRIX_NEAR(t.total(), mat(3, 3, {4.5, -6.5, -5.75, -1.625, 2.375, 2, 0.75, -1.625, -2}),
                     kTol);
}

TEST(TupeGolden, TupeAKeepsContentAndUntiedPositionOverSqrtTwoDHead) {
  const TupeTerms t = tupeTerms(literalParams(TupeVariant::TupeA, true), literalBlock());
  EXPECT_MATRIX_NEAR(t.cc,
                     mat(3, 3,
                         {2.474873734152916, -3.5355339059327373, -2.82842712474619,
                          -1.414213562373095, 1.7677669529663687, 1.0606601717798212,
                          -0.35355339059327373, 0.7071067811865475, 0.0}),
                     kTol);
  EXPECT_MATRIX_NEAR(t.pp,
                     mat(3, 3,
                         {0.75, 0.75, 0.75, -1.25, -1.237436867076458, 0.7071067811865475, -1.25,
                          -1.414213562373095, 0.5303300858899106}),
                     kTol);
  EXPECT_MATRIX_NEAR(t.cp, zeros3(), 0.0);
  EXPECT_MATRIX_NEAR(t.pc, zeros3(), 0.0);
  EXPECT_MATRIX_NEAR(t.bias, zeros3(), 0.0);
}

TEST(TupeGolden, TupeRAddsBucketBiasAndResetsClsCells) {
  const TupeTerms on = tupeTerms(literalParams(TupeVariant::TupeR, true), literalBlock());
  EXPECT_MATRIX_NEAR(on.pp,
                     mat(3, 3,
                         {0.75, 0.75, 0.75, -1.25, -1.237436867076458, 0.7071067811865475, -1.25,
                          -1.414213562373095, 0.5303300858899106}),
                     kTol);
  EXPECT_MATRIX_NEAR(on.bias, mat(3, 3, {0, 0, 0, 0, -1.25, 0.875, 0, -1.125, -1.25}), kTol);
  EXPECT_MATRIX_NEAR(on.total(),
                     mat(3, 3,
                         {3.224873734152916, -2.7855339059327373, -2.07842712474619,
                          -2.664213562373095, -0.7196699141100893, 2.642766952966369,
                          -1.6035533905932737, -1.8321067811865475, -0.7196699141100894}),
                     kTol);
  const TupeTerms off = tupeTerms(literalParams(TupeVariant::TupeR, false), literalBlock());
  EXPECT_MATRIX_NEAR(off.pp,
                     mat(3, 3,
                         {-0.17677669529663687, 0.0, -1.237436867076458, 1.0606601717798212,
                          -1.237436867076458, 0.7071067811865475, 1.590990257669732,
                          -1.414213562373095, 0.5303300858899106}),
                     kTol);
  EXPECT_MATRIX_NEAR(off.bias,
                     mat(3, 3, {-1.25, 0.875, 1.0, -1.125, -1.25, 0.875, -1.0, -1.125, -1.25}),
                     kTol);
}

TEST(TupeGolden, UntiedCrossKeepsCrossTermsAndReplacesPpByBias) {
  const TupeTerms on = tupeTerms(literalParams(TupeVariant::UntiedCross, true), literalBlock());
  EXPECT_MATRIX_NEAR(on.cc, mat(3, 3, {3.5, -5, -4, -2, 2.5, 1.5, -0.5, 1, 0}), kTol);
  EXPECT_MATRIX_NEAR(on.cp, mat(3, 3, {-2.25, -1.75, -1.5, 1, 0.25, -2.25, 0.25, 0.75, -2.5}),
                     kTol);
  EXPECT_MATRIX_NEAR(on.pc, mat(3, 3, {0.75, -0.25, -0.75, -3.5, 2.75, 3.25, -4, 4.5, 4.5}), kTol);
  EXPECT_MATRIX_NEAR(on.pp, zeros3(), 0.0);
  EXPECT_MATRIX_NEAR(on.bias,
                     mat(3, 3, {0.75, 0.75, 0.75, -1.25, -1.25, 0.875, -1.25, -1.125, -1.25}),
                     kTol);
  EXPECT_MATRIX_NEAR(on.total(),
                     mat(3, 3, {2.75, -6.25, -5.5, -5.75, 4.25, 3.375, -5.5, 5.125, 0.75}), kTol);
  const TupeTerms off = tupeTerms(literalParams(TupeVariant::UntiedCross, false), literalBlock());
  EXPECT_MATRIX_NEAR(off.bias,
                     mat(3, 3, {-1.25, 0.875, 1.0, -1.125, -1.25, 0.875, -1.0, -1.125, -1.25}),
                     kTol);
}

// ---- properties on drawn tensors --------------------------------------------------------

TupeParams randomParams(TupeVariant v, bool untie = true) {
  TupeParams p;
  p.length = 6;
  p.dModel = 8;
  p.heads = 2;
  p.head = 1;
  p.variant = v;
  p.untieCls = untie;
  p.seed = 11;
  p.contentSeed = 11;
  p.positions = TupePositions::Random;  // drawn p, as before the `positions` parameter
  return p;
}

TEST(Tupe, TiedTermsSumToTheDirectProjectionOfXPlusP) {
  const TupeParams p = randomParams(TupeVariant::Tied);
  const auto all = range(6);
  const TupeBlock b = tupeBlock(p, all, all);
  const Matrix direct =
      ((b.xq + b.pq) * b.wq) * ((b.xk + b.pk) * b.wk).transpose() / std::sqrt(4.0);
  const TupeTerms t = tupeTerms(p, b);
  EXPECT_MATRIX_NEAR(Matrix(t.cc + t.cp + t.pc + t.pp), direct, kTol);
  EXPECT_MATRIX_NEAR(t.total(), direct, kTol);
  EXPECT_MATRIX_NEAR(t.bias, Matrix::Zero(6, 6), 0.0);
}

TEST(Tupe, TupeATotalIsContentPlusUntiedPositionOverSqrtTwoDHead) {
  for (bool untie : {false, true}) {
    const TupeParams p = randomParams(TupeVariant::TupeA, untie);
    const auto all = range(6);
    const TupeBlock b = tupeBlock(p, all, all);
    const Matrix ccRaw = (b.xq * b.wq) * (b.xk * b.wk).transpose();
    const Matrix ppRaw = (b.pq * b.uq) * (b.pk * b.uk).transpose();
    Matrix expected = (ccRaw + ppRaw) / std::sqrt(2.0 * 4.0);
    if (untie) {  // Eq. 9: the positional part of the [CLS] row and column is reset
      expected.col(0) = ccRaw.col(0) / std::sqrt(8.0) + Vector::Constant(6, b.theta2);
      expected.row(0) = ccRaw.row(0) / std::sqrt(8.0) + Matrix::Constant(1, 6, b.theta1);
    }
    EXPECT_MATRIX_NEAR(tupeTerms(p, b).total(), expected, kTol) << "untie_cls " << untie;
  }
}

TEST(Tupe, TupeRAddsTheT5BidirectionalBiasOfJMinusI) {
  TupeParams p = randomParams(TupeVariant::TupeR, false);
  p.length = 300;
  const std::vector<Index> rows = {5, 100, 250};
  const std::vector<Index> cols = {0, 5, 12, 13, 25, 92, 93, 108, 250, 299};
  const TupeTerms r = tupeTerms(p, rows, cols);
  TupeParams a = p;
  a.variant = TupeVariant::TupeA;
  EXPECT_MATRIX_NEAR(Matrix(r.total() - tupeTerms(a, rows, cols).total()), r.bias, kTol);
  for (std::size_t x = 0; x < rows.size(); ++x)
    for (std::size_t y = 0; y < cols.size(); ++y) {
      const auto bucket = static_cast<std::uint64_t>(t5Bucket(cols[y] - rows[x], true, 32, 128));
      EXPECT_EQ(r.bias(static_cast<Index>(x), static_cast<Index>(y)),
                normal(11, Tensor::TupeBias, bucket, 1));
    }
  // Buckets computed independently (numpy, float32 log): j - i -> bucket.
  const std::pair<Index, std::int64_t> known[] = {{-20, 10}, {20, 26}, {-200, 15}, {200, 31},
                                                  {-7, 7},   {7, 23},  {8, 24},    {-8, 8}};
  for (const auto& [r0, bucket] : known) EXPECT_EQ(tupeBucket(p, 100, 100 + r0), bucket) << r0;
}

TEST(Tupe, UntieClsMakesRowZeroThetaOneAndColumnZeroThetaTwo) {
  for (TupeVariant v : {TupeVariant::TupeA, TupeVariant::TupeR, TupeVariant::UntiedCross}) {
    const TupeParams p = randomParams(v, true);
    const auto all = range(6);
    const TupeTerms t = tupeTerms(p, all, all);
    const Matrix pos = t.positional();
    const double th1 = normal(11, Tensor::TupeCls, 1, 0);
    const double th2 = normal(11, Tensor::TupeCls, 1, 1);
    EXPECT_NE(th1, th2);
    for (Index j = 0; j < 6; ++j) EXPECT_EQ(pos(0, j), th1) << "row 0, col " << j;
    for (Index i = 1; i < 6; ++i) EXPECT_EQ(pos(i, 0), th2) << "row " << i << ", col 0";
    // Away from [CLS] the positional part is not constant.
    EXPECT_NE(pos(1, 2), pos(2, 1));
    if (v == TupeVariant::UntiedCross) {
      EXPECT_MATRIX_NEAR(t.pp, Matrix::Zero(6, 6), 0.0);
    } else {  // pp + b reset together: the theta lives in pp, bias is 0 there
      EXPECT_EQ(t.pp(0, 3), th1);
      EXPECT_EQ(t.bias(0, 3), 0.0);
      EXPECT_EQ(t.bias(3, 0), 0.0);
    }
    const Matrix off = tupeTerms(randomParams(v, false), all, all).positional();
    EXPECT_NE(off(0, 1), off(0, 2));
    EXPECT_MATRIX_NEAR(Matrix(off.bottomRightCorner(5, 5)), Matrix(pos.bottomRightCorner(5, 5)),
                       0.0);
  }
  // BERT's tied form has no [CLS] untying: the flag changes nothing.
  const auto all = range(6);
  EXPECT_MATRIX_NEAR(tupeTerms(randomParams(TupeVariant::Tied, true), all, all).total(),
                     tupeTerms(randomParams(TupeVariant::Tied, false), all, all).total(), 0.0);
}

TEST(Tupe, PositionalPartDoesNotChangeWithTheContentSeed) {
  const auto all = range(6);
  for (TupeVariant v :
       {TupeVariant::Tied, TupeVariant::TupeA, TupeVariant::TupeR, TupeVariant::UntiedCross}) {
    for (bool untie : {false, true}) {
      TupeParams a = randomParams(v, untie);
      TupeParams b = a;
      a.contentSeed = 1;
      b.contentSeed = 2;
      const TupeTerms ta = tupeTerms(a, all, all);
      const TupeTerms tb = tupeTerms(b, all, all);
      EXPECT_MATRIX_NEAR(ta.pp, tb.pp, 0.0);
      EXPECT_MATRIX_NEAR(ta.bias, tb.bias, 0.0);
      EXPECT_NE(ta.cc(2, 3), tb.cc(2, 3));  // the content did change
    }
  }
}

TEST(Tupe, BlockDrawsTheDocumentedTensors) {
  TupeParams p = randomParams(TupeVariant::TupeR);
  p.contentSeed = 5;
  const std::vector<Index> rows = {1, 4};
  const std::vector<Index> cols = {0, 3, 5};
  const TupeBlock b = tupeBlock(p, rows, cols);
  ASSERT_EQ(b.xq.rows(), 2);
  ASSERT_EQ(b.pk.rows(), 3);
  ASSERT_EQ(b.wq.rows(), 8);
  ASSERT_EQ(b.wq.cols(), 4);
  EXPECT_EQ(b.xq(1, 6), normal(5, Tensor::TupeContent, 4, 6));
  EXPECT_EQ(b.xk(2, 7), normal(5, Tensor::TupeContent, 5, 7));
  EXPECT_EQ(b.pq(0, 2), normal(11, Tensor::TupePosition, 1, 2));
  EXPECT_EQ(b.pk(1, 0), normal(11, Tensor::TupePosition, 3, 0));
  const double s = 1.0 / std::sqrt(8.0);
  EXPECT_EQ(b.wq(3, 2), normal(11, Tensor::TupeWq, 3, 6) * s);  // head 1: columns 4..7
  EXPECT_EQ(b.wk(7, 0), normal(11, Tensor::TupeWk, 7, 4) * s);
  EXPECT_EQ(b.uq(0, 3), normal(11, Tensor::TupeUq, 0, 7) * s);
  EXPECT_EQ(b.uk(5, 1), normal(11, Tensor::TupeUk, 5, 5) * s);
  EXPECT_EQ(b.b(17), normal(11, Tensor::TupeBias, 17, 1));
  EXPECT_EQ(b.theta1, normal(11, Tensor::TupeCls, 1, 0));
}

// ---- positions: the sinusoidal table (default) and the random one ------------------------

TEST(TupePositions, SinusoidalRowsAreTheInterleavedEncoding) {
  TupeParams p;
  p.dModel = 6;
  p.heads = 1;
  ASSERT_EQ(p.positions, TupePositions::Sinusoidal);  // the default
  const std::vector<Index> at = {0, 1, 5, 1000};
  const Matrix rows = tupePositionRows(p, at);
  ASSERT_EQ(rows.rows(), 4);
  ASSERT_EQ(rows.cols(), 6);
  for (Index a = 0; a < 4; ++a) {
    const auto pos = static_cast<double>(at[static_cast<std::size_t>(a)]);
    for (Index k = 0; k < 3; ++k) {
      const double w = std::pow(10000.0, -2.0 * static_cast<double>(k) / 6.0);
      EXPECT_NEAR(rows(a, 2 * k), std::sin(pos * w), 1e-12) << a << " " << k;
      EXPECT_NEAR(rows(a, 2 * k + 1), std::cos(pos * w), 1e-12) << a << " " << k;
    }
  }
}

TEST(TupePositions, PpOfTheSchemeMatchesAHandComputationWithSinusoidalPositions) {
  const auto s = makeTupeScheme();
  const ParamSet params = makeParams(*s, {{"length", "5"},
                                          {"d_model", "4"},
                                          {"heads", "2"},
                                          {"head", "1"},
                                          {"seed", "7"},
                                          {"untie_cls", "false"}});
  const Matrix pp = computeMatrix(*s, params, "pp").values;
  // By hand: p(i, 2k) = sin(i w_k), p(i, 2k+1) = cos(i w_k), w_k = 10000^(-2k/4); head 1 uses
  // columns 2, 3 of U^Q, U^K = N(0,1)/sqrt(4); pp = (p_i U^Q).(p_j U^K) / sqrt(2 d_head).
  double pos[5][4];
  for (int i = 0; i < 5; ++i)
    for (int k = 0; k < 2; ++k) {
      const double w = std::pow(10000.0, -2.0 * k / 4.0);
      pos[i][2 * k] = std::sin(i * w);
      pos[i][2 * k + 1] = std::cos(i * w);
    }
  auto projected = [&](int i, Tensor u, int t) {
    double sum = 0;
    for (int k = 0; k < 4; ++k)
      sum += pos[i][k] *
             normal(7, u, static_cast<std::uint64_t>(k), static_cast<std::uint64_t>(2 + t)) / 2.0;
    return sum;
  };
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j) {
      double dot = 0;
      for (int t = 0; t < 2; ++t)
        dot += projected(i, Tensor::TupeUq, t) * projected(j, Tensor::TupeUk, t);
      EXPECT_NEAR(pp(i, j), dot / std::sqrt(4.0), 1e-12) << i << " " << j;
    }
}

TEST(TupePositions, WithEqualProjectionsPpIsSymmetricAndWithIdentityItDependsOnlyOnTheOffset) {
  TupeParams p;
  p.length = 9;
  p.dModel = 8;
  p.heads = 1;
  p.untieCls = false;
  const auto all = range(9);
  TupeBlock b = tupeBlock(p, all, all);
  b.uk = b.uq;  // U^Q == U^K: pp_ij = (p_i U).(p_j U) / sqrt(2d) = pp_ji
  const Matrix sym = tupeTerms(p, b).pp;
  EXPECT_MATRIX_NEAR(sym, Matrix(sym.transpose()), 1e-12);
  // U^Q = U^K = I: pp_ij = sum_k cos((i - j) w_k) / sqrt(2d), a function of i - j alone,
  // largest at i = j: the sinusoidal table itself carries the relative structure.
  b.uq = b.uk = Matrix::Identity(8, 8);
  const Matrix pp = tupeTerms(p, b).pp;
  for (Index i = 0; i + 1 < 9; ++i)
    for (Index j = 0; j + 1 < 9; ++j) EXPECT_NEAR(pp(i, j), pp(i + 1, j + 1), 1e-12);
  for (Index i = 0; i < 9; ++i)
    for (Index j = 0; j < 9; ++j)
      if (j != i) {
        EXPECT_GT(pp(i, i), pp(i, j) + 1e-6) << i << " " << j;
      }
}

TEST(TupePositions, RandomGivesTheNumbersOfTheCommitBeforeTheParameter) {
  // Written by `posenc export ... --out X.json` at commit 3c8558e (p always random then).
  const auto s = makeTupeScheme();
  const ParamSet r = makeParams(*s, {{"variant", "tupe-r"},
                                     {"length", "12"},
                                     {"d_model", "12"},
                                     {"heads", "3"},
                                     {"head", "1"},
                                     {"seed", "7"},
                                     {"positions", "random"}});
  auto at = [&](const ParamSet& ps, const std::string& v, Index i, Index j) {
    return computeMatrix(*s, ps, v, Region{.r0 = i, .r1 = i + 1, .c0 = j, .c1 = j + 1})
        .values(0, 0);
  };
  EXPECT_EQ(at(r, "pp", 5, 7), -0.4318116094862892);
  EXPECT_EQ(at(r, "pp", 3, 9), 1.079342563180974);
  EXPECT_EQ(at(r, "total", 5, 7), 1.4215629862587325);
  EXPECT_EQ(at(r, "total", 3, 9), 0.5993996339808606);
  EXPECT_EQ(at(r, "total", 11, 0), 0.9085861046723219);
  EXPECT_EQ(at(r, "attention", 5, 7), 0.07337766402029226);
  EXPECT_EQ(at(r, "attention", 3, 9), 0.04857193868897611);
  const ParamSet tied = makeParams(*s, {{"variant", "tied"},
                                        {"length", "12"},
                                        {"d_model", "12"},
                                        {"heads", "3"},
                                        {"head", "2"},
                                        {"seed", "3"},
                                        {"positions", "random"}});
  EXPECT_EQ(at(tied, "total", 5, 7), -2.4138468768214887);
  EXPECT_EQ(at(tied, "total", 3, 9), 0.336172975916218);
}

TEST(TupePositions, SinusoidalNeedsAnEvenDModel) {
  const auto s = makeTupeScheme();
  EXPECT_THROW((void)makeParams(*s, {{"d_model", "3"}, {"heads", "1"}}), ParamError);
  EXPECT_NO_THROW(
      (void)makeParams(*s, {{"d_model", "3"}, {"heads", "1"}, {"positions", "random"}}));
  EXPECT_THROW((void)makeParams(*s, {{"positions", "learned"}}), ParamError);
}

// ---- absent terms -------------------------------------------------------------------------

TEST(TupeScheme, AbsentTermsAreNamedExactlyWhereTheViewIsZero) {
  const auto s = makeTupeScheme();
  for (const auto& v : kVariants)
    for (const std::string untie : {"true", "false"}) {
      const ParamSet p =
          makeParams(*s, {{"variant", v}, {"untie_cls", untie}, {"length", "20"}, {"seed", "3"}});
      for (const std::string view : {"cc", "cp", "pc", "pp", "bias", "total", "positional"}) {
        const std::string why = s->absentTerm(p, view);
        const Matrix m = computeMatrix(*s, p, view).values;
        const bool zero = (m.array() == 0.0).all();
        EXPECT_EQ(!why.empty(), zero) << v << " " << untie << " " << view << ": " << why;
        if (!why.empty()) {
          EXPECT_NE(why.find(v), std::string::npos) << why;  // names the variant
        }
      }
    }
  EXPECT_EQ(s->absentTerm(makeParams(*s, {}), "bias"),
            "Variant tupe-a has no relative bias; choose tupe-r or untied-cross");
}

// ---- through the Scheme interface -------------------------------------------------------

Matrix view(const Scheme& s, const ParamSet& p, const std::string& v, const Region& r = {}) {
  return computeMatrix(s, p, v, r).values;
}

TEST(TupeScheme, TotalIsTheSumOfTheFiveTermViewsInEveryVariant) {
  const auto s = makeTupeScheme();
  for (const auto& v : kVariants) {
    const ParamSet p = makeParams(*s, {{"variant", v},
                                       {"length", "40"},
                                       {"d_model", "12"},
                                       {"heads", "3"},
                                       {"head", "2"},
                                       {"seed", "3"}});
    const Matrix sum = view(*s, p, "cc") + view(*s, p, "cp") + view(*s, p, "pc") +
                       view(*s, p, "pp") + view(*s, p, "bias");
    EXPECT_MATRIX_NEAR(view(*s, p, "total"), sum, kTol) << v;
    EXPECT_MATRIX_NEAR(view(*s, p, "positional"), Matrix(view(*s, p, "pp") + view(*s, p, "bias")),
                       kTol)
        << v;
    const bool tupe = v == "tupe-a" || v == "tupe-r";
    if (tupe) {
      EXPECT_EQ(view(*s, p, "cp").cwiseAbs().maxCoeff(), 0.0) << v;
    }
    if (v == "untied-cross") {
      EXPECT_EQ(view(*s, p, "pp").cwiseAbs().maxCoeff(), 0.0);
    }
    if (v == "tied" || v == "tupe-a") {
      EXPECT_EQ(view(*s, p, "bias").cwiseAbs().maxCoeff(), 0.0);
    }
  }
}

TEST(TupeScheme, AttentionRowsSumToOneOverAllKeys) {
  const auto s = makeTupeScheme();
  for (const auto& v : kVariants) {
    const ParamSet p = makeParams(*s, {{"variant", v}, {"length", "200"}, {"seed", "9"}});
    const Matrix a = view(*s, p, "attention", Region{.r0 = 3, .r1 = 9});
    ASSERT_EQ(a.cols(), 200);
    for (Index i = 0; i < a.rows(); ++i) EXPECT_NEAR(a.row(i).sum(), 1.0, 1e-12) << v;
    EXPECT_GT(a.minCoeff(), 0.0);
    // A part of a row is that part of the full-row softmax, not a softmax of the part.
    const Matrix part = view(*s, p, "attention", Region{.r0 = 3, .r1 = 9, .c0 = 50, .c1 = 60});
    EXPECT_MATRIX_NEAR(part, Matrix(a.middleCols(50, 10)), 1e-15);
    const Matrix total = view(*s, p, "total", Region{.r0 = 3, .r1 = 4});
    const Eigen::ArrayXXd e = (total.array() - total.maxCoeff()).exp();
    EXPECT_MATRIX_NEAR(Matrix(e.matrix() / e.sum()), Matrix(a.topRows(1)), 1e-12);
  }
}

TEST(TupeScheme, SampledRegionMatchesTheFullMatrix) {
  const auto s = makeTupeScheme();
  const ParamSet p = makeParams(*s, {{"variant", "tupe-r"}, {"length", "300"}, {"seed", "4"}});
  for (const std::string v : {"total", "attention", "bias"}) {
    const MatrixResult part = computeMatrix(*s, p, v, Region{.maxRows = 7, .maxCols = 9});
    const MatrixResult full = computeMatrix(*s, p, v);
    ASSERT_EQ(part.values.rows(), 7);
    ASSERT_EQ(part.values.cols(), 9);
    for (std::size_t a = 0; a < part.rows.size(); ++a)
      for (std::size_t b = 0; b < part.cols.size(); ++b)
        EXPECT_EQ(part.values(static_cast<Index>(a), static_cast<Index>(b)),
                  full.values(part.rows[a], part.cols[b]))
            << v;
  }
}

// seed 7, length 3, d_model 4, heads 2, head 1 (d_head 2), untie_cls: the numpy script draws
// every tensor with its own copy of random.cpp.
TEST(TupeScheme, EndToEndGoldenMatchesNumpy) {
  const auto s = makeTupeScheme();
  auto params = [&](const std::string& v) {
    return makeParams(*s, {{"variant", v},
                           {"length", "3"},
                           {"d_model", "4"},
                           {"heads", "2"},
                           {"head", "1"},
                           {"seed", "7"},
                           {"positions", "random"}});
  };
  const ParamSet tied = params("tied");
  EXPECT_MATRIX_NEAR(view(*s, tied, "cp"),
                     mat(3, 3,
                         {2.964144691959871, -0.707827236288826, -1.5895734394462324,
                          -0.9364269175951007, 0.29956846786956964, 0.4112492466081299,
                          1.078074389023971, -0.37812338613943325, -0.4336624516830076}),
                     kTol);
  EXPECT_MATRIX_NEAR(view(*s, tied, "total"),
                     mat(3, 3,
                         {2.7717885199758436, -1.5713318386586717, -1.8247960703702883,
                          -0.38007889175396553, 0.27405476142668905, 0.987982311007528,
                          1.1925654541728932, -0.7130904620509458, -1.2513311585791504}),
                     kTol);
  const ParamSet a = params("tupe-a");
  EXPECT_MATRIX_NEAR(view(*s, a, "cc"),
                     mat(3, 3,
                         {0.7512865809535927, -1.0756807300884788, -0.2729381564730015,
                          0.2322067872163385, 0.06373232766136067, 0.39296748954417016,
                          -0.4728319196085048, 0.04746088175743163, -0.5866554601714222}),
                     kTol);
  EXPECT_MATRIX_NEAR(view(*s, a, "attention"),
                     mat(3, 3,
                         {0.6579053302501358, 0.10585748781349538, 0.2362371819363689,
                          0.33096701158012526, 0.42549836431649296, 0.2435346241033818,
                          0.3748539247706452, 0.04109491860222541, 0.5840511566271294}),
                     kTol);
  const ParamSet r = params("tupe-r");
  EXPECT_MATRIX_NEAR(view(*s, r, "pp"),
                     mat(3, 3,
                         {1.7344418030241735, 1.7344418030241735, 1.7344418030241735,
                          0.29821459845918397, 0.7179314543651871, -0.16930568552194855,
                          0.29821459845918397, -2.4327301401677577, 0.8554902988407913}),
                     kTol);
  EXPECT_MATRIX_NEAR(view(*s, r, "bias"),
                     mat(3, 3,
                         {0, 0, 0, 0, -1.7691091905006444, -0.12328306504466079, 0,
                          -0.03796547781339763, -1.7691091905006444}),
                     kTol);
  EXPECT_MATRIX_NEAR(view(*s, r, "attention"),
                     mat(3, 3,
                         {0.6579053302501358, 0.10585748781349538, 0.2362371819363689,
                          0.5348565203629875, 0.11722928647672197, 0.3479141931602905,
                          0.7293023494702802, 0.07697425200997292, 0.19372339851974696}),
                     kTol);
  const ParamSet u = params("untied-cross");
  EXPECT_MATRIX_NEAR(view(*s, u, "pc"),
                     mat(3, 3,
                         {2.938866982698033, -2.210784994317787, 1.3382702958560522,
                          0.9922760394864136, -0.6813818008082142, 0.5302400524882256,
                          -2.6907336746764297, 2.012384605683707, -1.2394220564932097}),
                     kTol);
  EXPECT_MATRIX_NEAR(view(*s, u, "total"),
                     mat(3, 3,
                         {5.635974115078384, 2.3927994835650725, -0.2642055790260345,
                          1.1539349729246071, -3.341350264790456, 1.957774064952744,
                          -2.3086439669446612, 2.9932255422270306, -5.011279838540018}),
                     kTol);
}

TEST(TupeScheme, ExplainCellGivesTheFiveTermsTheirSumAndTheBucket) {
  const auto s = makeTupeScheme();
  for (const auto& v : kVariants) {
    const ParamSet p = makeParams(*s, {{"variant", v}, {"length", "50"}, {"seed", "2"}});
    for (const auto& [i, j] : std::vector<std::pair<Index, Index>>{{7, 30}, {0, 4}, {9, 0}}) {
      for (const std::string vw : {"cc", "pp", "bias", "total", "attention"}) {
        const auto terms = s->explainCell(p, vw, i, j);
        ASSERT_GE(terms.size(), 9u);
        double sum = 0;
        for (int k = 0; k < 5; ++k) sum += terms[static_cast<std::size_t>(k)].value;
        const Index r[1] = {i};
        const Index c[1] = {j};
        EXPECT_NEAR(terms[5].value, sum, kTol);
        EXPECT_NEAR(terms[5].value, s->evaluate(p, "total", r, c)(0, 0), kTol);
        EXPECT_NEAR(terms[1].value, s->evaluate(p, "cp", r, c)(0, 0), kTol);
        EXPECT_NEAR(terms[4].value, s->evaluate(p, "bias", r, c)(0, 0), kTol);
        std::set<std::string> names;
        for (const auto& t : terms) names.insert(t.name);
        EXPECT_TRUE(names.count("j − i"));
        EXPECT_TRUE(names.count("bucket of j − i"));
        ASSERT_TRUE(names.count("[CLS] cell (1 if i = 0 or j = 0)"));
        const bool cls = i == 0 || j == 0;
        EXPECT_EQ(terms[vw == "attention" ? 10 : 9].value, cls ? 1.0 : 0.0);
        const bool untied = cls && v != "tied";  // tied (BERT) has no untied [CLS] value
        EXPECT_EQ(terms.back().name.find("untied [CLS] value") == 0, untied);
        if (untied) {
          EXPECT_EQ(terms.back().value, terms[3].value + terms[4].value);
        }
        if (vw == "attention") {
          EXPECT_NEAR(terms[7].value, s->evaluate(p, "attention", r, c)(0, 0), kTol);
        }
      }
    }
    const auto t = s->explainCell(p, "total", 7, 30);
    if (v == "tupe-a") {
      EXPECT_NE(t[1].name.find("removed in this variant"), std::string::npos);
      EXPECT_NE(t[4].name.find("removed in this variant"), std::string::npos);
    }
    if (v == "untied-cross") {
      EXPECT_NE(t[3].name.find("removed in this variant"), std::string::npos);
    }
  }
}

TEST(TupeScheme, RefusesBadParameters) {
  const auto s = makeTupeScheme();
  auto refusedParam = [&](std::vector<std::pair<std::string, std::string>> sets) -> std::string {
    try {
      (void)makeParams(*s, sets);
    } catch (const ParamError& e) {
      return e.param();
    }
    return "(accepted)";
  };
  EXPECT_EQ(refusedParam({{"heads", "4"}, {"head", "4"}}), "head");
  EXPECT_EQ(refusedParam({{"heads", "8"}, {"head", "63"}}), "head");
  EXPECT_EQ(refusedParam({{"d_model", "10"}, {"heads", "4"}}), "d_model");
  EXPECT_EQ(refusedParam({{"buckets", "32"}, {"max_distance", "8"}}), "max_distance");
  EXPECT_EQ(refusedParam({{"buckets", "31"}}), "buckets");
  EXPECT_EQ(refusedParam({{"length", "0"}}), "length");
  EXPECT_EQ(refusedParam({{"length", "1048577"}}), "length");
  EXPECT_EQ(refusedParam({{"variant", "tupe"}}), "variant");
  EXPECT_EQ(refusedParam({{"buckets", "32"}, {"max_distance", "9"}}), "(accepted)");
  EXPECT_EQ(refusedParam({{"d_model", "12"}, {"heads", "3"}, {"head", "2"}}), "(accepted)");
  const ParamSet p = makeParams(*s, {});
  EXPECT_THROW((void)s->series(p, "total"), ParamError);
  EXPECT_THROW((void)computeMatrix(*s, p, "qk"), ParamError);
}

TEST(TupeScheme, InfoListsTheContractIdsAndDefaults) {
  const auto s = makeTupeScheme();
  const SchemeInfo& info = s->info();
  EXPECT_EQ(info.id, "tupe");
  std::vector<std::string> views;
  for (const auto& v : info.views) views.push_back(v.id);
  EXPECT_EQ(views, (std::vector<std::string>{"cc", "cp", "pc", "pp", "bias", "total", "attention",
                                             "positional"}));
  EXPECT_FALSE(findView(*s, "attention").signedValues);
  EXPECT_TRUE(findView(*s, "pp").signedValues);
  const TupeParams p = tupeParamsFrom(makeParams(*s, {}));
  EXPECT_EQ(p, TupeParams{});
  const MatrixShape sh = s->shape(makeParams(*s, {}), "total");
  EXPECT_EQ(sh.rows, 32);
  EXPECT_EQ(sh.cols, 32);
  EXPECT_EQ(findParam(*s, "variant").choices,
            (std::vector<std::string>{"tied", "tupe-a", "tupe-r", "untied-cross"}));
  EXPECT_TRUE(findParam(*s, "buckets").even);
}

}  // namespace
}  // namespace posenc

namespace posenc {
namespace {

TEST(TupeScale, CellsDoNotDependOnLengthOrRegion) {
  // x, p and every weight come from the counter-based generator by position, so a cell is the
  // same number at length 48 and at length 2^20, and the same alone or in a sampled region.
  const auto scheme = makeTupeScheme();
  for (const char* variant : {"tied", "tupe-r", "untied-cross"}) {
    SCOPED_TRACE(variant);
    const ParamSet small = makeParams(*scheme, {{"length", "48"}, {"variant", variant}});
    const ParamSet huge = makeParams(*scheme, {{"length", "1048576"}, {"variant", variant}});
    for (const char* id : {"cc", "cp", "pp", "bias", "total"}) {
      SCOPED_TRACE(id);
      const Matrix s = view(*scheme, small, id);
      const Matrix h = view(*scheme, huge, id, Region{.r1 = 48, .c1 = 48});
      EXPECT_MATRIX_NEAR(h, s, 0.0);
    }
  }
}

TEST(TupeScale, MillionPositionsAtScreenResolution) {
  const auto scheme = makeTupeScheme();
  const ParamSet ps = makeParams(*scheme, {{"length", "1048576"}, {"variant", "tupe-r"}});
  const MatrixResult r = computeMatrix(*scheme, ps, "total", Region{.maxRows = 30, .maxCols = 30});
  EXPECT_EQ(r.full.rows, 1048576);
  ASSERT_EQ(r.values.rows(), 30);
  EXPECT_TRUE(r.values.allFinite());
  const Index i = r.rows[13], j = r.cols[29];
  const MatrixResult one =
      computeMatrix(*scheme, ps, "total", Region{.r0 = i, .r1 = i + 1, .c0 = j, .c1 = j + 1});
  EXPECT_EQ(one.values(0, 0), r.values(13, 29));
}

TEST(TupeScale, AttentionIsTheSoftmaxOfTheTotalViewBitForBitOnAnyNumberOfThreads) {
  // The attention view computes its rows in blocks and its keys in tiles of 512 on several
  // threads; every variant, with and without the untied [CLS] cells, must still be exactly
  // the softmax of the total view in key order.
  const auto s = makeTupeScheme();
  for (const char* variant : {"tied", "tupe-a", "tupe-r", "untied-cross"}) {
    for (const char* untie : {"true", "false"}) {
      const ParamSet p = makeParams(*s, {{"length", "530"},
                                         {"variant", variant},
                                         {"untie_cls", untie},
                                         {"d_model", "30"},
                                         {"heads", "5"},
                                         {"head", "3"},
                                         {"seed", "4"}});
      const Matrix want = test::softmaxRowsInKeyOrder(view(*s, p, "total"));
      for (unsigned threads : {1U, 2U, 5U}) {
        detail::setWorkerThreads(threads);
        EXPECT_TRUE(test::sameCells(view(*s, p, "attention"), want))
            << variant << ", untie_cls " << untie << ", " << threads << " threads";
      }
      detail::setWorkerThreads(0);
    }
  }
}

TEST(TupeScale, AttentionNeedsWholeRowsAndStopsAt65536) {
  const auto scheme = makeTupeScheme();
  const ParamSet ok = makeParams(*scheme, {{"length", "65536"}});
  const MatrixResult r =
      computeMatrix(*scheme, ok, "attention", Region{.maxRows = 3, .maxCols = 5});
  EXPECT_EQ(r.full.cols, kTupeAttentionMaxKeys);
  EXPECT_TRUE((r.values.array() > 0).all());
  const ParamSet tooLong = makeParams(*scheme, {{"length", "65537"}});
  try {
    (void)computeMatrix(*scheme, tooLong, "attention", Region{.maxRows = 3, .maxCols = 3});
    ADD_FAILURE() << "attention over 65537 keys was evaluated";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "length");
    EXPECT_NE(std::string(e.what()).find("65536"), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(
      (void)computeMatrix(*scheme, tooLong, "total", Region{.maxRows = 3, .maxCols = 3}));
}

}  // namespace
}  // namespace posenc
