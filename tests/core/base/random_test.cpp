// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/base/random.hpp"

#include <cmath>
#include <set>

#include <gtest/gtest.h>

namespace posenc {
namespace {

// Pinned outputs: the generator is part of the numbers users export, so it must give
// these on every machine. Changing them is a breaking change that needs a note.
TEST(Random, PinnedBitsAndNormals) {
  // Values from an independent Python re-implementation of the same SplitMix64 chain.
  EXPECT_EQ(randomBits(0, Tensor::LearnedTable, 0, 0), 0xd1c0270687984b37ULL);
  EXPECT_EQ(randomBits(42, Tensor::T5Bias, 3, 7), 0x2fdb8f6d67c11e6cULL);
  EXPECT_DOUBLE_EQ(normal(0, Tensor::LearnedTable, 0, 0), -0.5081052926608346);
  EXPECT_DOUBLE_EQ(normal(0, Tensor::LearnedTable, 0, 1), -0.6127727654899936);
  EXPECT_DOUBLE_EQ(normal(123, Tensor::RopeQuery, 0, 63), 0.8332832526363879);
}

TEST(Random, SameInputsSameNumbersDifferentInputsDiffer) {
  EXPECT_EQ(normal(7, Tensor::RopeQuery, 0, 5), normal(7, Tensor::RopeQuery, 0, 5));
  std::set<double> seen;
  for (std::uint64_t seed = 0; seed < 4; ++seed)
    for (auto t : {Tensor::RopeQuery, Tensor::RopeKey})
      for (std::uint64_t r = 0; r < 4; ++r)
        for (std::uint64_t c = 0; c < 4; ++c) seen.insert(normal(seed, t, r, c));
  EXPECT_EQ(seen.size(), 4u * 2 * 4 * 4);
}

TEST(Random, UniformIsStrictlyInsideUnitInterval) {
  for (std::uint64_t c = 0; c < 10000; ++c) {
    const double u = uniform01(1, Tensor::XlContent, 0, c);
    ASSERT_GT(u, 0.0);
    ASSERT_LT(u, 1.0);
  }
}

TEST(Random, NormalHasUnitMomentsAndGaussianTails) {
  const int n = 200000;
  double sum = 0, sum2 = 0;
  int beyond2 = 0;
  for (int k = 0; k < n; ++k) {
    const double x = normal(3, Tensor::TupeContent, static_cast<std::uint64_t>(k / 100),
                            static_cast<std::uint64_t>(k % 100));
    sum += x;
    sum2 += x * x;
    beyond2 += std::fabs(x) > 2.0;
  }
  const double mean = sum / n;
  const double var = sum2 / n - mean * mean;
  EXPECT_NEAR(mean, 0.0, 0.01);  // sd of the mean: 0.0022
  EXPECT_NEAR(var, 1.0, 0.015);  // sd of the variance: 0.0032
  EXPECT_NEAR(beyond2 / static_cast<double>(n), 0.0455, 0.003);
}

}  // namespace
}  // namespace posenc
