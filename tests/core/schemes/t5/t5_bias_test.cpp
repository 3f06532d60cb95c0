// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the t5 scheme. Golden bucket numbers come from a float32 NumPy re-implementation
// of HF `_relative_position_bucket` written outside the repository (see t5_bucket_test.cpp);
// the 5 x 5 tables follow by hand from the exact buckets (n < max_exact gives bucket n).
#include "posenc/schemes/t5/t5_bias.hpp"

#include <cmath>
#include <cstdint>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/random.hpp"
#include "posenc/maths/t5_bucket.hpp"
#include "support/eigen_near.hpp"
#include "support/indices.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

using test::range;

using test::refusedParam;

TEST(T5Bias, BucketViewIsBucketOfKeyMinusQueryNearTheDiagonal) {
  const auto scheme = makeT5Scheme();
  const ParamSet params = makeParams(*scheme, {{"length", "5"}});
  // Bidirectional, 32 buckets: n_b = 16, max_exact = 8. Below the diagonal (key before the
  // query, r < 0) bucket i - j; above it 16 + (j - i).
  Matrix expected(5, 5);
  expected << 0, 17, 18, 19, 20, 1, 0, 17, 18, 19, 2, 1, 0, 17, 18, 3, 2, 1, 0, 17, 4, 3, 2, 1, 0;
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme, params, "buckets").values, expected, 0.0);

  const ParamSet causal = makeParams(*scheme, {{"length", "5"}, {"bidirectional", "false"}});
  Matrix expectedCausal(5, 5);
  expectedCausal << 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 1, 0, 0, 0, 3, 2, 1, 0, 0, 4, 3, 2, 1, 0;
  EXPECT_MATRIX_NEAR(computeMatrix(*scheme, causal, "buckets").values, expectedCausal, 0.0);
}

TEST(T5Bias, BucketViewMatchesHfOnLogSpacedCells) {
  const auto scheme = makeT5Scheme();
  const std::vector<Index> rows = {0, 3, 150};
  const std::vector<Index> cols = {0, 8, 9, 12, 16, 100, 127, 200};
  Matrix bidirectional(3, 8);
  bidirectional << 0, 24, 24, 25, 26, 31, 31, 31, 3, 21, 22, 24, 25, 31, 31, 31, 15, 15, 15, 15, 15,
      13, 11, 29;
  Matrix unidirectional(3, 8);
  unidirectional << 0, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 31, 31, 31, 31, 31, 24, 18, 0;
  const ParamSet p1 = makeParams(*scheme, {{"length", "201"}});
  EXPECT_MATRIX_NEAR(scheme->evaluate(p1, "buckets", rows, cols), bidirectional, 0.0);
  const ParamSet p2 = makeParams(*scheme, {{"length", "201"}, {"bidirectional", "false"}});
  EXPECT_MATRIX_NEAR(scheme->evaluate(p2, "buckets", rows, cols), unidirectional, 0.0);
}

TEST(T5Bias, EveryCellIsTheSharedBucketFunction) {
  // Covers both evaluation paths (direct calls for small regions, the lookup table for
  // large ones) and the saturation shortcut past max_distance.
  struct Case {
    T5Params p;
    std::vector<Index> rows, cols;
  };
  std::vector<Case> cases;
  for (const bool bd : {true, false}) {
    T5Params a;
    a.length = 200;
    a.bidirectional = bd;
    cases.push_back({a, range(0, 200), range(0, 200)});
    T5Params b = a;
    b.buckets = 20;
    b.maxDistance = 160;
    cases.push_back({b, range(0, 200), range(0, 200)});
    T5Params c = a;
    c.length = kMaxLength;
    c.buckets = 1024;
    c.maxDistance = 1000000;
    cases.push_back({c, {0, 5, 500000, 1048575}, {0, 3, 131072, 999999, 1048575}});
    cases.push_back({c, range(0, 40), range(1048500, 1048576)});
    T5Params d = c;
    d.buckets = 64;
    d.maxDistance = 1000;
    cases.push_back({d, range(0, 40), range(1048500, 1048576)});
    cases.push_back({d, range(1048000, 1048576), range(1047000, 1047100)});
  }
  for (const Case& k : cases) {
    const Matrix m = t5BucketMatrix(k.p, k.rows, k.cols);
    for (std::size_t a = 0; a < k.rows.size(); ++a)
      for (std::size_t b = 0; b < k.cols.size(); ++b)
        ASSERT_EQ(m(static_cast<Index>(a), static_cast<Index>(b)),
                  static_cast<double>(t5Bucket(k.cols[b] - k.rows[a], k.p.bidirectional,
                                               k.p.buckets, k.p.maxDistance)))
            << "i = " << k.rows[a] << ", j = " << k.cols[b];
  }
}

TEST(T5Bias, BiasIsTheTableEntryOfBucketAndHead) {
  T5Params p;
  p.length = 200;
  p.head = 5;
  p.seed = 42;
  const Matrix table = t5BiasTable(p);
  ASSERT_EQ(table.rows(), 32);
  ASSERT_EQ(table.cols(), 8);
  // The table is the documented random tensor: N(0, 1), row = bucket, column = head.
  EXPECT_EQ(table(7, 3), normal(42, Tensor::T5Bias, 7, 3));
  const auto idx = range(0, 200);
  const Matrix buckets = t5BucketMatrix(p, idx, idx);
  const Matrix bias = t5BiasMatrix(p, idx, idx);
  for (Index i = 0; i < 200; ++i)
    for (Index j = 0; j < 200; ++j)
      ASSERT_EQ(bias(i, j), table(static_cast<Index>(buckets(i, j)), 5)) << i << ", " << j;
}

TEST(T5Bias, CellsOfOneBucketShareOneValueAndBucketsDiffer) {
  T5Params p;
  p.length = 300;
  const auto idx = range(0, 300);
  const Matrix buckets = t5BucketMatrix(p, idx, idx);
  const Matrix bias = t5BiasMatrix(p, idx, idx);
  std::vector<double> valueOf(32, std::nan(""));
  for (Index i = 0; i < 300; ++i)
    for (Index j = 0; j < 300; ++j) {
      const auto b = static_cast<std::size_t>(buckets(i, j));
      if (std::isnan(valueOf[b])) valueOf[b] = bias(i, j);
      ASSERT_EQ(bias(i, j), valueOf[b]);
    }
  // At length 300 every bucket occurs except n_b = 16: bidirectional, a key after the query has
  // n >= 1, so bucket n_b + 0 is never used (as in HF). The 31 used values are distinct.
  EXPECT_TRUE(std::isnan(valueOf[16]));
  valueOf.erase(valueOf.begin() + 16);
  for (const double v : valueOf) EXPECT_FALSE(std::isnan(v));
  EXPECT_EQ(std::set<double>(valueOf.begin(), valueOf.end()).size(), 31u);
}

TEST(T5Bias, DifferentHeadsAndSeedsGiveDifferentBiasesSameSeedTheSame) {
  const auto scheme = makeT5Scheme();
  const auto bias = [&](const Sets& sets) {
    return computeMatrix(*scheme, makeParams(*scheme, sets), "bias").values;
  };
  const Matrix h0 = bias({{"length", "40"}});
  const Matrix h1 = bias({{"length", "40"}, {"head", "1"}});
  const Matrix s1 = bias({{"length", "40"}, {"seed", "1"}});
  EXPECT_GT((h0 - h1).cwiseAbs().maxCoeff(), 0.1);
  EXPECT_GT((h0 - s1).cwiseAbs().maxCoeff(), 0.1);
  EXPECT_EQ(h0, bias({{"length", "40"}}));
  // Toeplitz: the bias depends on j - i only.
  for (Index i = 1; i < 40; ++i)
    for (Index j = 1; j < 40; ++j) ASSERT_EQ(h0(i, j), h0(i - 1, j - 1));
}

TEST(T5Bias, BiasIsSignedAndRoughlyStandardNormal) {
  T5Params p;
  p.buckets = 1024;
  p.heads = 128;
  const Matrix t = t5BiasTable(p);
  const double mean = t.mean();
  const double var = (t.array() - mean).square().mean();
  EXPECT_NEAR(mean, 0.0, 0.02);
  EXPECT_NEAR(var, 1.0, 0.03);
}

TEST(T5Scheme, BucketMapCoversEveryOffsetInOrder) {
  const auto scheme = makeT5Scheme();
  const SeriesResult s = scheme->series(makeParams(*scheme, {{"length", "300"}}), "bucket_map");
  ASSERT_EQ(s.x.size(), 599u);
  ASSERT_EQ(s.curves.size(), 1u);
  EXPECT_EQ(s.curves[0].name, "bucket");
  ASSERT_EQ(s.curves[0].y.size(), 599u);
  for (std::size_t k = 0; k < 599; ++k) {
    const auto r = static_cast<std::int64_t>(k) - 299;
    ASSERT_EQ(s.x[k], static_cast<double>(r));
    ASSERT_EQ(s.curves[0].y[k], static_cast<double>(t5Bucket(r, true, 32, 128))) << "r = " << r;
  }
  T5Params p;
  p.length = 300;
  const std::vector<std::int64_t> map = t5BucketMap(p);
  ASSERT_EQ(map.size(), 599u);
  for (std::size_t k = 0; k < 599; ++k) ASSERT_EQ(static_cast<double>(map[k]), s.curves[0].y[k]);
  // Golden points (HF float32 re-implementation): r = -200, -64, -63, -8, -7, 0, 1, 8, 16, 64, 200.
  const std::vector<std::pair<int, double>> golden = {{-200, 15}, {-64, 14}, {-63, 13}, {-8, 8},
                                                      {-7, 7},    {0, 0},    {1, 17},   {8, 24},
                                                      {16, 26},   {64, 30},  {200, 31}};
  for (const auto& [r, b] : golden) EXPECT_EQ(s.curves[0].y[static_cast<std::size_t>(r + 299)], b);
}

TEST(T5Scheme, BucketMapOfTheLongestSequenceIsWhole) {
  const auto scheme = makeT5Scheme();
  const SeriesResult s =
      scheme->series(makeParams(*scheme, {{"length", "1048576"}, {"bidirectional", "false"}}),
                     "bucket_map");
  ASSERT_EQ(s.x.size(), 2097151u);
  EXPECT_EQ(s.x.front(), -1048575.0);
  EXPECT_EQ(s.x.back(), 1048575.0);
  EXPECT_EQ(s.curves[0].y.front(), 31.0);
  EXPECT_EQ(s.curves[0].y[1048575 - 20], 17.0);  // r = -20
  EXPECT_EQ(s.curves[0].y.back(), 0.0);
}

TEST(T5Scheme, SampledRegionMatchesTheFullMatrix) {
  const auto scheme = makeT5Scheme();
  const ParamSet params = makeParams(*scheme, {{"length", "257"}, {"head", "3"}});
  for (const char* view : {"buckets", "bias"}) {
    const MatrixResult full = computeMatrix(*scheme, params, view);
    ASSERT_EQ(full.values.rows(), 257);
    ASSERT_EQ(full.values.cols(), 257);
    const MatrixResult sampled =
        computeMatrix(*scheme, params, view,
                      Region{.r0 = 10, .r1 = 250, .maxRows = 13, .maxCols = 17});
    ASSERT_EQ(sampled.values.rows(), 13);
    ASSERT_EQ(sampled.values.cols(), 17);
    for (std::size_t a = 0; a < sampled.rows.size(); ++a)
      for (std::size_t b = 0; b < sampled.cols.size(); ++b)
        ASSERT_EQ(sampled.values(static_cast<Index>(a), static_cast<Index>(b)),
                  full.values(sampled.rows[a], sampled.cols[b]));
  }
}

TEST(T5Scheme, FarRegionOfTheLongestSequenceIsComputedFromOffsets) {
  const auto scheme = makeT5Scheme();
  const ParamSet params = makeParams(*scheme, {{"length", "1048576"}});
  EXPECT_EQ(scheme->shape(params, "bias").rows, 1048576);
  const MatrixResult m = computeMatrix(
      *scheme, params, "buckets",
      Region{.r0 = 1048000, .r1 = 1048010, .c0 = 1047990, .maxRows = 0, .maxCols = 0});
  ASSERT_EQ(m.values.rows(), 10);
  ASSERT_EQ(m.values.cols(), 586);
  EXPECT_EQ(m.values(0, 10), 0.0);    // i = j = 1048000
  EXPECT_EQ(m.values(0, 0), 8.0);     // r = -10, log-spaced
  EXPECT_EQ(m.values(0, 18), 24.0);   // r = 8
  EXPECT_EQ(m.values(9, 585), 31.0);  // r = 566
}

TEST(T5Scheme, ExplainCellGivesOffsetBucketKindAndBias) {
  const auto scheme = makeT5Scheme();
  const ParamSet params = makeParams(*scheme, {{"length", "200"}, {"head", "2"}, {"seed", "7"}});
  const std::vector<Term> near = scheme->explainCell(params, "bias", 10, 13);
  ASSERT_EQ(near.size(), 5u);
  EXPECT_EQ(near[0].value, 3.0);   // r = j - i
  EXPECT_EQ(near[1].value, 3.0);   // n
  EXPECT_EQ(near[2].value, 19.0);  // bucket 16 + 3
  EXPECT_EQ(near[3].value, 1.0);   // exact
  EXPECT_EQ(near[4].value, normal(7, Tensor::T5Bias, 19, 2));
  const Matrix cell =
      scheme->evaluate(params, "bias", std::vector<Index>{10}, std::vector<Index>{13});
  EXPECT_EQ(near[4].value, cell(0, 0));
  const std::vector<Term> far = scheme->explainCell(params, "buckets", 150, 50);
  EXPECT_EQ(far[0].value, -100.0);
  EXPECT_EQ(far[2].value, 15.0);
  EXPECT_EQ(far[3].value, 0.0);  // log-spaced
}

TEST(T5Scheme, DeclaresTheContractIdsAndDefaults) {
  const auto scheme = makeT5Scheme();
  const SchemeInfo& info = scheme->info();
  EXPECT_EQ(info.id, "t5");
  const ParamSet d(info.params);
  EXPECT_EQ(d.getInt("length"), 128);
  EXPECT_EQ(d.getInt("buckets"), 32);
  EXPECT_EQ(d.getInt("max_distance"), 128);
  EXPECT_TRUE(d.getBool("bidirectional"));
  EXPECT_EQ(d.getInt("heads"), 8);
  EXPECT_EQ(d.getInt("head"), 0);
  EXPECT_EQ(d.getInt("seed"), 0);
  EXPECT_EQ(t5ParamsFrom(d), T5Params{});
  ASSERT_EQ(info.views.size(), 5u);
  EXPECT_EQ(info.views[3].id, "extrapolation");
  EXPECT_EQ(info.views[4].id, "curves");
  EXPECT_EQ(info.views[4].kind, ViewKind::Series);
  EXPECT_EQ(d.getChoice("stack"), "encoder");
  EXPECT_EQ(d.getText("table"), "");
  EXPECT_EQ(info.views[0].id, "buckets");
  EXPECT_TRUE(info.views[0].integerValues);
  EXPECT_FALSE(info.views[0].signedValues);
  EXPECT_EQ(info.views[1].id, "bucket_map");
  EXPECT_EQ(info.views[1].kind, ViewKind::Series);
  EXPECT_EQ(info.views[2].id, "bias");
  EXPECT_TRUE(info.views[2].signedValues);
}

TEST(T5Scheme, RefusesBadParameters) {
  const auto scheme = makeT5Scheme();
  EXPECT_EQ(refusedParam(*scheme, {{"head", "8"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "2"}, {"head", "2"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"head", "128"}}), "head");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "0"}}), "heads");
  EXPECT_EQ(refusedParam(*scheme, {{"heads", "129"}}), "heads");
  EXPECT_EQ(refusedParam(*scheme, {{"buckets", "31"}}), "buckets");
  EXPECT_EQ(refusedParam(*scheme, {{"buckets", "2"}}), "buckets");
  EXPECT_EQ(refusedParam(*scheme, {{"buckets", "1026"}}), "buckets");
  EXPECT_EQ(refusedParam(*scheme, {{"length", "0"}}), "length");
  EXPECT_EQ(refusedParam(*scheme, {{"length", "1048577"}}), "length");
  EXPECT_EQ(refusedParam(*scheme, {{"max_distance", "1"}}), "max_distance");
  // max_distance must exceed max_exact (buckets/4 bidirectional, buckets/2 unidirectional).
  EXPECT_EQ(refusedParam(*scheme, {{"max_distance", "8"}}), "max_distance");
  EXPECT_EQ(refusedParam(*scheme, {{"max_distance", "9"}}), "(accepted)");
  EXPECT_EQ(refusedParam(*scheme, {{"max_distance", "16"}, {"bidirectional", "false"}}),
            "max_distance");
  EXPECT_EQ(refusedParam(*scheme, {{"max_distance", "17"}, {"bidirectional", "false"}}),
            "(accepted)");
  EXPECT_EQ(refusedParam(*scheme, {{"buckets", "1024"}, {"max_distance", "256"}}), "max_distance");
  try {
    (void)makeParams(*scheme, {{"heads", "4"}, {"head", "4"}});
    FAIL() << "head = heads accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.value(), "4");
    EXPECT_EQ(e.allowed(), "less than heads (4)");
  }
}

TEST(T5Scheme, RefusesUnknownViews) {
  const auto scheme = makeT5Scheme();
  const ParamSet params = makeParams(*scheme, {});
  const std::vector<Index> idx = {0};
  EXPECT_THROW((void)scheme->evaluate(params, "bucket_map", idx, idx), ParamError);
  EXPECT_THROW((void)scheme->series(params, "bias"), ParamError);
  EXPECT_THROW((void)computeMatrix(*scheme, params, "bucket_map"), ParamError);
}

}  // namespace
}  // namespace posenc
