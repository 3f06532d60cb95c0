// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the rope scheme. Golden literals were computed with /usr/bin/python3 + numpy:
// rotations by the pair formula written out by hand, scores by rotating q and k and taking
// the dot product (np), the random q and k by a Python re-implementation of random.cpp's
// SplitMix64 + Box-Muller, the decay bound as np.abs(np.cumsum(np.exp(1j r theta))).sum()/(d/2),
// and the NTK / dynamic bases with HF's expressions.
#include "posenc/schemes/rope/rope.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/scheme.hpp"
#include "posenc/maths/sinusoidal_table.hpp"
#include "support/eigen_near.hpp"

namespace posenc {
namespace {

Vector vec(std::initializer_list<double> v) {
  Vector out(static_cast<Index>(v.size()));
  Index i = 0;
  for (double x : v) out(i++) = x;
  return out;
}

Matrix mat3(std::initializer_list<double> v) {
  Matrix out(3, 3);
  Index i = 0;
  for (double x : v) {
    out(i / 3, i % 3) = x;
    ++i;
  }
  return out;
}

/// Score by the definition: rotate q to m and k to n, then the dot product.
double directScore(const Vector& q, const Vector& k, const Vector& theta, RopeLayout layout,
                   double m, double n) {
  return ropeRotate(q, m, theta, layout).dot(ropeRotate(k, n, theta, layout));
}

RopeParams smallParams(RopeLayout layout) {
  RopeParams p;
  p.length = 64;
  p.dim = 16;
  p.layout = layout;
  p.seed = 3;
  return p;
}

const std::vector<RopeLayout> kLayouts = {RopeLayout::Half, RopeLayout::Interleaved};

// ---------------------------------------------------------------- rotation

TEST(RopeRotation, HandGoldenHalfLayout) {
  // d = 4, base 10000: theta = (1, 0.01); half pairs (q0, q2) and (q1, q3).
  const Vector theta = ropeFrequencies(4, 10000.0);
  EXPECT_MATRIX_NEAR(theta, vec({1.0, 0.01}), 1e-16);
  const Vector r = ropeRotate(vec({1, 2, 3, 4}), 1.0, theta, RopeLayout::Half);
  EXPECT_MATRIX_NEAR(r,
                     vec({-1.9841106485555495, 1.959900667496664, 2.4623779024123156,
                          4.019799668334994}),
                     1e-15);
}

TEST(RopeRotation, HandGoldenInterleavedLayout) {
  // Interleaved pairs (q0, q1) and (q2, q3).
  const Vector r =
      ropeRotate(vec({1, 2, 3, 4}), 1.0, ropeFrequencies(4, 10000.0), RopeLayout::Interleaved);
  EXPECT_MATRIX_NEAR(r,
                     vec({-1.1426396637476532, 1.922075596544176, 2.9598506679133294,
                          4.029799501669161}),
                     1e-15);
}

TEST(RopeRotation, PreservesNorms) {
  for (const RopeLayout layout : kLayouts) {
    const RopeParams p = smallParams(layout);
    const Vector q = ropeQuery(p);
    const Vector theta = ropeScaledFrequencies(p);
    for (const double m : {0.0, 1.0, 7.5, 1000.0, 1048575.0}) {
      const Vector r = ropeRotate(q, m, theta, layout);
      EXPECT_NEAR(r.norm(), q.norm(), 1e-13) << "m = " << m;
      // Each pair keeps its own length too.
      for (Index k = 0; k < theta.size(); ++k) {
        const auto [i, j] = ropePairDims(k, p.dim, layout);
        EXPECT_NEAR(std::hypot(r(i), r(j)), std::hypot(q(i), q(j)), 1e-13);
      }
    }
  }
}

TEST(RopeLayouts, DifferForTheSameVectorAndAgreeAfterThePermutation) {
  RopeParams p = smallParams(RopeLayout::Half);
  const Vector x = ropeQuery(p);
  const Vector theta = ropeScaledFrequencies(p);
  const Index d = p.dim;
  const Vector half = ropeRotate(x, 5.0, theta, RopeLayout::Half);
  const Vector inter = ropeRotate(x, 5.0, theta, RopeLayout::Interleaved);
  EXPECT_GT((half - inter).cwiseAbs().maxCoeff(), 0.1);
  // P maps interleaved dims (2k, 2k+1) to half dims (k, k + d/2).
  const auto permute = [d](const Vector& v) {
    Vector out(d);
    for (Index k = 0; k < d / 2; ++k) {
      out(k) = v(2 * k);
      out(k + d / 2) = v(2 * k + 1);
    }
    return out;
  };
  EXPECT_MATRIX_NEAR(ropeRotate(permute(x), 5.0, theta, RopeLayout::Half), permute(inter), 1e-15);
  // So scores agree too when both vectors are permuted.
  const Vector k = ropeKey(p);
  EXPECT_NEAR(directScore(permute(x), permute(k), theta, RopeLayout::Half, 9, 2),
              directScore(x, k, theta, RopeLayout::Interleaved, 9, 2), 1e-13);
}

// ---------------------------------------------------------------- scores

TEST(RopeScores, RelativePropertyHoldsForBothLayouts) {
  for (const RopeLayout layout : kLayouts) {
    const RopeParams p = smallParams(layout);
    const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
    for (const auto& [m, n] : std::vector<std::pair<int, int>>{{0, 0}, {5, 2}, {2, 5}, {40, 1}}) {
      const double s = directScore(q, k, theta, layout, m, n);
      for (const int t : {1, 17, 1000}) {
        EXPECT_NEAR(directScore(q, k, theta, layout, m + t, n + t), s, 1e-11)
            << "m=" << m << " n=" << n << " t=" << t;
      }
    }
  }
}

TEST(RopeScores, MatrixEqualsRotateThenDotForBothLayouts) {
  for (const RopeLayout layout : kLayouts) {
    const RopeParams p = smallParams(layout);
    std::vector<Index> idx(20);
    std::iota(idx.begin(), idx.end(), Index{0});
    const Matrix s = ropeScores(p, idx, idx);
    const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
    Matrix direct(20, 20);
    for (Index m = 0; m < 20; ++m)
      for (Index n = 0; n < 20; ++n) direct(m, n) = directScore(q, k, theta, layout, m, n);
    EXPECT_MATRIX_NEAR(s, direct, 1e-13);
    // Constant along every diagonal, exactly (one profile value per m - n).
    for (Index m = 1; m < 20; ++m)
      for (Index n = 1; n < 20; ++n) EXPECT_EQ(s(m, n), s(m - 1, n - 1));
  }
}

TEST(RopeScores, GoldenThreeByThreeExplicitVectors) {
  // q = (1, 2, 3, 4), k = (0.5, -1, 2, 0.25), d = 4, base 100; numpy rotate + dot.
  const Vector q = vec({1, 2, 3, 4}), k = vec({0.5, -1, 2, 0.25});
  const Vector theta = ropeFrequencies(4, 100.0);
  const std::vector<Index> dist = {0, -1, -2, 1, 0, -1, 2, 1, 0};  // m - n, row-major 3x3
  const Matrix expectHalf =
      mat3({5.5, 1.6469749555502085, -5.0336817173882835, 3.3869466901795575, 5.5,
            1.646974955550207, -2.3363603134070505, 3.3869466901795566, 5.5});
  const Matrix expectInter =
      mat3({5.5, 8.561309938449268, 10.743633801624961, 3.7478414578386747, 5.500000000000002,
            8.561309938449268, 4.2257387977938485, 3.747841457838674, 5.5});
  const Vector half = ropeScoreProfile(q, k, theta, RopeLayout::Half, dist);
  const Vector inter = ropeScoreProfile(q, k, theta, RopeLayout::Interleaved, dist);
  EXPECT_MATRIX_NEAR(Matrix(half.reshaped<Eigen::RowMajor>(3, 3)), expectHalf, 1e-14);
  EXPECT_MATRIX_NEAR(Matrix(inter.reshaped<Eigen::RowMajor>(3, 3)), expectInter, 1e-14);
}

TEST(RopeScores, PairTermsSumToTheScore) {
  const RopeParams p = smallParams(RopeLayout::Interleaved);
  const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
  const Vector terms = ropePairTerms(q, k, theta, p.layout, 7);
  EXPECT_EQ(terms.size(), 8);
  EXPECT_NEAR(terms.sum(), directScore(q, k, theta, p.layout, 10, 3), 1e-13);
  // Pair 2 alone: <R_10 (a, b), R_3 (c, e)> of dims (4, 5).
  const double a = q(4), b = q(5), c = k(4), e = k(5), t = theta(2);
  const Vector a2 = vec(
      {a * std::cos(10 * t) - b * std::sin(10 * t), a * std::sin(10 * t) + b * std::cos(10 * t)});
  const Vector k2 =
      vec({c * std::cos(3 * t) - e * std::sin(3 * t), c * std::sin(3 * t) + e * std::cos(3 * t)});
  EXPECT_NEAR(terms(2), a2.dot(k2), 1e-14);
}

TEST(RopeScores, ProfileAtLargeDistancesMatchesDirectEvaluation) {
  // Far distances go through angle addition on blocks of 64; compare to cos(r theta) directly.
  for (const RopeLayout layout : kLayouts) {
    const RopeParams p = smallParams(layout);
    const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
    const std::vector<Index> dist = {63, 64, 65, 1000, -1000, 1048575, -1048575, 123457};
    const Vector prof = ropeScoreProfile(q, k, theta, layout, dist);
    for (std::size_t i = 0; i < dist.size(); ++i) {
      const auto r = static_cast<double>(dist[i]);
      const double direct = directScore(q, k, theta, layout, r, 0.0);
      EXPECT_NEAR(prof(static_cast<Index>(i)), direct, 1e-9 * (1 + std::fabs(r) / 1e4))
          << "r = " << r;
    }
  }
}

// ---------------------------------------------------------------- decay

TEST(RopeDecay, BoundAtZeroIsHalfPairsPlusOneOverTwo) {
  for (const std::int64_t d : {2, 8, 64, 4096}) {
    const Vector b = ropeDecayBound(ropeFrequencies(d, 10000.0), 1);
    EXPECT_EQ(b(0), (static_cast<double>(d) / 2 + 1) / 2) << "d = " << d;
  }
}

TEST(RopeDecay, GoldenAndNotMonotone) {
  const Vector b = ropeDecayBound(ropeFrequencies(8, 10000.0), 101);
  EXPECT_MATRIX_NEAR(vec({b(0), b(1), b(2), b(10), b(100)}),
                     vec({2.5, 2.2925067080537875, 1.7432497858475582, 0.9918995621423559,
                          1.0535094734917156}),
                     1e-14);
  const Vector big = ropeDecayBound(ropeFrequencies(64, 10000.0), 2000);
  bool rises = false;
  for (Index r = 0; r + 1 < big.size(); ++r) rises = rises || big(r + 1) > big(r);
  EXPECT_TRUE(rises);
  EXPECT_LT(big(1999), big(0) / 4);
}

// ---------------------------------------------------------------- scaling

TEST(RopeScaling, LinearEqualsDividingPositionsByTheFactor) {
  RopeParams p = smallParams(RopeLayout::Half);
  p.scaling = RopeScaling::Linear;
  p.factor = 4.0;
  const Vector scaled = ropeScaledFrequencies(p);
  const Vector plain = ropeFrequencies(p.dim, p.base);
  const Vector q = ropeQuery(p), k = ropeKey(p);
  for (const double m : {0.0, 3.0, 10.0, 4097.0}) {
    EXPECT_MATRIX_NEAR(ropeRotate(q, m, scaled, p.layout), ropeRotate(q, m / 4.0, plain, p.layout),
                       1e-13);
  }
  const std::vector<Index> rows = {9}, cols = {2};
  EXPECT_NEAR(ropeScores(p, rows, cols)(0, 0),
              directScore(q, k, plain, p.layout, 9.0 / 4.0, 2.0 / 4.0), 1e-13);
  // Angles golden (d = 4, factor 2): m theta_k / 2 at m = 3.
  RopeParams a;
  a.dim = 4;
  a.scaling = RopeScaling::Linear;
  a.factor = 2.0;
  const std::vector<Index> row3 = {3}, both = {0, 1};
  EXPECT_MATRIX_NEAR(ropeAngles(a, row3, both), Matrix(vec({1.5, 0.015}).transpose()), 1e-16);
}

TEST(RopeScaling, DynamicEqualsPlainWhileLengthWithinTrainLength) {
  RopeParams plain = smallParams(RopeLayout::Half);
  RopeParams dyn = plain;
  dyn.scaling = RopeScaling::Dynamic;
  dyn.factor = 8.0;
  for (const std::int64_t len : {1, 64, 2048}) {
    plain.length = dyn.length = len;
    dyn.trainLength = 2048;
    EXPECT_EQ(ropeScaledBase(dyn), plain.base);
    EXPECT_EQ(ropeScaledFrequencies(dyn), ropeScaledFrequencies(plain));
  }
  const std::vector<Index> idx = {0, 5, 63};
  plain.length = dyn.length = 64;
  EXPECT_EQ(ropeScores(dyn, idx, idx), ropeScores(plain, idx, idx));
  dyn.length = 2049;
  EXPECT_GT(ropeScaledBase(dyn), plain.base);
}

TEST(RopeScaling, DynamicBaseGoldenBeyondTrainLength) {
  RopeParams p;
  p.scaling = RopeScaling::Dynamic;
  p.factor = 2.0;
  p.length = 8192;
  p.trainLength = 2048;
  // 10000 * ((2 * 8192 / 2048) - (2 - 1)) ** (64 / 62)
  EXPECT_NEAR(ropeScaledBase(p), 74534.83031811893, 1e-9);
}

TEST(RopeScaling, NtkBaseGolden) {
  RopeParams p;
  p.scaling = RopeScaling::Ntk;
  p.factor = 4.0;
  // 10000 * 4 ** (64 / 62)
  EXPECT_NEAR(ropeScaledBase(p), 41829.36592889948, 1e-9);
  const Vector theta = ropeScaledFrequencies(p);
  EXPECT_EQ(theta(0), 1.0);  // the fastest pair is never stretched
  EXPECT_NEAR(theta(31), 1.0 / std::pow(41829.36592889948, 62.0 / 64.0), 1e-20);
  // The exponent d/(d-2) is chosen so that the slowest pair is stretched exactly by s.
  const Vector plain = ropeFrequencies(64, 10000.0);
  EXPECT_NEAR(theta(31), plain(31) / 4.0, 1e-15 * plain(31));
  // Independent of length (static).
  p.length = 100000;
  EXPECT_NEAR(ropeScaledBase(p), 41829.36592889948, 1e-9);
}

// ---------------------------------------------------------------- validation

TEST(RopeParamsCheck, BadValuesAreRefusedNamingTheParameter) {
  const auto scheme = makeRopeScheme();
  const auto paramOf = [&](std::vector<std::pair<std::string, std::string>> sets) {
    try {
      (void)makeParams(*scheme, sets);
    } catch (const ParamError& e) {
      return e.param();
    }
    return std::string("(accepted)");
  };
  EXPECT_EQ(paramOf({{"dim", "63"}}), "dim");
  EXPECT_EQ(paramOf({{"dim", "0"}}), "dim");
  EXPECT_EQ(paramOf({{"factor", "0.5"}}), "factor");
  EXPECT_EQ(paramOf({{"pair", "32"}}), "pair");  // dim 64: pairs 0..31
  EXPECT_EQ(paramOf({{"dim", "8"}, {"pair", "4"}}), "pair");
  EXPECT_EQ(paramOf({{"pair", "31"}}), "(accepted)");
  EXPECT_EQ(paramOf({{"dim", "2"}, {"scaling", "ntk"}}), "dim");
  EXPECT_EQ(paramOf({{"dim", "2"}, {"scaling", "dynamic"}}), "dim");
  EXPECT_EQ(paramOf({{"dim", "2"}, {"scaling", "linear"}}), "(accepted)");
  EXPECT_EQ(paramOf({{"layout", "neox"}}), "layout");
  EXPECT_EQ(paramOf({{"scaling", "su"}}), "scaling");  // yarn is a scaling since issue 15
  EXPECT_EQ(paramOf({{"queries", "9"}}), "queries");
  EXPECT_EQ(paramOf({{"length", "1048577"}}), "length");
  // The struct-level check refuses the same things.
  RopeParams p;
  p.dim = 63;
  EXPECT_THROW(checkRopeParams(p), ParamError);
  p.dim = 64;
  p.factor = 0.5;
  EXPECT_THROW(checkRopeParams(p), ParamError);
  p.factor = 1.0;
  p.pair = 32;
  try {
    checkRopeParams(p);
    ADD_FAILURE() << "pair 32 accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "pair");
    EXPECT_EQ(e.allowed(), "less than dim/2 (32)");
  }
}

// ---------------------------------------------------------------- the Scheme interface

TEST(RopeScheme, InfoUsesTheDocumentedIdsAndDefaults) {
  const auto scheme = makeRopeScheme();
  EXPECT_EQ(scheme->info().id, "rope");
  std::vector<std::string> ids;
  for (const auto& s : scheme->info().params) ids.push_back(s.id);
  EXPECT_EQ(ids, (std::vector<std::string>{"length",
                                           "dim",
                                           "base",
                                           "layout",
                                           "partial_rotary",
                                           "scaling",
                                           "factor",
                                           "train_length",
                                           "low_freq_factor",
                                           "high_freq_factor",
                                           "beta_fast",
                                           "beta_slow",
                                           "truncate",
                                           "attention_factor",
                                           "mscale",
                                           "mscale_all_dim",
                                           "short_factor",
                                           "long_factor",
                                           "partial_rotary_factor",
                                           "window",
                                           "window_kind",
                                           "seed",
                                           "pair",
                                           "queries"}));
  std::vector<std::string> views;
  for (const auto& v : scheme->info().views) views.push_back(v.id);
  EXPECT_EQ(views,
            (std::vector<std::string>{"angles", "frequencies", "scores", "invariance", "decay",
                                      "rotation", "extrapolation", "scale", "cos", "sin"}));
  EXPECT_EQ(ropeParamsFrom(makeParams(*scheme, {})), RopeParams{});
  EXPECT_TRUE(findView(*scheme, "scores").signedValues);
  EXPECT_FALSE(findView(*scheme, "angles").signedValues);
  EXPECT_TRUE(findView(*scheme, "frequencies").logY);
  EXPECT_TRUE(findView(*scheme, "rotation").parametric);
}

TEST(RopeScheme, ScoresGoldenThroughTheInterface) {
  const auto scheme = makeRopeScheme();
  const ParamSet half = makeParams(*scheme, {{"length", "3"}, {"dim", "4"}, {"seed", "0"}});
  // q = (-1.135551520617073, 0.3423028407052102, 0.9245692491912775, -0.4636791868289966),
  // k = (1.8339335825039007, -1.5568888948106128, 0.5038375401849481, -1.5635937848115473).
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme, half, "scores").values,
                     mat3({-1.4246149687636196, 1.239367375777444, 2.9520054820536963,
                           -2.602236090458219, -1.42461496876362, 1.239367375777444,
                           -1.2223618393060467, -2.6022360904582196, -1.42461496876362}),
                     1e-14);
  const ParamSet inter =
      makeParams(*scheme,
                 {{"length", "3"}, {"dim", "4"}, {"seed", "5"}, {"layout", "interleaved"}});
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme, inter, "scores").values,
                     mat3({-2.106940072414515, -2.5111393950954843, -2.6089510434389744,
                           -1.7752558804645353, -2.106940072414515, -2.5111393950954843,
                           -1.8281185866036174, -1.775255880464535, -2.106940072414515}),
                     1e-14);
}

TEST(RopeScheme, SampledRegionsMatchTheFullMatrix) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "300"}, {"dim", "32"}, {"seed", "9"}});
  for (const char* view : {"scores", "angles"}) {
    const MatrixResult full = computeMatrix(*scheme, params, view);
    const MatrixResult part =
        computeMatrix(*scheme, params, view, Region{.r0 = 10, .c0 = 3, .maxRows = 7, .maxCols = 5});
    ASSERT_EQ(part.values.rows(), 7);
    ASSERT_EQ(part.values.cols(), 5);
    for (std::size_t a = 0; a < part.rows.size(); ++a)
      for (std::size_t b = 0; b < part.cols.size(); ++b)
        EXPECT_EQ(part.values(static_cast<Index>(a), static_cast<Index>(b)),
                  full.values(part.rows[a], part.cols[b]))
            << view;
  }
  EXPECT_EQ(computeMatrix(*scheme, params, "angles").full.cols, 16);
}

TEST(RopeScheme, ScoresAtTheMaximumLengthAreFastAndRelative) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "1048576"}});
  const auto start = std::chrono::steady_clock::now();
  const MatrixResult r =
      computeMatrix(*scheme, params, "scores", Region{.maxRows = 800, .maxCols = 800});
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_LT(seconds, 1.0);
  ASSERT_EQ(r.values.rows(), 800);
  const RopeParams p = ropeParamsFrom(params);
  const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
  for (const auto& [a, b] : std::vector<std::pair<Index, Index>>{{0, 0}, {799, 0}, {3, 700}}) {
    const auto m = static_cast<double>(r.rows[static_cast<std::size_t>(a)]);
    const auto n = static_cast<double>(r.cols[static_cast<std::size_t>(b)]);
    EXPECT_NEAR(r.values(a, b), directScore(q, k, theta, p.layout, m, n), 1e-8);
  }
}

// The window (issue 29): transformers' masking_utils.py (sliding_window_overlay, chunked_overlay,
// each AND-ed with causal_mask_function) decides which cells of the scores view are masked;
// the cells left are the unwindowed scores bit for bit.
TEST(RopeWindow, ScoresMaskWhatTheLayerDoesNotAttendAndKeepTheRestBitForBit) {
  const auto scheme = makeRopeScheme();
  const ParamSet full = makeParams(*scheme, {{"length", "70"}, {"dim", "16"}, {"seed", "4"}});
  const MatrixResult all = computeMatrix(*scheme, full, "scores");
  for (Index i = 0; i < 70; ++i)
    for (Index j = 0; j < 70; ++j) EXPECT_FALSE(std::isnan(all.values(i, j)));  // window 0
  for (const char* kind : {"sliding", "chunked"}) {
    SCOPED_TRACE(kind);
    const bool sliding = std::string(kind) == "sliding";
    const ParamSet params = makeParams(
        *scheme,
        {{"length", "70"}, {"dim", "16"}, {"seed", "4"}, {"window", "16"}, {"window_kind", kind}});
    const MatrixResult r = computeMatrix(*scheme, params, "scores");
    for (Index i = 0; i < 70; ++i) {
      Index attended = 0;
      for (Index j = 0; j < 70; ++j) {
        // Written out from masking_utils.py, not through windowBlock.
        const bool in = j <= i && (sliding ? j > i - 16 : j / 16 == i / 16);
        if (in) {
          EXPECT_EQ(r.values(i, j), all.values(i, j)) << i << ", " << j;
          ++attended;
        } else {
          EXPECT_TRUE(std::isnan(r.values(i, j))) << i << ", " << j;
        }
      }
      EXPECT_EQ(attended, sliding ? std::min<Index>(i + 1, 16) : i % 16 + 1) << i;
    }
    // A sampled region sees the same mask.
    const MatrixResult part = computeMatrix(*scheme, params, "scores",
                                            Region{.r0 = 5, .c0 = 2, .maxRows = 9, .maxCols = 11});
    for (std::size_t a = 0; a < part.rows.size(); ++a)
      for (std::size_t b = 0; b < part.cols.size(); ++b) {
        const double f = r.values(part.rows[a], part.cols[b]);
        const double g = part.values(static_cast<Index>(a), static_cast<Index>(b));
        EXPECT_TRUE(std::isnan(f) ? std::isnan(g) : f == g);
      }
    // The readout keeps the parts and says why the cell is masked.
    const std::vector<Term> masked = scheme->explainCell(params, "scores", 40, 3);
    EXPECT_EQ(masked[3].value, all.values(40, 3));  // the total before the mask
    EXPECT_EQ(masked[masked.size() - 2].value, 16.0);
    EXPECT_NE(masked.back().name.find(sliding ? "outside the sliding window" : "earlier chunk"),
              std::string::npos)
        << masked.back().name;
    const std::vector<Term> future = scheme->explainCell(params, "scores", 3, 40);
    EXPECT_NE(future.back().name.find("after the query"), std::string::npos);
    EXPECT_NE(scheme->explainCell(params, "scores", 40, 33).back().name.find("attended"),
              std::string::npos);
  }
  // Gemma 2 / gpt-oss sized: window 128 over 1,048,576 positions, sampled, still fast.
  const ParamSet big = makeParams(*scheme, {{"length", "1048576"}, {"window", "128"}});
  const MatrixResult b =
      computeMatrix(*scheme, big, "scores", Region{.maxRows = 400, .maxCols = 400});
  for (std::size_t a = 0; a < b.rows.size(); ++a)
    for (std::size_t c = 0; c < b.cols.size(); ++c) {
      const Index d = b.rows[a] - b.cols[c];
      EXPECT_EQ(std::isnan(b.values(static_cast<Index>(a), static_cast<Index>(c))),
                d < 0 || d >= 128);
    }
}

TEST(RopeScheme, ExplainScoreGivesTotalTopThreeAndTheRest) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "50"}, {"dim", "16"}, {"seed", "2"}});
  const std::vector<Term> terms = scheme->explainCell(params, "scores", 30, 12);
  ASSERT_EQ(terms.size(), 8u);
  EXPECT_EQ(terms[0].value, 30);
  EXPECT_EQ(terms[1].value, 12);
  EXPECT_EQ(terms[2].value, 18);
  const std::vector<Index> row = {30}, col = {12};
  const double cell = scheme->evaluate(params, "scores", row, col)(0, 0);
  EXPECT_EQ(terms[3].value, cell);
  const double parts = terms[4].value + terms[5].value + terms[6].value;
  EXPECT_NEAR(parts + terms[7].value, cell, 1e-13);
  EXPECT_EQ(terms[7].name, "other 5 pairs");
  EXPECT_GE(std::fabs(terms[4].value), std::fabs(terms[5].value));
  EXPECT_GE(std::fabs(terms[5].value), std::fabs(terms[6].value));
  const RopeParams p = ropeParamsFrom(params);
  const Vector all =
      ropePairTerms(ropeQuery(p), ropeKey(p), ropeScaledFrequencies(p), p.layout, 18);
  EXPECT_EQ(std::fabs(terms[4].value), all.cwiseAbs().maxCoeff());
}

TEST(RopeScheme, ExplainAngleGivesThetaPositionAndAngleModTwoPi) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"dim", "4"}});
  const std::vector<Term> t = scheme->explainCell(params, "angles", 100, 1);
  ASSERT_GE(t.size(), 5u);
  EXPECT_EQ(t[1].value, 0.01);          // theta_1 for d = 4
  EXPECT_EQ(t[2].value, 100);           // m
  EXPECT_NEAR(t[3].value, 1.0, 1e-15);  // m theta
  EXPECT_NEAR(t[4].value, 1.0, 1e-15);  // below 2 pi: unchanged
  const std::vector<Term> u = scheme->explainCell(params, "angles", 100, 0);
  EXPECT_NEAR(u[4].value, 100.0 - 15 * 2 * std::numbers::pi, 1e-12);
}

TEST(RopeScheme, FrequenciesSeriesShowsFourPositiveCurves) {
  const auto scheme = makeRopeScheme();
  const ParamSet params =
      makeParams(*scheme, {{"dim", "8"}, {"scaling", "linear"}, {"factor", "2"}});
  const SeriesResult s = scheme->series(params, "frequencies");
  ASSERT_EQ(s.x, (std::vector<double>{0, 1, 2, 3}));
  ASSERT_EQ(s.curves.size(), 4u);
  EXPECT_NEAR(s.curves[0].y[1], 0.1, 1e-16);
  EXPECT_NEAR(s.curves[1].y[1], 0.05, 1e-16);
  EXPECT_NEAR(s.curves[2].y[1], 20 * std::numbers::pi, 1e-12);
  EXPECT_NEAR(s.curves[3].y[1], 40 * std::numbers::pi, 1e-12);
  for (const auto& c : s.curves)
    for (double y : c.y) EXPECT_GT(y, 0);
}

TEST(RopeScheme, InvarianceRopeCurvesCoincideAbsoluteOnesDoNot) {
  const auto scheme = makeRopeScheme();
  const SeriesResult s = scheme->series(makeParams(*scheme, {}), "invariance");
  ASSERT_EQ(s.x.size(), 128u);
  ASSERT_EQ(s.curves.size(), 8u);
  EXPECT_EQ(s.curves[0].name, "RoPE, m = 127");
  EXPECT_EQ(s.curves[3].name, "RoPE, m = 31");
  EXPECT_EQ(s.curves[4].name, "absolute sinusoidal, m = 127");
  // RoPE: equal where defined (x <= m), gaps beyond.
  for (std::size_t c = 1; c < 4; ++c) {
    for (std::size_t x = 0; x < 128; ++x) {
      if (std::isnan(s.curves[c].y[x])) {
        EXPECT_GT(x, 127u - 32u * c);
      } else {
        EXPECT_EQ(s.curves[c].y[x], s.curves[0].y[x]);
      }
    }
  }
  EXPECT_TRUE(std::isnan(s.curves[3].y[32]));
  EXPECT_FALSE(std::isnan(s.curves[3].y[31]));
  // Absolute: the curves differ.
  double gap = 0;
  for (std::size_t x = 0; x <= 31; ++x)
    gap = std::max(gap, std::fabs(s.curves[7].y[x] - s.curves[4].y[x]));
  EXPECT_GT(gap, 0.1);
}

TEST(RopeScheme, InvarianceGoldenSmallCase) {
  const auto scheme = makeRopeScheme();
  const SeriesResult s =
      scheme->series(makeParams(*scheme, {{"length", "3"}, {"dim", "4"}, {"queries", "1"}}),
                     "invariance");
  ASSERT_EQ(s.curves.size(), 2u);
  const auto asVec = [](const std::vector<double>& y) {
    return Vector(Eigen::Map<const Vector>(y.data(), static_cast<Index>(y.size())));
  };
  // m = 2: RoPE = scores row 2 read backwards; absolute = (q + PE_2) . (k + PE_n), n = 2, 1, 0.
  EXPECT_MATRIX_NEAR(asVec(s.curves[0].y),
                     vec({-1.42461496876362, -2.6022360904582196, -1.2223618393060467}), 1e-14);
  EXPECT_MATRIX_NEAR(asVec(s.curves[1].y),
                     vec({-0.2824331120964333, -0.3470792908332165, -0.2000576662418136}), 1e-14);
  // More queries than positions: duplicate positions are dropped.
  const SeriesResult t =
      scheme->series(makeParams(*scheme, {{"length", "2"}, {"queries", "8"}}), "invariance");
  EXPECT_EQ(t.curves.size(), 4u);
}

TEST(RopeAbsolute, MatchesTheSinusoidalTableAtNearAndFarPositions) {
  RopeParams p = smallParams(RopeLayout::Half);
  const Vector q = ropeQuery(p), k = ropeKey(p);
  const std::vector<Index> keys = {0, 1, 63, 64, 1000, 1048575};
  const Index m = 700000;
  const Vector got = absoluteSinusoidalScores(p, m, keys);
  for (std::size_t i = 0; i < keys.size(); ++i) {
    const std::vector<double> pos = {static_cast<double>(m), static_cast<double>(keys[i])};
    const Matrix pe = sinusoidalTable(pos, p.dim, p.base, SinusoidalLayout::Interleaved);
    const double expect = (q + pe.row(0).transpose()).dot(k + pe.row(1).transpose());
    EXPECT_NEAR(got(static_cast<Index>(i)), expect, 1e-9) << "n = " << keys[i];
  }
}

TEST(RopeScheme, InvarianceAndDecayAreBoundedForHugeLengths) {
  const auto scheme = makeRopeScheme();
  const ParamSet params = makeParams(*scheme, {{"length", "1048576"}, {"dim", "16"}});
  const SeriesResult inv = scheme->series(params, "invariance");
  EXPECT_EQ(inv.x.size(), 4096u);
  EXPECT_EQ(inv.x.back(), 4095.0);
  const SeriesResult dec = scheme->series(params, "decay");
  EXPECT_EQ(dec.x.size(), 65536u);
  EXPECT_EQ(dec.curves.at(0).y.size(), 65536u);
  EXPECT_EQ(dec.curves.at(0).y[0], 4.5);
}

TEST(RopeScheme, DecayUsesTheScaledFrequencies) {
  const auto scheme = makeRopeScheme();
  const ParamSet params =
      makeParams(*scheme,
                 {{"length", "300"}, {"dim", "16"}, {"scaling", "linear"}, {"factor", "2"}});
  const SeriesResult dec = scheme->series(params, "decay");
  ASSERT_EQ(dec.curves.size(), 1u);
  const Vector expect = ropeDecayBound(ropeFrequencies(16, 10000.0) / 2.0, 300);
  EXPECT_MATRIX_NEAR(Vector(Eigen::Map<const Vector>(dec.curves[0].y.data(), 300)), expect, 1e-15);
  EXPECT_GT(std::fabs(dec.curves[0].y[5] - ropeDecayBound(ropeFrequencies(16, 10000.0), 6)(5)),
            1e-3);
}

TEST(RopeScheme, RotationPathStaysOnTheCircle) {
  const auto scheme = makeRopeScheme();
  for (const char* layout : {"half", "interleaved"}) {
    const ParamSet params = makeParams(*scheme, {{"pair", "3"}, {"layout", layout}, {"dim", "16"}});
    const SeriesResult s = scheme->series(params, "rotation");
    ASSERT_EQ(s.curves.size(), 2u);
    ASSERT_EQ(s.x.size(), 128u + 361u);
    const RopeParams p = ropeParamsFrom(params);
    const Vector q = ropeQuery(p);
    const auto [i, j] = ropePairDims(3, 16, p.layout);
    const double radius = std::hypot(q(i), q(j));
    EXPECT_EQ(s.x[0], q(i));  // m = 0: unrotated
    EXPECT_EQ(s.curves[0].y[0], q(j));
    const Vector rotated = ropeRotate(q, 100.0, ropeScaledFrequencies(p), p.layout);
    EXPECT_NEAR(s.x[100], rotated(i), 1e-15);
    EXPECT_NEAR(s.curves[0].y[100], rotated(j), 1e-15);
    for (std::size_t t = 0; t < s.x.size(); ++t) {
      const bool onPath = t < 128;
      const double y = s.curves[onPath ? 0 : 1].y[t];
      EXPECT_TRUE(std::isnan(s.curves[onPath ? 1 : 0].y[t]));
      EXPECT_NEAR(std::hypot(s.x[t], y), radius, 1e-13);
    }
  }
}

}  // namespace
}  // namespace posenc
