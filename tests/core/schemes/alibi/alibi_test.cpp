// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the alibi scheme. Golden slopes are the Python reprs (shortest round-trip text, so
// the literals are the very doubles) of ofirpress/attention_with_linear_biases `get_slopes`,
// run as written in CPython outside the repository; they are compared bit for bit. Golden
// biases are NumPy's -m (i - j) on those slopes.
#include "posenc/schemes/alibi/alibi.hpp"

#include <cmath>
#include <cstdint>
#include <limits>
#include <vector>

#include <gtest/gtest.h>

#include "support/eigen_near.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

std::vector<double> slopes(std::int64_t n) {
  const Vector m = alibiSlopes(n);
  return {m.data(), m.data() + m.size()};
}

using test::refusedParam;

TEST(AlibiSlopes, EightHeadsAreOneHalfToOneOver256) {
  EXPECT_EQ(slopes(8), (std::vector<double>{0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125,
                                            0.00390625}));
}

TEST(AlibiSlopes, SixteenHeadsMatchTheReferenceToTheLastBit) {
  // start * start^h in doubles: not always the correctly rounded 2^(-(h+1)/2) (h = 1 gives
  // 0.5000000000000001), and the reference's value is the one kept.
  EXPECT_EQ(slopes(16),
            (std::vector<double>{0.7071067811865476, 0.5000000000000001, 0.35355339059327384,
                                 0.25000000000000006, 0.17677669529663692, 0.12500000000000006,
                                 0.08838834764831849, 0.06250000000000004, 0.044194173824159244,
                                 0.03125000000000002, 0.022097086912079626, 0.01562500000000001,
                                 0.011048543456039816, 0.007812500000000007, 0.005524271728019908,
                                 0.003906250000000004}));
}

TEST(AlibiSlopes, NonPowersOfTwoMatchTheReferenceToTheLastBit) {
  EXPECT_EQ(slopes(6), (std::vector<double>{0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125}));
  EXPECT_EQ(slopes(12), (std::vector<double>{0.5, 0.25, 0.125, 0.0625, 0.03125, 0.015625, 0.0078125,
                                             0.00390625, 0.7071067811865476, 0.35355339059327384,
                                             0.17677669529663692, 0.08838834764831849}));
  EXPECT_EQ(slopes(24),
            (std::vector<double>{0.7071067811865476,   0.5000000000000001,   0.35355339059327384,
                                 0.25000000000000006,  0.17677669529663692,  0.12500000000000006,
                                 0.08838834764831849,  0.06250000000000004,  0.044194173824159244,
                                 0.03125000000000002,  0.022097086912079626, 0.01562500000000001,
                                 0.011048543456039816, 0.007812500000000007, 0.005524271728019908,
                                 0.003906250000000004, 0.8408964152537145,   0.5946035575013604,
                                 0.42044820762685714,  0.2973017787506802,   0.21022410381342854,
                                 0.14865088937534005,  0.10511205190671426,  0.07432544468767001}));
  EXPECT_EQ(slopes(1), (std::vector<double>{0.00390625}));
  EXPECT_EQ(slopes(2), (std::vector<double>{0.0625, 0.00390625}));
  EXPECT_EQ(slopes(3), (std::vector<double>{0.0625, 0.00390625, 0.25}));
  EXPECT_EQ(slopes(7),
            (std::vector<double>{0.25, 0.0625, 0.015625, 0.00390625, 0.5, 0.125, 0.03125}));
  const std::vector<double> m1000 = slopes(1000);
  ASSERT_EQ(m1000.size(), 1000u);
  EXPECT_EQ(m1000[0], 0.9892280131939755);
  EXPECT_EQ(m1000[1], 0.9785720620877001);
  EXPECT_EQ(m1000[255], 0.06249999999999967);
  EXPECT_EQ(m1000[511], 0.003906249999999959);
  EXPECT_EQ(m1000[512], 0.9945994234836332);
  EXPECT_EQ(m1000[513], 0.9838856116165878);
  EXPECT_EQ(m1000[998], 0.005148748442445542);
  EXPECT_EQ(m1000[999], 0.005093286192155979);
  const std::vector<double> m1024 = slopes(1024);
  EXPECT_EQ(m1024[0], 0.9945994234836332);
  EXPECT_EQ(m1024[511], 0.06249999999999987);
  EXPECT_EQ(m1024[1023], 0.003906249999999983);
}

TEST(AlibiSlopes, PowerOfTwoSlopesAreGeometricFromTwoToTheMinus8OverN) {
  for (std::int64_t n = 1; n <= 1024; n *= 2) {
    const std::vector<double> m = slopes(n);
    ASSERT_EQ(m.size(), static_cast<std::size_t>(n));
    const double ratio = std::exp2(-8.0 / static_cast<double>(n));
    EXPECT_EQ(m[0], ratio) << "n = " << n;
    for (std::size_t h = 0; h < m.size(); ++h) {
      // 2^(-8(h+1)/n) up to the reference's rounding (pow(start, h) drifts by up to ~54 ulp,
      // 1.2e-14 relative, at 1024 heads).
      EXPECT_NEAR(m[h], std::exp2(-8.0 * static_cast<double>(h + 1) / static_cast<double>(n)),
                  2e-14 * m[h])
          << "n = " << n << ", h = " << h;
      if (h > 0) {
        EXPECT_NEAR(m[h] / m[h - 1], ratio, 1e-14);
      }
    }
    EXPECT_NEAR(m.back(), 1.0 / 256.0, 1e-16);
  }
}

TEST(AlibiSlopes, NonPowerOfTwoIsSmallerPowerThenEveryOtherSlopeOfTwiceIt) {
  for (const std::int64_t n : {3, 5, 6, 12, 24, 100, 513, 1000, 1023}) {
    std::int64_t c = 1;
    while (2 * c <= n) c *= 2;
    const std::vector<double> m = slopes(n), low = slopes(c), high = slopes(2 * c);
    ASSERT_EQ(m.size(), static_cast<std::size_t>(n));
    for (std::int64_t h = 0; h < c; ++h)
      ASSERT_EQ(m[static_cast<std::size_t>(h)], low[static_cast<std::size_t>(h)]);
    for (std::int64_t k = 0; k < n - c; ++k)
      ASSERT_EQ(m[static_cast<std::size_t>(c + k)], high[static_cast<std::size_t>(2 * k)]);
  }
}

TEST(AlibiBias, CausalGoldenFourByFour) {
  const auto scheme = makeAlibiScheme();
  Matrix eighth(4, 4);  // heads 8, head 2: m = 1/8
  eighth << 0, kNaN, kNaN, kNaN, -0.125, 0, kNaN, kNaN, -0.25, -0.125, 0, kNaN, -0.375, -0.25,
      -0.125, 0;
  EXPECT_MATRIX_NEAR(
      computeMatrix(*scheme, makeParams(*scheme, {{"length", "4"}, {"head", "2"}}), "bias").values,
      eighth, 0.0);
  Matrix twelve(4, 4);  // heads 12, head 9: m = 0.35355339059327384
  twelve << 0, kNaN, kNaN, kNaN, -0.35355339059327384, 0, kNaN, kNaN, -0.7071067811865477,
      -0.35355339059327384, 0, kNaN, -1.0606601717798214, -0.7071067811865477, -0.35355339059327384,
      0;
  EXPECT_MATRIX_NEAR(
      computeMatrix(*scheme, makeParams(*scheme, {{"length", "4"}, {"heads", "12"}, {"head", "9"}}),
                    "bias")
          .values,
      twelve, 0.0);
}

TEST(AlibiBias, SymmetricGoldenFourByFour) {
  const auto scheme = makeAlibiScheme();
  Matrix eighth(4, 4);
  eighth << 0, -0.125, -0.25, -0.375, -0.125, 0, -0.125, -0.25, -0.25, -0.125, 0, -0.125, -0.375,
      -0.25, -0.125, 0;
  EXPECT_MATRIX_NEAR(
      computeMatrix(*scheme,
                    makeParams(*scheme, {{"length", "4"}, {"head", "2"}, {"causal", "false"}}),
                    "bias")
          .values,
      eighth, 0.0);
  Matrix twelve(4, 4);
  twelve << 0, -0.35355339059327384, -0.7071067811865477, -1.0606601717798214, -0.35355339059327384,
      0, -0.35355339059327384, -0.7071067811865477, -0.7071067811865477, -0.35355339059327384, 0,
      -0.35355339059327384, -1.0606601717798214, -0.7071067811865477, -0.35355339059327384, 0;
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme,
                                   makeParams(*scheme, {{"length", "4"},
                                                        {"heads", "12"},
                                                        {"head", "9"},
                                                        {"causal", "false"}}),
                                   "bias")
                         .values,
                     twelve, 0.0);
}

TEST(AlibiBias, MaskedExactlyWhereTheKeyFollowsTheQuery) {
  const auto scheme = makeAlibiScheme();
  const Matrix causal =
      computeMatrix(*scheme, makeParams(*scheme, {{"length", "30"}, {"head", "5"}}), "bias").values;
  const Matrix symmetric =
      computeMatrix(*scheme,
                    makeParams(*scheme, {{"length", "30"}, {"head", "5"}, {"causal", "false"}}),
                    "bias")
          .values;
  const double m = slopes(8)[5];
  for (Index i = 0; i < 30; ++i)
    for (Index j = 0; j < 30; ++j) {
      ASSERT_EQ(std::isnan(causal(i, j)), j > i) << i << ", " << j;
      ASSERT_FALSE(std::isnan(symmetric(i, j)));
      ASSERT_LE(symmetric(i, j), 0.0);
      ASSERT_EQ(symmetric(i, j), -m * static_cast<double>(std::abs(i - j)));
      if (j <= i) {
        ASSERT_EQ(causal(i, j), symmetric(i, j));
      }
    }
  // The diagonal is +0, not -0 (so a readout never shows "-0").
  EXPECT_FALSE(std::signbit(causal(7, 7)));
  EXPECT_FALSE(std::signbit(symmetric(7, 7)));
}

TEST(AlibiBias, RowsDifferFromTheImplementationsFormByAConstant) {
  // fairseq/BLOOM add +m j to every row; the paper's -m (i - j) differs from it by -m i, a
  // constant per row, which softmax ignores.
  const double m = slopes(8)[0];
  for (Index i = 0; i < 10; ++i)
    for (Index j = 0; j <= i; ++j)
      EXPECT_DOUBLE_EQ(alibiBias(m, i, j, true) - m * static_cast<double>(j),
                       -m * static_cast<double>(i));
}

TEST(AlibiScheme, SlopesSeriesIsOneBarPerHead) {
  const auto scheme = makeAlibiScheme();
  const SeriesResult s = scheme->series(makeParams(*scheme, {{"heads", "12"}}), "slopes");
  ASSERT_EQ(s.x.size(), 12u);
  ASSERT_EQ(s.curves.size(), 1u);
  EXPECT_EQ(s.curves[0].name, "slope mₕ");
  EXPECT_EQ(s.curves[0].y, slopes(12));
  for (std::size_t h = 0; h < 12; ++h) EXPECT_EQ(s.x[h], static_cast<double>(h));
}

TEST(AlibiScheme, SampledRegionMatchesTheFullMatrix) {
  const auto scheme = makeAlibiScheme();
  for (const char* causal : {"true", "false"}) {
    const ParamSet params =
        makeParams(*scheme, {{"length", "61"}, {"heads", "6"}, {"head", "4"}, {"causal", causal}});
    const MatrixResult full = computeMatrix(*scheme, params, "bias");
    const MatrixResult sampled =
        computeMatrix(*scheme, params, "bias",
                      Region{.r0 = 3, .c0 = 1, .c1 = 55, .maxRows = 7, .maxCols = 9});
    ASSERT_EQ(sampled.values.rows(), 7);
    ASSERT_EQ(sampled.values.cols(), 9);
    for (std::size_t a = 0; a < sampled.rows.size(); ++a)
      for (std::size_t b = 0; b < sampled.cols.size(); ++b) {
        const double x = sampled.values(static_cast<Index>(a), static_cast<Index>(b));
        const double y = full.values(sampled.rows[a], sampled.cols[b]);
        ASSERT_TRUE(x == y || (std::isnan(x) && std::isnan(y)));
      }
  }
}

TEST(AlibiScheme, FarRegionOfTheLongestSequence) {
  const auto scheme = makeAlibiScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "1048576"}});
  const MatrixResult m =
      computeMatrix(*scheme, params, "bias",
                    Region{.r0 = 1048570, .c0 = 0, .maxRows = 3, .maxCols = 1000});
  ASSERT_EQ(m.values.rows(), 3);
  ASSERT_EQ(m.values.cols(), 1000);
  EXPECT_EQ(m.rows.back(), 1048575);
  EXPECT_EQ(m.cols.front(), 524);  // centre of the first of 1000 bins
  EXPECT_EQ(m.values(2, 0), -0.5 * (1048575.0 - 524.0));
  EXPECT_EQ(m.values(2, 999), -0.5 * static_cast<double>(1048575 - m.cols.back()));
}

TEST(AlibiScheme, ExplainCellGivesSlopeDistanceBiasAndMask) {
  const auto scheme = makeAlibiScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "20"}, {"head", "1"}});
  const std::vector<Term> past = scheme->explainCell(params, "bias", 9, 2);
  ASSERT_EQ(past.size(), 4u);
  EXPECT_EQ(past[0].value, 0.25);
  EXPECT_EQ(past[1].value, 7.0);
  EXPECT_EQ(past[2].value, -1.75);
  EXPECT_EQ(past[3].value, 0.0);
  const std::vector<Term> future = scheme->explainCell(params, "bias", 2, 9);
  EXPECT_EQ(future[1].value, -7.0);
  EXPECT_TRUE(std::isnan(future[2].value));
  EXPECT_EQ(future[3].value, 1.0);
  const std::vector<Term> sym = scheme->explainCell(
      makeParams(*scheme, {{"length", "20"}, {"head", "1"}, {"causal", "false"}}), "bias", 2, 9);
  EXPECT_EQ(sym[1].value, 7.0);
  EXPECT_EQ(sym[2].value, -1.75);
  EXPECT_EQ(sym[3].value, 0.0);
}

TEST(AlibiScheme, DeclaresTheContractIdsAndDefaults) {
  const auto scheme = makeAlibiScheme();
  const SchemeInfo& info = scheme->info();
  EXPECT_EQ(info.id, "alibi");
  const ParamSet d(info.params);
  EXPECT_EQ(d.getInt("length"), 128);
  EXPECT_EQ(d.getInt("heads"), 8);
  EXPECT_EQ(d.getInt("head"), 0);
  EXPECT_TRUE(d.getBool("causal"));
  EXPECT_EQ(alibiParamsFrom(d), AlibiParams{});
  ASSERT_EQ(info.views.size(), 3u);
  EXPECT_EQ(info.views[2].id, "extrapolation");
  EXPECT_EQ(info.views[0].id, "slopes");
  EXPECT_EQ(info.views[0].kind, ViewKind::Series);
  EXPECT_TRUE(info.views[0].bars);
  EXPECT_EQ(info.views[1].id, "bias");
  EXPECT_EQ(info.views[1].kind, ViewKind::Matrix);
  EXPECT_TRUE(info.views[1].signedValues);
  EXPECT_NE(info.views[1].description.find("paper's form"), std::string::npos);
}

TEST(AlibiScheme, RefusesBadParameters) {
  const auto scheme = makeAlibiScheme();
  EXPECT_EQ(refusedParam(*scheme, {{"head", "8"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "1"}, {"head", "1"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "1024"}, {"head", "1023"}}), "(accepted)");
  EXPECT_EQ(refusedParam(*scheme, {{"head", "1024"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "0"}}), "heads");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "1025"}}), "heads");
  EXPECT_EQ(refusedParam(*scheme, {{"length", "0"}}), "length");
  EXPECT_EQ(refusedParam(*scheme, {{"length", "1048577"}}), "length");
  EXPECT_EQ(refusedParam(*scheme, {{"causal", "maybe"}}), "causal");
  try {
    (void)makeParams(*scheme, {{"heads", "6"}, {"head", "6"}});
    FAIL() << "head = heads accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.value(), "6");
    EXPECT_EQ(e.allowed(), "less than heads (6)");
  }
  const ParamSet params = makeParams(*scheme, {});
  EXPECT_THROW((void)scheme->series(params, "bias"), ParamError);
  EXPECT_THROW((void)computeMatrix(*scheme, params, "slopes"), ParamError);
}

}  // namespace
}  // namespace posenc
