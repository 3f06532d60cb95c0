// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the shared sinusoidal table (core/src/maths/sinusoidal_table.cpp). Golden numbers were
// computed independently with numpy (np.power(base, -2i/d), np.sin, np.cos; tensor2tensor:
// np.exp(-i ln(base) / (d/2 - 1))).
#include "posenc/maths/sinusoidal_table.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "posenc/base/params.hpp"
#include "support/eigen_near.hpp"

namespace posenc {
namespace {

Vector vec(std::initializer_list<double> v) {
  Vector out(static_cast<Index>(v.size()));
  Index i = 0;
  for (const double x : v) out(i++) = x;
  return out;
}

TEST(SinusoidalTable, PaperFrequenciesArePowersOfBase) {
  EXPECT_MATRIX_NEAR(sinusoidalFrequencies(8, 10000, SinusoidalLayout::Interleaved),
                     vec({1.0, 0.1, 0.01, 0.001}), 1e-15);
  EXPECT_MATRIX_NEAR(sinusoidalFrequencies(8, 10000, SinusoidalLayout::Concatenated),
                     vec({1.0, 0.1, 0.01, 0.001}), 1e-15);
  EXPECT_MATRIX_NEAR(sinusoidalFrequencies(6, 100, SinusoidalLayout::Interleaved),
                     vec({1.0, 0.2154434690031884, 0.046415888336127795}), 1e-15);
}

TEST(SinusoidalTable, Tensor2TensorFrequenciesSpanOneToOneOverBase) {
  // CONVENTIONS.md: for d = 8, 1, .0464, .00215, .0001.
  EXPECT_MATRIX_NEAR(sinusoidalFrequencies(8, 10000, SinusoidalLayout::Tensor2Tensor),
                     vec({1.0, 0.046415888336127774, 0.0021544346900318825, 9.999999999999991e-05}),
                     1e-15);
  // d = 2: a single pair; max(d/2 - 1, 1) keeps the division finite.
  EXPECT_MATRIX_NEAR(sinusoidalFrequencies(2, 10000, SinusoidalLayout::Tensor2Tensor), vec({1.0}),
                     0.0);
}

TEST(SinusoidalTable, ColumnsOfEachLayout) {
  EXPECT_EQ(sinColumn(3, 16, SinusoidalLayout::Interleaved), 6);
  EXPECT_EQ(cosColumn(3, 16, SinusoidalLayout::Interleaved), 7);
  EXPECT_EQ(sinColumn(3, 16, SinusoidalLayout::Concatenated), 3);
  EXPECT_EQ(cosColumn(3, 16, SinusoidalLayout::Concatenated), 11);
  EXPECT_EQ(sinColumn(3, 16, SinusoidalLayout::Tensor2Tensor), 3);
  EXPECT_EQ(cosColumn(3, 16, SinusoidalLayout::Tensor2Tensor), 11);
}

TEST(SinusoidalTable, PairOfColumnInvertsSinAndCosColumn) {
  for (const auto layout : {SinusoidalLayout::Interleaved, SinusoidalLayout::Concatenated,
                            SinusoidalLayout::Tensor2Tensor}) {
    const Index d = 12;
    std::vector<int> seen(d, 0);
    for (Index i = 0; i < d / 2; ++i) {
      const Index s = sinColumn(i, d, layout), c = cosColumn(i, d, layout);
      EXPECT_EQ(pairOfColumn(s, d, layout), (std::pair<Index, bool>{i, true}));
      EXPECT_EQ(pairOfColumn(c, d, layout), (std::pair<Index, bool>{i, false}));
      ++seen[static_cast<std::size_t>(s)];
      ++seen[static_cast<std::size_t>(c)];
    }
    for (const int n : seen) EXPECT_EQ(n, 1);  // every column used exactly once
  }
}

TEST(SinusoidalTable, GoldenInterleavedRows) {
  const std::vector<double> pos = {0, 1, 2};
  Matrix expected(3, 4);
  expected << 0.0, 1.0, 0.0, 1.0,                                                        //
      0.8414709848078965, 0.5403023058681398, 0.009999833334166664, 0.9999500004166653,  //
      0.9092974268256817, -0.4161468365471424, 0.01999866669333308, 0.9998000066665778;
  EXPECT_MATRIX_NEAR(sinusoidalTable(pos, 4, 10000, SinusoidalLayout::Interleaved), expected,
                     1e-15);
}

TEST(SinusoidalTable, GoldenTensor2TensorRows) {
  const std::vector<double> pos = {0, 1, 2};
  Matrix expected(3, 4);
  expected << 0.0, 0.0, 1.0, 1.0,                                                  //
      0.8414709848078965, 9.999999983333325e-05, 0.5403023058681398, 0.999999995,  //
      0.9092974268256817, 0.0001999999986666665, -0.4161468365471424, 0.9999999800000001;
  EXPECT_MATRIX_NEAR(sinusoidalTable(pos, 4, 10000, SinusoidalLayout::Tensor2Tensor), expected,
                     1e-15);
}

TEST(SinusoidalTable, NegativeAndFractionalPositions) {
  const std::vector<double> pos = {-1.5, 0.25};
  Matrix expected(2, 6);
  expected << -0.9974949866040544, 0.0707372016677029, -0.3175695031281807, 0.9482349976049821,
      -0.06956759613615028, 0.9975772399006693,  //
      0.24740395925452294, 0.9689124217106447, 0.0538348293612042, 0.9985498541122771,
      0.01160371166911856, 0.9999326746714;
  EXPECT_MATRIX_NEAR(sinusoidalTable(pos, 6, 100, SinusoidalLayout::Interleaved), expected, 1e-15);
}

TEST(SinusoidalTable, EmptyPositionListGivesNoRows) {
  const Matrix t = sinusoidalTable({}, 8, 10000, SinusoidalLayout::Concatenated);
  EXPECT_EQ(t.rows(), 0);
  EXPECT_EQ(t.cols(), 8);
}

TEST(SinusoidalTable, LayoutIdsParse) {
  EXPECT_EQ(sinusoidalLayoutFromId("interleaved"), SinusoidalLayout::Interleaved);
  EXPECT_EQ(sinusoidalLayoutFromId("concatenated"), SinusoidalLayout::Concatenated);
  EXPECT_EQ(sinusoidalLayoutFromId("tensor2tensor"), SinusoidalLayout::Tensor2Tensor);
  try {
    (void)sinusoidalLayoutFromId("foo");
    FAIL() << "layout foo accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "layout");
    EXPECT_EQ(e.value(), "foo");
  }
}

}  // namespace
}  // namespace posenc
