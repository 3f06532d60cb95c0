// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the shaw scheme (Shaw, Uszkoreit, Vaswani 2018; tensor2tensor's common_attention.py).
//
// Expected numbers come from tests/reference/shaw_index.py (numpy, never this code), which
// follows tensorflow/tensor2tensor, tensor2tensor/layers/common_attention.py at commit
// 75b75f2e2281101b9b3637e14ef519afd6a11b68 line by line: _generate_relative_positions_matrix,
// _generate_relative_positions_embeddings, _relative_attention_inner,
// dot_product_attention_relative, and multihead_attention's q *= key_depth_per_head**-0.5.
#include "posenc/schemes/shaw/shaw.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "posenc/base/random.hpp"
#include "support/eigen_near.hpp"
#include "support/indices.hpp"

namespace posenc {
namespace {

constexpr double kTol = 1e-12;

Matrix mat(Index r, Index c, std::initializer_list<double> v) {
  Matrix m(r, c);
  auto it = v.begin();
  for (Index i = 0; i < r; ++i)
    for (Index j = 0; j < c; ++j) m(i, j) = *it++;
  return m;
}

using test::range;

ParamSet params(const std::vector<std::pair<std::string, std::string>>& sets) {
  return makeParams(findScheme("shaw"), sets);
}

Matrix whole(const ParamSet& p, const std::string& view) {
  return computeMatrix(findScheme("shaw"), p, view).values;
}

// shaw_index.py: "index, length=L, k=K".
TEST(Shaw, IndexMatricesMatchTensor2tensor) {
  const Matrix l8k3 = mat(8, 8, {3, 4, 5, 6, 6, 6, 6, 6, 2, 3, 4, 5, 6, 6, 6, 6, 1, 2, 3, 4, 5, 6,
                                 6, 6, 0, 1, 2, 3, 4, 5, 6, 6, 0, 0, 1, 2, 3, 4, 5, 6, 0, 0, 0, 1,
                                 2, 3, 4, 5, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 1, 2, 3});
  const Matrix l6k1 = mat(6, 6, {1, 2, 2, 2, 2, 2, 0, 1, 2, 2, 2, 2, 0, 0, 1, 2, 2, 2,
                                 0, 0, 0, 1, 2, 2, 0, 0, 0, 0, 1, 2, 0, 0, 0, 0, 0, 1});
  const Matrix l5k6 =
      mat(5, 5, {6, 7, 8, 9, 10, 5, 6, 7, 8, 9, 4, 5, 6, 7, 8, 3, 4, 5, 6, 7, 2, 3, 4, 5, 6});
  EXPECT_MATRIX_NEAR(whole(params({{"length", "8"}, {"clip", "3"}}), "index"), l8k3, 0.0);
  EXPECT_MATRIX_NEAR(whole(params({{"length", "6"}, {"clip", "1"}}), "index"), l6k1, 0.0);
  EXPECT_MATRIX_NEAR(whole(params({{"length", "5"}, {"clip", "6"}}), "index"), l5k6, 0.0);
  EXPECT_EQ(shawIndex(0, 1000000, 4), 8);  // key far after the query: 2k
  EXPECT_EQ(shawIndex(1000000, 0, 4), 0);  // key far before: 0
  EXPECT_EQ(shawIndex(7, 7, 4), 4);        // the diagonal: k
}

// shaw_index.py: the hand-made q, k, v, a^K, a^V of small_example() (length 5, depth 2, k 1).
struct Small {
  Matrix q = mat(5, 2, {1.0, 0.5, -1.0, 2.0, 0.25, 0.0, 2.0, -0.5, 0.0, 1.0});
  Matrix k = mat(5, 2, {0.5, 1.0, 1.0, -1.0, -0.5, 0.25, 0.0, 2.0, 1.5, 0.5});
  Matrix v = mat(5, 2, {1.0, 0.0, 0.0, 1.0, 1.0, 1.0, -1.0, 0.5, 0.5, -0.5});
  Matrix aK = mat(3, 2, {0.5, -1.0, 0.0, 0.25, 1.0, 1.0});
  Matrix aV = mat(3, 2, {2.0, 0.0, 0.0, -1.0, 0.5, 0.5});
};

TEST(Shaw, LogitsWeightsAndValueSideMatchTheReference) {
  const Small s;
  const std::vector<Index> pos = range(5);
  const ShawScores sc = shawScoresOf(1, pos, s.q, pos, s.k, s.aK);
  EXPECT_MATRIX_NEAR(sc.content, mat(5, 5, {0.7071067811865476,   0.3535533905932738,
                                            -0.26516504294495535, 0.7071067811865476,
                                            1.2374368670764584,   1.0606601717798214,
                                            -2.121320343559643,   0.7071067811865476,
                                            2.8284271247461903,   -0.35355339059327384,
                                            0.08838834764831845,  0.1767766952966369,
                                            -0.08838834764831845, 0.0,
                                            0.26516504294495535,  0.3535533905932738,
                                            1.7677669529663689,   -0.7954951288348661,
                                            -0.7071067811865476,  1.9445436482630059,
                                            0.7071067811865476,   -0.7071067811865476,
                                            0.1767766952966369,   1.4142135623730951,
                                            0.3535533905932738}),
                     kTol);
  EXPECT_MATRIX_NEAR(sc.relative,
                     mat(5, 5,
                         {0.08838834764831845,
                          1.0606601717798214,
                          1.0606601717798214,
                          1.0606601717798214,
                          1.0606601717798214,
                          -1.7677669529663689,
                          0.3535533905932738,
                          0.7071067811865476,
                          0.7071067811865476,
                          0.7071067811865476,
                          0.08838834764831845,
                          0.08838834764831845,
                          0.0,
                          0.1767766952966369,
                          0.1767766952966369,
                          1.0606601717798214,
                          1.0606601717798214,
                          1.0606601717798214,
                          -0.08838834764831845,
                          1.0606601717798214,
                          -0.7071067811865476,
                          -0.7071067811865476,
                          -0.7071067811865476,
                          -0.7071067811865476,
                          0.1767766952966369}),
                     kTol);
  EXPECT_MATRIX_NEAR(sc.total(),
                     mat(5, 5, {0.7954951288348661,   1.4142135623730951,  0.7954951288348661,
                                1.7677669529663689,   2.29809703885628,    -0.7071067811865475,
                                -1.767766952966369,   1.4142135623730951,  3.5355339059327378,
                                0.35355339059327373,  0.1767766952966369,  0.26516504294495535,
                                -0.08838834764831845, 0.1767766952966369,  0.4419417382415922,
                                1.4142135623730951,   2.8284271247461903,  0.26516504294495535,
                                -0.7954951288348661,  3.0052038200428273,  0.0,
                                -1.4142135623730951,  -0.5303300858899107, 0.7071067811865476,
                                0.5303300858899107}),
                     kTol);
  const Matrix w = shawSoftmaxRows(sc.total());
  EXPECT_MATRIX_NEAR(w, mat(5, 5, {0.09095989075647788,  0.16887133303625979, 0.09095989075647788,
                                   0.24049287722204454,  0.40871600822873994, 0.012170183838782786,
                                   0.004213648253651641, 0.10152543480925315, 0.8469398695820206,
                                   0.03515086351629173,  0.19368067488952598, 0.21157914675737116,
                                   0.14856844397351066,  0.19368067488952598, 0.2524910594900662,
                                   0.09570725691807769,  0.3936679107705581,  0.030333284441258563,
                                   0.010502207091245636, 0.46978934077886003, 0.1798840805343241,
                                   0.04373283023620606,  0.10584571982296921, 0.36482559869154313,
                                   0.3057117707149574}),
                     kTol);
  const Matrix side = shawValueSideOf(1, pos, w, s.aV);
  EXPECT_MATRIX_NEAR(side,
                     mat(5, 2,
                         {0.45452005462176104, 0.3635601638652832, 0.5161484516313484,
                          0.4875944357001311, 1.0336055104835902, 0.07451742321628545,
                          1.2743115746492188, 0.22439246329818438, 1.388576458570085,
                          -0.3057117707149574}),
                     kTol);
  // z = sum_j alpha_ij v_j + the value side (_relative_attention_inner, transpose=False).
  EXPECT_MATRIX_NEAR(Matrix(w * s.v + side),
                     mat(5, 2,
                         {0.6003049630270423, 0.5392798221546732, -0.19952036754449043,
                          0.9992280217959002, 1.308419484202134, 0.40525982164689717,
                          1.6247445793067394, 0.4187500916661938, 1.462336545593314,
                          -0.12657630666748929}),
                     kTol);
}

TEST(Shaw, ScoresAreTheSumOfTheTwoTermsOfTheStandIns) {
  const ShawParams p{.length = 40, .dim = 8, .clip = 3, .seed = 7};
  const std::vector<Index> pos = range(p.length);
  const ShawScores s = shawScores(p, pos, pos);
  // Recomputed from the documented draws: q~ = q / sqrt(d_z).
  for (Index i : {0, 5, 39})
    for (Index j : {0, 1, 8, 39}) {
      double content = 0, relative = 0;
      for (Index c = 0; c < p.dim; ++c) {
        const auto uc = static_cast<std::uint64_t>(c);
        const double q =
            normal(7, Tensor::ShawQuery, static_cast<std::uint64_t>(i), uc) / std::sqrt(8.0);
        content += q * normal(7, Tensor::ShawKey, static_cast<std::uint64_t>(j), uc);
        const auto t = static_cast<std::uint64_t>(std::clamp<Index>(j - i, -3, 3) + 3);
        relative += q * normal(7, Tensor::ShawKeyTable, t, uc);
      }
      EXPECT_NEAR(s.content(i, j), content, kTol) << i << "," << j;
      EXPECT_NEAR(s.relative(i, j), relative, kTol) << i << "," << j;
    }
  const Matrix view =
      whole(params({{"length", "40"}, {"dim", "8"}, {"clip", "3"}, {"seed", "7"}}), "scores");
  EXPECT_MATRIX_NEAR(view, s.total(), 0.0);
}

TEST(Shaw, RelativeTermDependsOnTheQueryAndTheClippedDistanceOnly) {
  const ShawParams p{.length = 30, .dim = 16, .clip = 4, .seed = 3};
  const std::vector<Index> pos = range(p.length);
  const Matrix rel = shawScores(p, pos, pos).relative;
  for (Index i = 0; i < p.length; ++i)
    for (Index j = 0; j < p.length; ++j) {
      // The same table row for every key at distance >= k on one side.
      const Index jFar = j - i >= 4 ? p.length - 1 : (j - i <= -4 ? 0 : j);
      EXPECT_EQ(rel(i, j), rel(i, jFar)) << i << "," << j;
    }
  // And it changes with the clipped distance (a test that could not fail would be no test).
  EXPECT_NE(rel(10, 10), rel(10, 11));
  EXPECT_NE(rel(10, 14), rel(10, 6));
}

TEST(Shaw, ValuesAreTheWeightedTableRowsAndTheirPartsAddUp) {
  const ShawParams p{.length = 24, .dim = 6, .clip = 2, .seed = 11};
  const std::vector<Index> pos = range(p.length);
  const Matrix w = shawSoftmaxRows(shawScores(p, pos, pos).total());
  for (Index i = 0; i < p.length; ++i) EXPECT_NEAR(w.row(i).sum(), 1.0, 1e-14);
  const Matrix aV = shawTable(p, false, range(2 * p.clip + 1), range(p.dim));
  const Matrix expected = shawValueSideOf(p.clip, pos, w, aV);
  const Matrix got = shawValues(p, pos, range(p.dim));
  EXPECT_MATRIX_NEAR(got, expected, 1e-13);
  for (Index i : {0, 1, 12, 23})
    for (Index c : {0, 5}) {
      const ShawValueParts parts = shawValueParts(p, i, c);
      EXPECT_NEAR(parts.valueSide(), got(i, c), 1e-13);
      double before = 0, after = 0, content = 0;
      for (Index j = 0; j < p.length; ++j) {
        if (j <= i - p.clip) before += w(i, j);
        if (j >= i + p.clip) after += w(i, j);
        content += w(i, j) * normal(11, Tensor::ShawValue, static_cast<std::uint64_t>(j),
                                    static_cast<std::uint64_t>(c));
      }
      EXPECT_NEAR(parts.massBefore, before, 1e-14);
      EXPECT_NEAR(parts.massAfter, after, 1e-14);
      EXPECT_NEAR(parts.content, content, 1e-13);
    }
  // Row 0 has no key before it: nothing is clipped to -k.
  EXPECT_EQ(shawValueParts(p, 0, 0).massBefore, 0.0);
}

TEST(Shaw, ReadoutTermsAddUpToTheCell) {
  const Scheme& s = findScheme("shaw");
  const ParamSet p = params({{"length", "20"}, {"seed", "4"}});
  const Matrix scores = whole(p, "scores");
  const std::vector<Term> t = s.explainCell(p, "scores", 3, 17);
  ASSERT_EQ(t.size(), 5u);
  EXPECT_NEAR(t[0].value + t[1].value, scores(3, 17), kTol);
  EXPECT_EQ(t[2].value, scores(3, 17));
  EXPECT_EQ(t[3].value, 14.0);
  EXPECT_EQ(t[4].value, 8.0);
  const Matrix values = whole(p, "values");
  const std::vector<Term> v = s.explainCell(p, "values", 9, 2);
  ASSERT_EQ(v.size(), 8u);
  EXPECT_NEAR(v[0].value + v[1].value + v[2].value, values(9, 2), 1e-13);
  EXPECT_NEAR(v[3].value, values(9, 2), 1e-13);
  EXPECT_NEAR(v[7].value, v[6].value + v[3].value, 1e-13);
  const std::vector<Term> idx = s.explainCell(p, "index", 10, 2);
  EXPECT_EQ(idx[0].value, -8.0);
  EXPECT_EQ(idx[1].value, -4.0);
  EXPECT_EQ(idx[2].value, 0.0);
}

TEST(Shaw, KeyTableIsTheDrawnTable) {
  const ParamSet p = params({{"clip", "2"}, {"dim", "3"}, {"seed", "9"}});
  const Matrix t = whole(p, "key_table");
  ASSERT_EQ(t.rows(), 5);
  ASSERT_EQ(t.cols(), 3);
  for (Index r = 0; r < 5; ++r)
    for (Index c = 0; c < 3; ++c)
      EXPECT_EQ(t(r, c), normal(9, Tensor::ShawKeyTable, static_cast<std::uint64_t>(r),
                                static_cast<std::uint64_t>(c)));
}

TEST(Shaw, InfoAndRefusals) {
  const Scheme& s = findScheme("shaw");
  std::vector<std::string> views;
  for (const auto& v : s.info().views) views.push_back(v.id);
  EXPECT_EQ(views, (std::vector<std::string>{"index", "key_table", "scores", "values"}));
  EXPECT_EQ(shawParamsFrom(makeParams(s, {})), ShawParams{});
  for (const auto& [key, value] : std::vector<std::pair<std::string, std::string>>{
           {"clip", "0"}, {"clip", "1025"}, {"dim", "0"}, {"length", "0"}}) {
    try {
      (void)makeParams(s, {{key, value}});
      ADD_FAILURE() << key << "=" << value;
    } catch (const ParamError& e) {
      EXPECT_EQ(e.param(), key);
    }
  }
  // The values view needs whole rows: refused past its cap, naming length.
  try {
    (void)computeMatrix(s, params({{"length", "65537"}}), "values");
    ADD_FAILURE();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "length");
  }
}

}  // namespace
}  // namespace posenc
