// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the kerple scheme. Golden values are printed by tests/reference/kerple.py, a NumPy
// re-implementation of chijames/KERPLE (commit 73f1ee2d24722cdbe277d473899321218f5cbd00),
// megatron/mpu/layers.py, ParallelKerpleLog.forward and ParallelKerplePower.forward, followed
// line by line (diff = tril(i - j); the code gives 0 above the diagonal, where the view masks).
#include "posenc/schemes/kerple/kerple.hpp"

#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/schemes/alibi/alibi.hpp"
#include "support/indices.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

using test::range;

/// Expects m (masked above the diagonal) to equal the reference's row-major values below it.
void expectLowerTriangle(const Matrix& m, const std::vector<double>& expected) {
  for (Index i = 0; i < m.rows(); ++i)
    for (Index j = 0; j < m.cols(); ++j) {
      if (j > i) {
        EXPECT_TRUE(std::isnan(m(i, j))) << i << ", " << j;
        continue;
      }
      const double e = expected[static_cast<std::size_t>(i * m.cols() + j)];
      EXPECT_NEAR(m(i, j), e, 1e-15 * std::max(1.0, std::fabs(e))) << i << ", " << j;
    }
}

TEST(KerpleBias, LogKernelMatchesTheAuthorsCode) {
  // kerple.py: log5 (r1 = bias_p = 1.7, r2 = bias_a = 0.3, L = 5).
  KerpleParams p;
  p.length = 5;
  p.r1 = 1.7;
  p.r2 = 0.3;
  const std::vector<Index> all = range(5);
  expectLowerTriangle(kerpleBiasMatrix(p, all, all), {-0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0.44601924959473477,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0.79900616971775051,
                                                      -0.44601924959473477,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -1.0911516064930709,
                                                      -0.79900616971775051,
                                                      -0.44601924959473477,
                                                      -0,
                                                      -0,
                                                      -1.3403775126192594,
                                                      -1.0911516064930709,
                                                      -0.79900616971775051,
                                                      -0.44601924959473477,
                                                      -0});
  // kerple.py: logFar (r1 = 0.5, r2 = 2, row 4095 at keys 0, 1, 2048, 4094, 4095).
  const std::vector<double> far{-4.505395634757801, -4.5052735346350943, -4.1587609981435847,
                                -0.54930614433405478, -0};
  const std::vector<Index> keys{0, 1, 2048, 4094, 4095};
  for (std::size_t k = 0; k < keys.size(); ++k)
    EXPECT_NEAR(kerpleLogBias(0.5, 2.0, static_cast<double>(4095 - keys[k])), far[k], 1e-14);
}

TEST(KerpleBias, PowerKernelMatchesTheAuthorsCode) {
  // kerple.py: power5 (a = bias_a = 0.8, p = bias_p = 0.6, L = 5).
  KerpleParams p;
  p.length = 5;
  p.variant = KerpleVariant::Power;
  p.a = 0.8;
  p.p = 0.6;
  const std::vector<Index> all = range(5);
  expectLowerTriangle(kerpleBiasMatrix(p, all, all), {-0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0.80000000000000004,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -1.2125732532083184,
                                                      -0.80000000000000004,
                                                      -0,
                                                      -0,
                                                      -0,
                                                      -1.5465456359454102,
                                                      -1.2125732532083184,
                                                      -0.80000000000000004,
                                                      -0,
                                                      -0,
                                                      -1.8379173679952558,
                                                      -1.5465456359454102,
                                                      -1.2125732532083184,
                                                      -0.80000000000000004,
                                                      -0});
  // kerple.py: powerFar (a = 0.05, p = 2, row 4095 at keys 0, 1, 2048, 4094).
  const std::vector<double> far{-838451.25, -838041.80000000005, -209510.45000000001,
                                -0.050000000000000003};
  const std::vector<Index> keys{0, 1, 2048, 4094};
  for (std::size_t k = 0; k < keys.size(); ++k)
    EXPECT_NEAR(kerplePowerBias(0.05, 2.0, static_cast<double>(4095 - keys[k])), far[k],
                1e-15 * std::fabs(far[k]));
}

TEST(KerpleBias, ZeroAtDistanceZeroAndDecreasingInTheDistance) {
  for (const char* variant : {"log", "power"}) {
    KerpleParams p;
    p.length = 300;
    p.variant = kerpleVariantFromId(variant);
    p.r1 = 0.7;
    p.r2 = 3.0;
    p.a = 0.2;
    p.p = 1.3;
    const std::vector<Index> all = range(300);
    const Matrix b = kerpleBiasMatrix(p, all, all);
    for (Index i = 0; i < 300; i += 7) {
      EXPECT_EQ(b(i, i), 0.0) << variant;
      EXPECT_FALSE(std::signbit(b(i, i))) << variant;  // +0
      for (Index j = 1; j <= i; ++j) EXPECT_LT(b(i, j - 1), b(i, j)) << variant << " " << i;
      for (Index j = i + 1; j < 300; j += 13) EXPECT_TRUE(std::isnan(b(i, j)));
    }
    // Depends only on i - j.
    EXPECT_EQ(b(200, 150), b(60, 10));
  }
}

TEST(KerpleCurve, DrawsBothKernelsAndTheAlibiSlopeOfTheHead) {
  const Scheme& s = findScheme("kerple");
  const SeriesResult r =
      s.series(makeParams(s,
                          {{"variant", "power"}, {"heads", "4"}, {"head", "2"}, {"length", "50"}}),
               "curve");
  ASSERT_EQ(r.curves.size(), 3u);
  ASSERT_EQ(r.x.size(), 50u);
  const double m = alibiSlopes(4)(2);  // 1/64
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    const double d = r.x[i];
    EXPECT_DOUBLE_EQ(r.curves[0].y[i], d == 0 ? 0.0 : -1.0 * std::pow(d, 0.5));  // power first
    EXPECT_DOUBLE_EQ(r.curves[1].y[i], d == 0 ? 0.0 : -std::log(1.0 + d));
    EXPECT_DOUBLE_EQ(r.curves[2].y[i], -m * d);
  }
}

TEST(KerpleScheme, RefusesBadParametersByName) {
  const Scheme& s = findScheme("kerple");
  EXPECT_EQ(test::refusedParam(s, Sets{{"head", "8"}}), "head");
  EXPECT_EQ(test::refusedParam(s, Sets{{"r1", "0"}}), "r1");
  EXPECT_EQ(test::refusedParam(s, Sets{{"r2", "0.001"}}), "r2");
  EXPECT_EQ(test::refusedParam(s, Sets{{"a", "-1"}}), "a");
  EXPECT_EQ(test::refusedParam(s, Sets{{"p", "2.5"}}), "p");
  EXPECT_EQ(test::refusedParam(s, Sets{{"variant", "linear"}}), "variant");
  KerpleParams p;
  p.p = 0;
  EXPECT_THROW(checkKerpleParams(p), ParamError);
}

}  // namespace
}  // namespace posenc
