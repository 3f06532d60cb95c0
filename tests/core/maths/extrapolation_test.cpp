// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the long-context (extrapolation) views: core/include/posenc/maths/extrapolation.hpp and
// the `extrapolation` series view of sinusoidal, learned, t5, alibi and rope.
#include "posenc/maths/extrapolation.hpp"

#include <cmath>
#include <numbers>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "posenc/schemes/alibi/alibi.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

SeriesResult chart(const std::string& scheme, const Sets& sets) {
  const Scheme& s = findScheme(scheme);
  return s.series(makeParams(s, sets), "extrapolation");
}

const Curve& curve(const SeriesResult& r, const std::string& prefix) {
  for (const Curve& c : r.curves)
    if (c.name.rfind(prefix, 0) == 0) return c;
  throw std::runtime_error("no curve starting with " + prefix);
}

TEST(ChartPositions, EveryIntegerWhenShortSampledWithMarksWhenLong) {
  EXPECT_EQ(chartPositions(5, 8, {3, 99}), (std::vector<Index>{0, 1, 2, 3, 4}));
  const std::vector<Index> at = chartPositions(1000000, 100, {511, 512, 2000000});
  EXPECT_LE(at.size(), 104u);
  EXPECT_EQ(at.front(), 0);
  EXPECT_EQ(at.back(), 999999);
  EXPECT_TRUE(std::is_sorted(at.begin(), at.end()));
  EXPECT_EQ(std::adjacent_find(at.begin(), at.end()), at.end());
  EXPECT_NE(std::find(at.begin(), at.end(), 511), at.end());
  EXPECT_NE(std::find(at.begin(), at.end(), 512), at.end());
}

TEST(PeriodsCompleted, IsTheLargestAngleOverTwoPi) {
  EXPECT_DOUBLE_EQ(periodsCompleted(2 * std::numbers::pi / 10, 11), 1.0);
  EXPECT_DOUBLE_EQ(periodsCompleted(1.0, 1), 0.0);
  EXPECT_DOUBLE_EQ(periodsCompleted(0.5, 101), 25.0 / std::numbers::pi);  // 100 * 0.5 / 2 pi
}

TEST(SinusoidalExtrapolation, MarksThePairsThatNeverTurnInTraining) {
  // d = 8: w = 1, 0.1, 0.01, 0.001; 511 positions of training turn them 81.3, 8.13, 0.813,
  // 0.0813 times: pairs 2 and 3 never complete a period.
  const SeriesResult r = chart("sinusoidal", {{"dim", "8"}, {"length", "4096"}});
  ASSERT_EQ(r.x.size(), 4u);
  const Curve& train = curve(r, "training");
  const Curve& infer = curve(r, "length");
  const Curve& never = curve(r, "never");
  for (std::size_t k = 0; k < 4; ++k) {
    const double w = std::pow(10000.0, -2.0 * static_cast<double>(k) / 8.0);
    EXPECT_NEAR(train.y[k], 511 * w / (2 * std::numbers::pi), 1e-12);
    EXPECT_NEAR(infer.y[k], 4095 * w / (2 * std::numbers::pi), 1e-12);
  }
  EXPECT_TRUE(std::isnan(never.y[0]));
  EXPECT_TRUE(std::isnan(never.y[1]));
  EXPECT_EQ(never.y[2], train.y[2]);
  EXPECT_EQ(never.y[3], train.y[3]);
  EXPECT_EQ(curve(r, "one full period").y, std::vector<double>(4, 1.0));
}

TEST(RopeExtrapolation, LinearDividesByTheFactorAndNtkLeavesTheFastestPair) {
  const SeriesResult r =
      chart("rope", {{"dim", "64"}, {"train_length", "2048"}, {"length", "8192"}, {"factor", "4"}});
  const Curve& train = curve(r, "training");
  const Curve& none = curve(r, "length 8192, no scaling");
  const Curve& linear = curve(r, "length 8192, linear");
  const Curve& ntk = curve(r, "length 8192, NTK");
  ASSERT_EQ(r.x.size(), 32u);
  for (std::size_t k = 0; k < 32; ++k) {
    EXPECT_NEAR(linear.y[k], none.y[k] / 4, 1e-12 * none.y[k]);
    // 8191 / 4 positions' worth of turns: just under training's 2047 (pulled back in range).
    EXPECT_LT(linear.y[k], train.y[k] * 1.0005);
    EXPECT_GT(none.y[k], 3.9 * train.y[k]);  // unscaled: four times the training angles
  }
  EXPECT_DOUBLE_EQ(ntk.y[0], none.y[0]);  // theta_0 = 1 whatever the base
  // NTK's base s^(d/(d-2)) makes the slowest pair exactly linear: base'^(-(d-2)/d) = theta/s.
  EXPECT_NEAR(ntk.y[31], linear.y[31], 1e-12 * linear.y[31]);
  EXPECT_FALSE(std::isnan(curve(r, "never").y[31]));  // the slowest pair never turns in 2048
}

TEST(LearnedExtrapolation, ErrorStopsClampFlattensRepeatWraps) {
  const SeriesResult r = chart("learned", {{"max_len", "100"}, {"length", "64"}});
  ASSERT_EQ(r.x.size(), 200u);  // max(length, 2 max_len) positions
  const Curve& error = curve(r, "error");
  const Curve& clamp = curve(r, "clamp");
  const Curve& repeat = curve(r, "repeat");
  for (std::size_t p = 0; p < 200; ++p) {
    if (p < 100) EXPECT_EQ(error.y[p], double(p));
    else EXPECT_TRUE(std::isnan(error.y[p]));
    EXPECT_EQ(clamp.y[p], double(std::min<std::size_t>(p, 99)));
    EXPECT_EQ(repeat.y[p], double(p % 100));
  }
}

TEST(AlibiExtrapolation, TheLineContinuesUnchangedPastTraining) {
  const SeriesResult r = chart("alibi", {{"heads", "8"}, {"head", "2"}, {"train_length", "512"}});
  ASSERT_EQ(r.x.size(), 1024u);
  const double m = alibiSlopes(8)(2);
  const Curve& seen = curve(r, "head 2: seen");
  const Curve& beyond = curve(r, "head 2: beyond");
  for (std::size_t d = 0; d < 1024; ++d) {
    const double want = -m * static_cast<double>(d);
    if (d < 512) EXPECT_EQ(seen.y[d], want);
    else EXPECT_TRUE(std::isnan(seen.y[d]));
    if (d >= 511) EXPECT_EQ(beyond.y[d], want);
    else EXPECT_TRUE(std::isnan(beyond.y[d]));
  }
  EXPECT_EQ(curve(r, "head 0 (steepest)").y[10], -alibiSlopes(8)(0) * 10);
  EXPECT_EQ(curve(r, "head 7 (flattest)").y[10], -alibiSlopes(8)(7) * 10);
}

TEST(T5Extrapolation, EveryKeyPastMaxDistanceSharesTheLastBucket) {
  const SeriesResult r = chart("t5", {{"buckets", "32"}, {"max_distance", "128"}});
  ASSERT_EQ(r.x.size(), 256u);
  const Curve& back = curve(r, "key d positions before");
  const Curve& ahead = curve(r, "key d positions after");
  for (std::size_t d = 0; d < 256; ++d) {
    EXPECT_EQ(back.y[d], double(t5Bucket(-Index(d), true, 32, 128)));
    if (d >= 128) {
      EXPECT_EQ(back.y[d], 15.0);   // last bucket of the past half
      EXPECT_EQ(ahead.y[d], 31.0);  // last bucket of the future half
    }
  }
  EXPECT_LT(back.y[127], 15.0 + 1e-9);
  const Curve& mark = curve(r, "max_distance");
  EXPECT_EQ(mark.y[128], 15.0);
  EXPECT_TRUE(std::isnan(mark.y[127]));
}

TEST(Extrapolation, LongContextChartsStaySmall) {
  for (const char* s : {"learned", "alibi", "t5"}) {
    SCOPED_TRACE(s);
    const Scheme& scheme = findScheme(s);
    Sets sets = {{"length", "1048576"}};
    if (std::string(s) == "learned") sets.emplace_back("overflow", "repeat");
    const SeriesResult r = scheme.series(makeParams(scheme, sets), "extrapolation");
    EXPECT_LE(r.x.size(), std::size_t(kExtrapolationPoints + 8));
    EXPECT_EQ(r.x.back(), 1048575.0);
  }
}

}  // namespace
}  // namespace posenc
