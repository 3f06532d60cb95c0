// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the xpos scheme. Golden values are printed by tests/reference/xpos.py, a NumPy
// re-implementation of microsoft/torchscale (commit 776b070d68aef2aca447dc3e1adb64682fbec126),
// torchscale/component/xpos_relative_position.py (fixed_pos_embedding, rotate_every_two,
// duplicate_interleave, apply_rotary_pos_emb, XPOS) with multihead_attention.py's
// xpos(k, downscale=True), xpos(q, downscale=False), followed line by line.
#include "posenc/schemes/xpos/xpos.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/schemes/rope/rope.hpp"
#include "support/eigen_near.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// The reference script's hand-made vectors: x[t, c] = ((a t + b c) mod 11 - 5) / 4.
Vector input(Index t, Index d, Index a, Index b) {
  Vector x(d);
  for (Index c = 0; c < d; ++c) x(c) = static_cast<double>((a * t + b * c) % 11 - 5) / 4.0;
  return x;
}

Matrix rowsOf(Index rows, Index cols, const std::vector<double>& v) {
  Matrix m(rows, cols);
  for (Index i = 0; i < rows; ++i)
    for (Index j = 0; j < cols; ++j) m(i, j) = v[static_cast<std::size_t>(i * cols + j)];
  return m;
}

XposParams small() {
  XposParams p;
  p.length = 5;
  p.dim = 8;
  p.scaleBase = 4.0;
  return p;
}

TEST(XposZeta, MatchesTorchscalesScaleBuffer) {
  // xpos.py: zeta8, zeta6 (XPOS.__init__ `scale`, 0.4 -> gamma).
  const Vector z8 = xposZeta(8, 0.4);
  const Vector z6 = xposZeta(6, 1.5);
  EXPECT_MATRIX_NEAR(z8,
                     (Vector(4) << 0.28571428571428575, 0.46428571428571436, 0.6428571428571429,
                      0.8214285714285714)
                         .finished(),
                     1e-15);
  EXPECT_MATRIX_NEAR(
      z6, (Vector(3) << 0.59999999999999998, 0.73333333333333328, 0.8666666666666667).finished(),
      1e-15);
  // Increasing, in [gamma/(1+gamma), 1).
  const Vector z = xposZeta(64, 0.4);
  EXPECT_DOUBLE_EQ(z(0), 0.4 / 1.4);
  for (Index j = 1; j < z.size(); ++j) EXPECT_GT(z(j), z(j - 1));
  EXPECT_LT(z(z.size() - 1), 1.0);
}

TEST(XposZeta, MinPosIsPythonsFloorDivision) {
  // xpos.py: minPos = -(length + 0) // 2 for lengths 1..6.
  const std::vector<Index> expected{-1, -1, -2, -2, -3, -3};
  for (Index n = 1; n <= 6; ++n)
    EXPECT_EQ(xposMinPos(n), expected[static_cast<std::size_t>(n - 1)]) << n;
}

TEST(XposApply, MatchesTorchscalesForwardForQueriesAndKeys) {
  // xpos.py: qPrime, kPrime (length 5, d 8, scale_base 4, gamma 0.4, base 10000).
  const Matrix qPrime = rowsOf(
      5, 8,
      {-3.1986081999769826,   -1.2794432799907931,  0.44447876560586708,  1.7779150624234683,
       -1.3928814181379172,   -0.3482203545344793,  0.5794856032702882,   1.4487140081757204,
       -1.4624035503283759,   2.0506403526671759,   -1.0952001678829086,  -0.10988654971246209,
       0.95095755564144424,   -1.5495919730445191,  -0.55195284712496195, 0.27528682707195451,
       -0.026331094769381669, -0.76416008802584945, 1.4279736174550448,   -0.94661971808838019,
       -0.29030872763275656,  0.55269957522075441,  1.3145815565551118,   -0.78517755299452086,
       -1.1316506147056562,   0.91889438252516809,  -0.22164015499600476, 0.71650236684420454,
       -1.2344397920849868,   -0.53726939212761349, 0.24699887950084173,  1.0007454988783755,
       0.43383478991216756,   -0.61621223139902648, -0.67993715704331359, -0.51152436680272728,
       0.40259451223569409,   1.1362881067830075,   -0.71400333482184619, -0.0028560285714560132});
  const Matrix kPrime = rowsOf(
      5, 8,
      {-0.48849371423835025, -0.29309622854301015, -0.14061414140854742,   0.14061414140854742,
       0.53845215409840308,  0.89742025683067173,  -0.86283420533363298,   -0.43141710266681649,
       -0.22489258043302923, 0.14440186527446558,  0.76301231501453937,    -0.77945131342072693,
       -0.59930330175694135, -0.20644918694183043, 0.22590188339078962,    0.67997146721266999,
       0.28448522307311586,  1.1352453579091235,   -0.40450315539255294,   -0.081996848992994475,
       0.42971506350772098,  0.9041983307693876,   -1.1885846809732175,    -0.7163876474385894,
       0.21221812213514454,  -0.28277812616507814, 0.34710210851752998,    1.4158107664030124,
       -0.98455228364773995, -0.52977051707698952, -0.0014999977500010126, 0.4999977500016875,
       -2.1879686569752104,  0.08241166724564386,  -0.7189212729297545,    -0.63277281504560523,
       0.24547932909924952,  0.84808717391721411,  1.3171996855095454,     -1.0451464351354449});
  const XposParams p = small();
  for (Index t = 0; t < 5; ++t) {
    EXPECT_MATRIX_NEAR(xposApply(p, input(t, 8, 7, 3), t, false).transpose(), qPrime.row(t), 1e-14);
    EXPECT_MATRIX_NEAR(xposApply(p, input(t, 8, 5, 2), t, true).transpose(), kPrime.row(t), 1e-14);
  }
}

/// q'_m . k'_n of the reference's vectors, from xposApply.
Matrix appliedScores(const XposParams& p, Index aq, Index bq, Index ak, Index bk) {
  Matrix s(p.length, p.length);
  for (Index m = 0; m < p.length; ++m)
    for (Index n = 0; n < p.length; ++n)
      s(m, n) = xposApply(p, input(m, p.dim, aq, bq), m, false)
                    .dot(xposApply(p, input(n, p.dim, ak, bk), n, true));
  return s;
}

TEST(XposScores, MatchTorchscalesProductAndThePairTermIdentity) {
  // xpos.py: scores (q' k'^T, row = query m, column = key n), every cell.
  const Matrix expected = rowsOf(5, 5,
                                 {-0.0625,
                                  1.5105731179103734,
                                  -5.3280262290837701,
                                  4.6337927272067789,
                                  4.0603870355143528,
                                  -0.26922071426050515,
                                  -0.31249999999999978,
                                  1.8303029426971633,
                                  -1.4028181893777039,
                                  2.1300899255702168,
                                  -0.55290686169174408,
                                  1.5459276818132921,
                                  -1.9999999999999991,
                                  -1.0356206109618402,
                                  2.5166950785989428,
                                  -1.3763051672911373,
                                  1.2465955806908049,
                                  -1.2746203489205854,
                                  2.4375000000000009,
                                  0.77844281980946617,
                                  1.8461696195593684,
                                  -0.94573919796365447,
                                  1.7919778088979808,
                                  -1.6926146708673711,
                                  -0.062500000000000056});
  const XposParams p = small();
  EXPECT_MATRIX_NEAR(appliedScores(p, 7, 3, 5, 2), expected, 1e-14);
  // q'.k' = sum_j zeta_j^((m - n)/scale_base) x (RoPE pair term j at m - n, interleaved).
  const Vector zeta = xposZeta(p.dim, p.gamma);
  const Vector theta = ropeFrequencies(p.dim, p.base);
  for (Index m = 0; m < 5; ++m) {
    for (Index n = 0; n < 5; ++n) {
      const Vector q = input(m, 8, 7, 3);
      const Vector k = input(n, 8, 5, 2);
      const Vector rope = ropePairTerms(q, k, theta, RopeLayout::Interleaved, m - n);
      const Vector terms = xposPairTerms(p, q, k, m - n);
      for (Index j = 0; j < 4; ++j)
        EXPECT_NEAR(terms(j), std::pow(zeta(j), static_cast<double>(m - n) / 4.0) * rope(j), 1e-14);
      EXPECT_NEAR(terms.sum(), expected(m, n), 1e-13) << m << ", " << n;
    }
  }
}

TEST(XposScores, MatchTorchscaleWithAnotherBaseGammaAndScaleBase) {
  // xpos.py: scoresSmallBase (length 4, d 6, scale_base 2, gamma 0.7, base 100).
  XposParams p;
  p.length = 4;
  p.dim = 6;
  p.scaleBase = 2.0;
  p.gamma = 0.7;
  p.base = 100.0;
  const Matrix expected =
      rowsOf(4, 4,
             {2.25, 0.65470491548798015, 1.6434314140395885, -2.8392277605857199,
              0.66147516022148145, 0.87500000000000022, 0.69319626766917208, -1.2680485198630136,
              -0.73789003575660306, 2.6503622781899301, 2.625, 0.64863120144999176,
              -0.73216166258492144, 1.0839747059629841, 1.4112326750134774, 3.375});
  EXPECT_MATRIX_NEAR(appliedScores(p, 3, 4, 2, 5), expected, 1e-14);
}

TEST(XposScores, ViewIsTheProductOfTheRandomVectorsMaskedAboveTheDiagonal) {
  XposParams p;
  p.length = 40;
  p.dim = 16;
  p.scaleBase = 8.0;
  p.seed = 3;
  std::vector<Index> all(40);
  for (Index i = 0; i < 40; ++i) all[static_cast<std::size_t>(i)] = i;
  const Matrix s = xposScores(p, all, all);
  const Vector q = xposQuery(p);
  const Vector k = xposKey(p);
  for (Index m = 0; m < 40; m += 3) {
    for (Index n = 0; n < 40; n += 2) {
      if (n > m) {
        EXPECT_TRUE(std::isnan(s(m, n))) << m << ", " << n;
        continue;
      }
      const double direct = xposApply(p, q, m, false).dot(xposApply(p, k, n, true));
      EXPECT_NEAR(s(m, n), direct, 1e-12 * std::max(1.0, std::fabs(direct))) << m << ", " << n;
      EXPECT_EQ(s(m, n), s(m - n, 0));  // one value per distance
    }
  }
  // A sampled region equals the same cells of the full matrix.
  const std::vector<Index> rows{3, 17, 39};
  const std::vector<Index> cols{0, 5, 17, 30};
  const Matrix part = xposScores(p, rows, cols);
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b) {
      const double full = s(rows[a], cols[b]);
      const double got = part(static_cast<Index>(a), static_cast<Index>(b));
      EXPECT_TRUE(std::isnan(full) ? std::isnan(got) : got == full);
    }
}

TEST(XposDecay, IsOneAtDistanceZeroAndFallsWithDistance) {
  XposParams p;
  p.length = 64;
  p.dim = 8;
  p.scaleBase = 16.0;
  const std::vector<Index> rows{0, 1, 16, 63};
  const std::vector<Index> cols{0, 1, 2, 3};
  const Matrix d = xposDecay(p, rows, cols);
  const Vector z = xposZeta(8, 0.4);
  for (Index j = 0; j < 4; ++j) {
    EXPECT_EQ(d(0, j), 1.0);
    EXPECT_DOUBLE_EQ(d(2, j), z(j));  // distance = scale_base: zeta itself
    for (Index a = 1; a < 4; ++a) EXPECT_LT(d(a, j), d(a - 1, j));
    EXPECT_GT(d(3, j), 0.0);
  }
  // The fast pairs (small j) decay most.
  for (Index j = 1; j < 4; ++j) EXPECT_LT(d(3, j - 1), d(3, j));
}

TEST(XposInvariance, CurvesOfDifferentQueryPositionsCoincide) {
  const Scheme& s = findScheme("xpos");
  const SeriesResult r =
      s.series(makeParams(s, {{"length", "200"}, {"scale_base", "64"}}), "invariance");
  ASSERT_EQ(r.curves.size(), 4u);
  std::size_t compared = 0;
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    const double first = r.curves.back().y[i];  // the shortest curve: query 49
    if (std::isnan(first)) continue;
    for (const Curve& c : r.curves) {
      EXPECT_NEAR(c.y[i], first, 1e-10 * std::max(1.0, std::fabs(first))) << c.name;
      ++compared;
    }
  }
  EXPECT_GT(compared, 100u);
}

TEST(XposInvariance, RefusesLengthsWhoseVectorsLeaveTheDoubleRange) {
  const Scheme& s = findScheme("xpos");
  XposParams p;
  p.scaleBase = 1.0;
  const Index max = xposMaxVectorLength(p);
  EXPECT_LT(max, 2000);
  try {
    (void)s.series(makeParams(s, {{"length", "2000"}, {"scale_base", "1"}}), "invariance");
    ADD_FAILURE() << "accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "length");
  }
  // The scores view has no such limit: finite far from the diagonal.
  const ParamSet params = makeParams(s, {{"length", "1048576"}, {"scale_base", "1"}});
  const std::vector<Index> rows{1048575};
  const std::vector<Index> cols{0, 1048575};
  const Matrix m = s.evaluate(params, "scores", rows, cols);
  EXPECT_TRUE(std::isfinite(m(0, 0)));
  EXPECT_TRUE(std::isfinite(m(0, 1)));
}

TEST(XposScheme, RefusesBadParametersByName) {
  const Scheme& s = findScheme("xpos");
  EXPECT_EQ(test::refusedParam(s, Sets{{"dim", "7"}}), "dim");
  EXPECT_EQ(test::refusedParam(s, Sets{{"gamma", "0"}}), "gamma");
  EXPECT_EQ(test::refusedParam(s, Sets{{"scale_base", "0.5"}}), "scale_base");
  EXPECT_EQ(test::refusedParam(s, Sets{{"base", "1"}}), "base");
  XposParams p;
  p.dim = 9;
  EXPECT_THROW(checkXposParams(p), ParamError);
}

}  // namespace
}  // namespace posenc
