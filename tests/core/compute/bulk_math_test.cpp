// SPDX-License-Identifier: GPL-3.0-or-later
// detail::cosOrSin (core/src/compute/bulk_math.cpp, the RoPE caches' cos and sin) against long
// double cosl / sinl (x87, 64-bit significand, exact argument reduction) over the angles RoPE makes
// (m theta_j for 2^20 positions), random ones, and the doubles nearest to multiples of pi/2
// (where the reduction cancels most); the SIMD path against the portable one bit for bit.
#include "../../../core/src/compute/bulk_math.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <vector>

namespace posenc::detail {
namespace {

/// |value - exact| in units in the last place of the double nearest to exact.
double ulps(double value, long double exact) {
  const auto nearest = static_cast<double>(exact);
  const double ulp = std::nextafter(std::fabs(nearest), std::numeric_limits<double>::infinity()) -
                     std::fabs(nearest);
  return static_cast<double>(std::fabs(static_cast<long double>(value) - exact)) / ulp;
}

std::vector<double> testAngles() {
  std::vector<double> angles;
  // RoPE's angles: positions up to 2^20 times theta_j = 10000^(-2j/128) (HF inv_freq).
  std::mt19937_64 random(17);
  std::uniform_int_distribution<std::int64_t> position(0, (std::int64_t{1} << 20) - 1);
  for (int k = 0; k < 40000; ++k) {
    const double theta = std::pow(10000.0, -static_cast<double>(2 * (k % 64)) / 128.0);
    angles.push_back(static_cast<double>(position(random)) * theta);
  }
  // Uniform and log-uniform magnitudes of both signs.
  std::uniform_real_distribution<double> uniform(-kBulkTrigLimit, kBulkTrigLimit);
  std::uniform_real_distribution<double> exponent(-30.0, 20.0);
  for (int k = 0; k < 20000; ++k) {
    angles.push_back(uniform(random));
    angles.push_back((k % 2 ? -1 : 1) * std::exp2(exponent(random)));
  }
  // The doubles around n pi/2: the reduction leaves only the last bits.
  for (std::int64_t n = 1; n < 1000000; n += 4999) {
    const auto exact = static_cast<double>(static_cast<long double>(n) * 1.5707963267948966192313L);
    for (double x = std::nextafter(exact, 0.0), k = 0; k < 3; x = std::nextafter(x, 1e300), ++k)
      angles.push_back(x);
  }
  angles.push_back(0.0);
  return angles;
}

TEST(BulkTrig, WithinOneUlpOfTheCorrectlyRoundedValue) {
  const std::vector<double> angles = testAngles();
  for (const bool sine : {false, true}) {
    std::vector<double> out(angles.size());
    cosOrSin(angles.data(), out.data(), angles.size(), sine);
    double worst = 0;
    for (std::size_t k = 0; k < angles.size(); ++k) {
      const long double x = angles[k];
      const long double exact = sine ? sinl(x) : cosl(x);
      if (std::fabs(exact) < 1e-300L) continue;
      const double e = ulps(out[k], exact);
      worst = std::max(worst, e);
      ASSERT_LE(e, 1.0) << (sine ? "sin(" : "cos(") << angles[k] << ")";
    }
    RecordProperty(sine ? "sin_worst_ulps" : "cos_worst_ulps", std::to_string(worst));
  }
}

TEST(BulkTrig, EveryPathGivesTheSameBits) {
  // The bulk call takes the widest path this processor has (AVX-512, AVX2 or portable); the
  // one-angle call is the portable path: both must agree to the bit, or a cell would differ
  // from its own readout, and one machine's export from another's.
  const std::vector<double> angles = testAngles();
  RecordProperty("widest_path", bulkTrigWidth());
  for (const bool sine : {false, true}) {
    for (const int width : {8, 4, 1}) {
      std::vector<double> out(angles.size());
      cosOrSin(angles.data(), out.data(), angles.size(), sine, width);
      for (std::size_t k = 0; k < angles.size(); ++k)
        ASSERT_EQ(out[k], cosOrSin(angles[k], sine)) << width << " lanes, " << angles[k];
    }
  }
}

TEST(BulkTrig, ExactPointsLimitsAndNonFiniteAngles) {
  EXPECT_EQ(cosOrSin(0.0, false), 1.0);
  EXPECT_EQ(cosOrSin(0.0, true), 0.0);
  EXPECT_TRUE(std::isnan(cosOrSin(std::numeric_limits<double>::quiet_NaN(), false)));
  EXPECT_TRUE(std::isnan(cosOrSin(std::numeric_limits<double>::infinity(), true)));
  // Beyond kBulkTrigLimit the standard library answers.
  EXPECT_EQ(cosOrSin(1e7, false), std::cos(1e7));
  EXPECT_EQ(cosOrSin(-3e9, true), std::sin(-3e9));
  // In place, with a mix of reducible and other angles (out aliases angles).
  std::vector<double> v = {0.5, 1e8, std::numeric_limits<double>::infinity(),
                           2.0, 3.0, 4.0,
                           5.0, 6.0, 7.0,
                           1e9, 11.0};
  const std::vector<double> x = v;
  cosOrSin(v.data(), v.data(), v.size(), false);
  for (std::size_t k = 0; k < x.size(); ++k) {
    if (std::isinf(x[k])) {
      EXPECT_TRUE(std::isnan(v[k]));
    } else {
      EXPECT_NEAR(v[k], std::cos(x[k]), 2e-16) << x[k];
    }
  }
}

}  // namespace
}  // namespace posenc::detail
