// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the sinusoidal scheme. Golden numbers were computed independently with numpy:
// w = np.power(10000, -2i/d) (tensor2tensor: np.exp(-i ln(10000) / (d/2 - 1))), sin/cos of
// p * w placed in the layout's columns, similarity as the numpy table product pe_p @ pe_q.T.
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <numeric>
#include <vector>

#include "posenc/base/scheme.hpp"
#include "support/eigen_near.hpp"
#include "support/indices.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

using test::range;

Matrix full(const Scheme& s, const ParamSet& params, std::string_view view) {
  return computeMatrix(s, params, view).values;
}

std::string paramOfError(const Sets& sets) {
  const auto scheme = makeSinusoidalScheme();
  try {
    (void)makeParams(*scheme, sets);
  } catch (const ParamError& e) {
    return e.param();
  }
  return "(accepted)";
}

// ---- encoding ------------------------------------------------------------------------

TEST(Sinusoidal, GoldenEncodingD4EachLayout) {
  const auto scheme = makeSinusoidalScheme();
  Matrix inter(3, 4), concat(3, 4), t2t(3, 4);
  inter << 0.0, 1.0, 0.0, 1.0,                                                           //
      0.8414709848078965, 0.5403023058681398, 0.009999833334166664, 0.9999500004166653,  //
      0.9092974268256817, -0.4161468365471424, 0.01999866669333308, 0.9998000066665778;
  concat << 0.0, 0.0, 1.0, 1.0,                                                          //
      0.8414709848078965, 0.009999833334166664, 0.5403023058681398, 0.9999500004166653,  //
      0.9092974268256817, 0.01999866669333308, -0.4161468365471424, 0.9998000066665778;
  t2t << 0.0, 0.0, 1.0, 1.0,                                                       //
      0.8414709848078965, 9.999999983333325e-05, 0.5403023058681398, 0.999999995,  //
      0.9092974268256817, 0.0001999999986666665, -0.4161468365471424, 0.9999999800000001;
  const auto at = [&](const char* layout) {
    return full(*scheme, makeParams(*scheme, {{"length", "3"}, {"dim", "4"}, {"layout", layout}}),
                "encoding");
  };
  EXPECT_MATRIX_NEAR(at("interleaved"), inter, 1e-15);
  EXPECT_MATRIX_NEAR(at("concatenated"), concat, 1e-15);
  EXPECT_MATRIX_NEAR(at("tensor2tensor"), t2t, 1e-15);
}

TEST(Sinusoidal, GoldenEncodingD8AtScatteredPositions) {
  const auto scheme = makeSinusoidalScheme();
  const std::vector<Index> rows = {1, 7, 1000};
  const std::vector<Index> cols = range(8);
  Matrix inter(3, 8), concat(3, 8), t2t(3, 8);
  inter << 0.8414709848078965, 0.5403023058681398, 0.09983341664682815, 0.9950041652780258,
      0.009999833334166664, 0.9999500004166653, 0.0009999998333333417, 0.9999995000000417,  //
      0.6569865987187891, 0.7539022543433046, 0.6442176872376911, 0.7648421872844884,
      0.06994284733753277, 0.9975510002532796, 0.006999942833473391, 0.9999755001000415,  //
      0.8268795405320025, 0.5623790762907029, -0.5063656411097588, 0.8623188722876839,
      -0.5440211108893698, -0.8390715290764524, 0.8414709848078965, 0.5403023058681398;
  concat << 0.8414709848078965, 0.09983341664682815, 0.009999833334166664, 0.0009999998333333417,
      0.5403023058681398, 0.9950041652780258, 0.9999500004166653, 0.9999995000000417,  //
      0.6569865987187891, 0.6442176872376911, 0.06994284733753277, 0.006999942833473391,
      0.7539022543433046, 0.7648421872844884, 0.9975510002532796, 0.9999755001000415,  //
      0.8268795405320025, -0.5063656411097588, -0.5440211108893698, 0.8414709848078965,
      0.5623790762907029, 0.8623188722876839, -0.8390715290764524, 0.5403023058681398;
  t2t << 0.8414709848078965, 0.04639922346473126, 0.0021544330233656027, 9.999999983333325e-05,
      0.5403023058681398, 0.9989229760406304, 0.9999976792064809, 0.999999995,  //
      0.6569865987187891, 0.3192246506063148, 0.015080471170057407, 0.0006999999428333341,
      0.7539022543433046, 0.9476790714399449, 0.9998862832288925, 0.99999975500001,  //
      0.8268795405320025, 0.6503168595863176, 0.8344632077604142, 0.09983341664682806,
      0.5623790762907029, -0.7596630714585182, -0.5510636577512619, 0.9950041652780258;
  const auto at = [&](const char* layout) {
    const ParamSet p = makeParams(*scheme, {{"length", "1001"}, {"dim", "8"}, {"layout", layout}});
    return scheme->evaluate(p, "encoding", rows, cols);
  };
  // 1000 w_i is formed in double before sin/cos, so allow a few ulps of 1000.
  EXPECT_MATRIX_NEAR(at("interleaved"), inter, 1e-13);
  EXPECT_MATRIX_NEAR(at("concatenated"), concat, 1e-13);
  EXPECT_MATRIX_NEAR(at("tensor2tensor"), t2t, 1e-13);
}

TEST(Sinusoidal, EncodingIsBitIdenticalToTheSharedTable) {
  SinusoidalParams p;
  p.dim = 10;
  p.layout = SinusoidalLayout::Tensor2Tensor;
  const std::vector<Index> rows = {0, 3, 99, 12345};
  const std::vector<double> pos = {0, 3, 99, 12345};
  EXPECT_MATRIX_NEAR(sinusoidalEncoding(p, rows, range(10)),
                     sinusoidalTable(pos, 10, p.base, p.layout), 0.0);
}

TEST(Sinusoidal, ConcatenatedIsAColumnPermutationOfInterleaved) {
  const auto scheme = makeSinusoidalScheme();
  const Sets common = {{"length", "50"}, {"dim", "16"}, {"base", "500"}};
  Sets a = common, b = common;
  a.push_back({"layout", "interleaved"});
  b.push_back({"layout", "concatenated"});
  const Matrix inter = full(*scheme, makeParams(*scheme, a), "encoding");
  const Matrix concat = full(*scheme, makeParams(*scheme, b), "encoding");
  for (Index i = 0; i < 8; ++i) {
    EXPECT_EQ(inter.col(2 * i), concat.col(i)) << "sine of pair " << i;
    EXPECT_EQ(inter.col(2 * i + 1), concat.col(8 + i)) << "cosine of pair " << i;
  }
}

// ---- similarity ----------------------------------------------------------------------

TEST(Sinusoidal, GoldenSimilarity) {
  const auto scheme = makeSinusoidalScheme();
  const ParamSet p = makeParams(*scheme, {{"length", "501"}, {"dim", "8"}});
  const std::vector<Index> rows = {0, 3, 500}, cols = {1, 2, 499};
  Matrix expected(3, 3);
  expected << 3.5352559715628726, 2.5637177479613436, 1.2149097055522506,  //
      2.5637177479613436, 3.5352559715628726, 2.842934078646424,           //
      1.2149097055522484, 1.9790404020040406, 3.535255971562873;
  EXPECT_MATRIX_NEAR(scheme->evaluate(p, "similarity", rows, cols), expected, 1e-13);
}

TEST(Sinusoidal, GoldenProfileAtLongDistances) {
  // numpy: np.cos(delta * w).sum(); the angle delta w_i carries ~delta 1e-16 of rounding.
  const std::vector<Index> deltas = {1023, 1024, 5000, 123456, 1048575};
  const std::vector<double> d8 = {0.030981418360464086, 0.5277629958801744, 0.5194473467046086,
                                  -1.610223013936129, 1.3279677500714007};
  const std::vector<double> d128 = {12.238116975212483, 13.084250832291321, -0.44517567058874263,
                                    -3.284722786285883, -4.30199118375425};
  const Vector w8 = sinusoidalFrequencies(8, 10000, SinusoidalLayout::Interleaved);
  const Vector w128 = sinusoidalFrequencies(128, 10000, SinusoidalLayout::Interleaved);
  for (std::size_t j = 0; j < deltas.size(); ++j) {
    const double tol = 1e-15 * static_cast<double>(deltas[j]) * 64;
    EXPECT_NEAR(sinusoidalProfile(w8, deltas[j]), d8[j], tol) << deltas[j];
    EXPECT_NEAR(sinusoidalProfile(w128, deltas[j]), d128[j], tol) << deltas[j];
    EXPECT_EQ(sinusoidalProfile(w128, -deltas[j]), sinusoidalProfile(w128, deltas[j]));
  }
  EXPECT_EQ(sinusoidalProfile(w128, 0), 64.0);
}

TEST(Sinusoidal, SimilarityDependsOnlyOnDistanceAndEqualsTheTableProduct) {
  const auto scheme = makeSinusoidalScheme();
  for (const char* layout : {"interleaved", "tensor2tensor"}) {
    const ParamSet params =
        makeParams(*scheme, {{"length", "300"}, {"dim", "16"}, {"layout", layout}});
    const Matrix s = full(*scheme, params, "similarity");
    for (Index p = 0; p + 1 < s.rows(); ++p)
      for (Index q = 0; q + 1 < s.cols(); ++q) ASSERT_EQ(s(p, q), s(p + 1, q + 1)) << p << "," << q;
    EXPECT_EQ(s, s.transpose());
    const Matrix pe = full(*scheme, params, "encoding");
    EXPECT_MATRIX_NEAR(s, Matrix(pe * pe.transpose()), 1e-12);
  }
}

TEST(Sinusoidal, SimilarityDiagonalIsHalfTheWidth) {
  const auto scheme = makeSinusoidalScheme();
  const Matrix s =
      full(*scheme, makeParams(*scheme, {{"length", "40"}, {"dim", "22"}}), "similarity");
  EXPECT_MATRIX_NEAR(s.diagonal(), Vector::Constant(40, 11.0), 0.0);
  EXPECT_LE(s.maxCoeff(), 11.0);
  EXPECT_GE(s.minCoeff(), -11.0);
}

TEST(Sinusoidal, SimilarityAtLargeScatteredPositionsMatchesTheTableProduct) {
  // Rows 1000 apart against 300 consecutive columns: 90000 distinct distances.
  SinusoidalParams p;
  p.length = 300000;
  p.dim = 64;
  std::vector<Index> rows, cols = range(300);
  std::vector<double> rowPos, colPos(cols.begin(), cols.end());
  for (Index r = 0; r < 300; ++r) {
    rows.push_back(r * 1000);
    rowPos.push_back(static_cast<double>(r * 1000));
  }
  const Matrix product = sinusoidalTable(rowPos, 64, p.base, p.layout) *
                         sinusoidalTable(colPos, 64, p.base, p.layout).transpose();
  // Positions up to 3e5: the table's angles p w_i carry ~3e5 * 1e-16 of rounding.
  EXPECT_MATRIX_NEAR(sinusoidalSimilarity(p, rows, cols), product, 1e-9);
}

TEST(Sinusoidal, SampledRegionMatchesTheFullMatrix) {
  const auto scheme = makeSinusoidalScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "300"}, {"dim", "32"}});
  for (const char* view : {"encoding", "similarity"}) {
    const Matrix whole = full(*scheme, params, view);
    const MatrixResult r =
        computeMatrix(*scheme, params, view, Region{.r0 = 10, .c0 = 3, .maxRows = 7, .maxCols = 5});
    ASSERT_EQ(r.values.rows(), 7);
    ASSERT_EQ(r.values.cols(), 5);
    for (std::size_t a = 0; a < r.rows.size(); ++a)
      for (std::size_t b = 0; b < r.cols.size(); ++b)
        EXPECT_EQ(r.values(static_cast<Index>(a), static_cast<Index>(b)),
                  whole(r.rows[a], r.cols[b]))
            << view;
  }
}

TEST(Sinusoidal, SampledSimilarityAtAMillionPositions) {
  const auto scheme = makeSinusoidalScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "1048576"}});
  const MatrixResult r =
      computeMatrix(*scheme, params, "similarity", Region{.maxRows = 800, .maxCols = 800});
  ASSERT_EQ(r.values.rows(), 800);
  const Vector w = sinusoidalFrequencies(128, 10000, SinusoidalLayout::Interleaved);
  for (std::size_t a = 0; a < 800; a += 97)
    for (std::size_t b = 0; b < 800; b += 89)
      EXPECT_EQ(r.values(static_cast<Index>(a), static_cast<Index>(b)),
                sinusoidalProfile(w, r.rows[a] - r.cols[b]));
}

// ---- series --------------------------------------------------------------------------

TEST(Sinusoidal, WavelengthsAreTwoPiOverTheFrequencies) {
  const auto scheme = makeSinusoidalScheme();
  const SeriesResult s =
      scheme->series(makeParams(*scheme, {{"length", "700"}, {"dim", "8"}}), "wavelengths");
  ASSERT_EQ(s.x, (std::vector<double>{0, 1, 2, 3}));
  ASSERT_EQ(s.curves.size(), 2u);
  EXPECT_EQ(s.curves[0].name, "wavelength 2π/wᵢ");
  const std::vector<double> golden = {6.283185307179586, 62.83185307179586, 628.3185307179587,
                                      6283.185307179586};
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(s.curves[0].y[i], golden[i], 1e-12 * golden[i]);
  EXPECT_EQ(s.curves[1].name, "sequence length");
  EXPECT_EQ(s.curves[1].y, std::vector<double>(4, 700.0));

  const SeriesResult t =
      scheme->series(makeParams(*scheme, {{"dim", "8"}, {"layout", "tensor2tensor"}}),
                     "wavelengths");
  const double twoPi = 2 * std::numbers::pi;
  const std::vector<double> w = {1.0, 0.046415888336127774, 0.0021544346900318825,
                                 9.999999999999991e-05};
  for (std::size_t i = 0; i < 4; ++i)
    EXPECT_NEAR(t.curves[0].y[i], twoPi / w[i], 1e-12 * twoPi / w[i]);
}

TEST(Sinusoidal, BandsPickSineColumnsFromFastestToSlowest) {
  SinusoidalParams p;  // d = 128, 64 pairs
  EXPECT_EQ(sinusoidalBandPairs(p), (std::vector<Index>{0, 21, 42, 63}));
  p.bands = 3;
  EXPECT_EQ(sinusoidalBandPairs(p), (std::vector<Index>{0, 32, 63}));  // 31.5 rounds up
  p.bands = 1;
  EXPECT_EQ(sinusoidalBandPairs(p), (std::vector<Index>{0}));
  p.dim = 4;
  p.bands = 8;
  EXPECT_EQ(sinusoidalBandPairs(p), (std::vector<Index>{0, 1}));  // only d/2 pairs exist

  const auto scheme = makeSinusoidalScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "20"}, {"dim", "8"}, {"bands", "2"}});
  const SeriesResult s = scheme->series(params, "bands");
  ASSERT_EQ(s.x.size(), 20u);
  ASSERT_EQ(s.curves.size(), 2u);
  EXPECT_EQ(s.curves[0].name, "dim 0 (sin, pair 0, λ = 6.28)");
  EXPECT_EQ(s.curves[1].name, "dim 6 (sin, pair 3, λ = 6283)");
  const Matrix pe = full(*scheme, params, "encoding");
  for (Index x = 0; x < 20; ++x) {
    EXPECT_EQ(s.curves[0].y[static_cast<std::size_t>(x)], pe(x, 0));
    EXPECT_EQ(s.curves[1].y[static_cast<std::size_t>(x)], pe(x, 6));
  }
  const SeriesResult c = scheme->series(
      makeParams(*scheme, {{"dim", "8"}, {"bands", "2"}, {"layout", "concatenated"}}), "bands");
  EXPECT_EQ(c.curves[1].name, "dim 3 (sin, pair 3, λ = 6283)");
}

TEST(Sinusoidal, ShiftMatrixMapsEveryRowToTheRowKLater) {
  for (const auto layout : {SinusoidalLayout::Interleaved, SinusoidalLayout::Concatenated,
                            SinusoidalLayout::Tensor2Tensor}) {
    SinusoidalParams p;
    p.dim = 12;
    p.layout = layout;
    const Matrix m = sinusoidalShiftMatrix(p, 5);
    const std::vector<double> x = {0, 1, 17, 200}, xk = {5, 6, 22, 205};
    const Matrix now = sinusoidalTable(x, 12, p.base, layout);
    const Matrix later = sinusoidalTable(xk, 12, p.base, layout);
    EXPECT_MATRIX_NEAR(Matrix(now * m.transpose()), later, 1e-13);
    EXPECT_MATRIX_NEAR(Matrix(m * m.transpose()), Matrix::Identity(12, 12), 1e-15);  // rotation
  }
}

TEST(Sinusoidal, ShiftResidualIsRoundingLevel) {
  const auto scheme = makeSinusoidalScheme();
  for (const char* offset : {"1", "7", "300"}) {
    const SeriesResult s =
        scheme->series(makeParams(*scheme, {{"length", "512"}, {"offset", offset}}), "shift");
    ASSERT_EQ(s.x.size(), 512u);
    ASSERT_EQ(s.curves.size(), 1u);
    double worst = 0;
    for (const double r : s.curves[0].y) {
      ASSERT_GE(r, 0.0);
      worst = std::max(worst, r);
    }
    EXPECT_LT(worst, 1e-12) << "offset " << offset;
  }
}

TEST(Sinusoidal, ShiftSeriesIsSampledForLongSequences) {
  const auto scheme = makeSinusoidalScheme();
  const SeriesResult s =
      scheme->series(makeParams(*scheme, {{"length", "1048576"}, {"dim", "2"}, {"offset", "5"}}),
                     "shift");
  ASSERT_EQ(s.x.size(), 65536u);
  EXPECT_EQ(s.x[0], 8.0);  // centre of the first of 65536 bins of 16 positions
  EXPECT_EQ(s.x.back(), 1048568.0);
  for (const double r : s.curves[0].y) ASSERT_LT(r, 1e-9);  // angles up to 1e6: ~1e-10
}

TEST(Sinusoidal, ShiftResidualEqualsTheExplicitMatrixForm) {
  for (const Index k : {Index{3}, Index{40}}) {
    SinusoidalParams p;
    p.length = 30;
    p.dim = 10;
    p.base = 50;
    p.layout = SinusoidalLayout::Concatenated;
    p.offset = k;
    std::vector<double> x, xk;
    for (Index i = 0; i < 30; ++i) {
      x.push_back(static_cast<double>(i));
      xk.push_back(static_cast<double>(i + k));
    }
    const Matrix diff =
        sinusoidalTable(xk, 10, 50, p.layout) -
        sinusoidalTable(x, 10, 50, p.layout) * sinusoidalShiftMatrix(p, k).transpose();
    EXPECT_MATRIX_NEAR(sinusoidalShiftResidual(p, range(30)), Vector(diff.rowwise().norm()), 1e-15);
  }
}

// ---- readout, description, bad input --------------------------------------------------

TEST(Sinusoidal, ExplainEncodingCell) {
  const auto scheme = makeSinusoidalScheme();
  const ParamSet p = makeParams(*scheme, {{"dim", "8"}});
  const std::vector<Term> t = scheme->explainCell(p, "encoding", 5, 3);
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[2].name, "pair i (cosine column)");
  EXPECT_EQ(t[2].value, 1);
  EXPECT_NEAR(t[3].value, 0.1, 1e-16);  // w_1
  EXPECT_NEAR(t[4].value, 20 * std::numbers::pi, 1e-12);
  EXPECT_NEAR(t[5].value, 0.5, 1e-15);  // angle 5 * 0.1
}

TEST(Sinusoidal, ExplainSimilarityTermsAddUpToTheCell) {
  const auto scheme = makeSinusoidalScheme();
  const ParamSet p = makeParams(*scheme, {{"dim", "16"}});
  const std::vector<Term> t = scheme->explainCell(p, "similarity", 3, 10);
  ASSERT_EQ(t.size(), 7u);  // p, q, p - q, three pairs, the other five
  EXPECT_EQ(t[2].value, -7);
  const std::vector<Index> r = {3}, c = {10};
  const double cell = scheme->evaluate(p, "similarity", r, c)(0, 0);
  EXPECT_NEAR(t[3].value + t[4].value + t[5].value + t[6].value, cell, 1e-14);
  EXPECT_EQ(t[6].name, "other 5 pairs");
}

TEST(Sinusoidal, DeclaresTheContractIds) {
  const auto scheme = makeSinusoidalScheme();
  const SchemeInfo& info = scheme->info();
  EXPECT_EQ(info.id, "sinusoidal");
  std::vector<std::string> params, views;
  for (const auto& s : info.params) params.push_back(s.id);
  for (const auto& v : info.views) views.push_back(v.id);
  EXPECT_EQ(params, (std::vector<std::string>{"length", "dim", "base", "layout", "offset", "bands",
                                              "train_length"}));
  EXPECT_EQ(views, (std::vector<std::string>{"encoding", "similarity", "wavelengths", "bands",
                                             "shift", "extrapolation"}));
  EXPECT_EQ(sinusoidalParamsFrom(ParamSet(info.params)), SinusoidalParams{});
  EXPECT_TRUE(findView(*scheme, "wavelengths").logY);
  EXPECT_EQ(findView(*scheme, "shift").kind, ViewKind::Series);
}

TEST(Sinusoidal, RefusesBadInput) {
  EXPECT_EQ(paramOfError({{"dim", "7"}}), "dim");
  EXPECT_EQ(paramOfError({{"dim", "0"}}), "dim");
  EXPECT_EQ(paramOfError({{"dim", "16386"}}), "dim");
  EXPECT_EQ(paramOfError({{"layout", "foo"}}), "layout");
  EXPECT_EQ(paramOfError({{"base", "1"}}), "base");
  EXPECT_EQ(paramOfError({{"length", "0"}}), "length");
  EXPECT_EQ(paramOfError({{"length", "1048577"}}), "length");
  EXPECT_EQ(paramOfError({{"offset", "0"}}), "offset");
  EXPECT_EQ(paramOfError({{"bands", "9"}}), "bands");
  EXPECT_EQ(paramOfError({{"dim", "8"}}), "(accepted)");

  const auto scheme = makeSinusoidalScheme();
  const ParamSet p = makeParams(*scheme, {});
  EXPECT_THROW((void)computeMatrix(*scheme, p, "shift"), ParamError);  // a series view
  EXPECT_THROW((void)scheme->series(p, "encoding"), ParamError);
  EXPECT_THROW((void)scheme->shape(p, "nope"), ParamError);
}

}  // namespace
}  // namespace posenc
