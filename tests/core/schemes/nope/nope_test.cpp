// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the nope scheme. Golden values are printed by tests/reference/nope.py: NumPy's
// causal softmax of q k^T / sqrt(d) (-inf above the diagonal) and its row entropies, written
// from the paper's definition of NoPE (Kazemnejad et al. 2023: the decoder's attention with
// nothing added for positions). Windowed rows follow huggingface/transformers
// src/transformers/masking_utils.py (sliding_window_overlay, chunked_overlay, and_masks with
// causal_mask_function) and the query scale src/transformers/models/llama4/modeling_llama4.py,
// Llama4TextAttention.forward (attn_scales = log1p(floor((cache_position + 1) / floor_scale)) *
// attn_scale + 1), both transcribed in nope.py.
#include "posenc/schemes/nope/nope.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include <gtest/gtest.h>

#include "support/eigen_near.hpp"
#include "support/indices.hpp"
#include "support/refused.hpp"

namespace posenc {
namespace {

using Sets = std::vector<std::pair<std::string, std::string>>;

/// The reference script's hand-made vectors: x[t, c] = ((a t + b c) mod 11 - 5) / 4.
Matrix inputs(Index length, Index d, Index a, Index b) {
  Matrix x(length, d);
  for (Index t = 0; t < length; ++t)
    for (Index c = 0; c < d; ++c) x(t, c) = static_cast<double>((a * t + b * c) % 11 - 5) / 4.0;
  return x;
}

using test::range;

TEST(NopeAttention, MatchesNumpysCausalSoftmaxAndEntropy) {
  // nope.py: attention (0 above the diagonal), entropy, uniform.
  const std::vector<double> attention{1,
                                      0,
                                      0,
                                      0,
                                      0,
                                      0.3486451353339457,
                                      0.65135486466605419,
                                      0,
                                      0,
                                      0,
                                      0.20400879070038513,
                                      0.69015284295094026,
                                      0.10583836634867456,
                                      0,
                                      0,
                                      0.11879616825458979,
                                      0.092518548862556893,
                                      0.56674482178277774,
                                      0.22194046110007545,
                                      0,
                                      0.16049617444260017,
                                      0.22633588370493324,
                                      0.22633588370493324,
                                      0.16049617444260017,
                                      0.22633588370493324};
  const std::vector<double> entropy{0, 0.64660388786023471, 0.81792484496764439, 1.1292241913155017,
                                    1.5960762918740155};
  const std::vector<double> uniform{0, 0.69314718055994529, 1.0986122886681096, 1.3862943611198906,
                                    1.6094379124341003};
  const Matrix q = inputs(5, 4, 7, 3);
  const Matrix k = inputs(5, 4, 5, 2);
  for (Index i = 0; i < 5; ++i) {
    const Vector w = nopeRowWeights(q.row(i).transpose(), k, i);
    ASSERT_EQ(w.size(), i + 1);
    for (Index j = 0; j <= i; ++j)
      EXPECT_NEAR(w(j), attention[static_cast<std::size_t>(i * 5 + j)], 1e-15) << i << ", " << j;
    const auto at = static_cast<std::size_t>(i);
    EXPECT_NEAR(nopeEntropy(w), entropy[at], 1e-14) << i;
    EXPECT_LE(nopeEntropy(w), uniform[at] + 1e-15);
    EXPECT_NEAR(nopeEntropy(Vector::Constant(i + 1, 1.0 / static_cast<double>(i + 1))), uniform[at],
                1e-14);
  }
}

TEST(NopeAttention, RowsSumToOneAndAreMaskedAboveTheDiagonal) {
  NopeParams p;
  p.length = 50;
  p.dim = 16;
  p.seed = 7;
  const std::vector<Index> all = range(50);
  const Matrix a = nopeAttention(p, all, all);
  for (Index i = 0; i < 50; ++i) {
    double sum = 0;
    for (Index j = 0; j < 50; ++j) {
      if (j > i) {
        EXPECT_TRUE(std::isnan(a(i, j))) << i << ", " << j;
      } else {
        EXPECT_GT(a(i, j), 0.0);
        sum += a(i, j);
      }
    }
    EXPECT_NEAR(sum, 1.0, 1e-14) << i;
  }
  EXPECT_EQ(a(0, 0), 1.0);
  // The weights are those of the drawn vectors; a sampled region equals the full matrix.
  const Matrix q = nopeQueries(p, all);
  const Matrix k = nopeKeys(p, 50);
  EXPECT_MATRIX_NEAR(nopeRowWeights(q.row(31).transpose(), k, 31).transpose(), a.row(31).head(32),
                     1e-15);
  const std::vector<Index> rows{4, 30, 49};
  const std::vector<Index> cols{0, 4, 31, 49};
  const Matrix part = nopeAttention(p, rows, cols);
  for (std::size_t r = 0; r < rows.size(); ++r)
    for (std::size_t c = 0; c < cols.size(); ++c) {
      const double full = a(rows[r], cols[c]);
      const double got = part(static_cast<Index>(r), static_cast<Index>(c));
      EXPECT_TRUE(std::isnan(full) ? std::isnan(got) : got == full);
    }
}

TEST(NopeAttention, ReadoutTermsGiveTheCellsWeightAndLogit) {
  const Scheme& s = findScheme("nope");
  const ParamSet params = makeParams(s, {{"length", "40"}, {"dim", "8"}, {"seed", "2"}});
  const NopeParams p = nopeParamsFrom(params);
  const std::vector<Index> row{17};
  const std::vector<Index> col{5};
  const double cell = nopeAttention(p, row, col)(0, 0);
  const std::vector<Term> terms = s.explainCell(params, "attention", 17, 5);
  ASSERT_EQ(terms.size(), 6u);
  EXPECT_NEAR(terms[3].value, cell, 1e-15);
  const double logit = nopeQueries(p, row).row(0).dot(nopeKeyRow(p, 5)) / std::sqrt(8.0);
  EXPECT_NEAR(terms[2].value, logit, 1e-14);
  EXPECT_EQ(terms[4].value, 18.0);
  const std::vector<Term> masked = s.explainCell(params, "attention", 3, 9);
  EXPECT_TRUE(std::isnan(masked[3].value));
}

TEST(NopeMask, IsOneOnAndBelowTheDiagonal) {
  const std::vector<Index> all = range(6);
  const Matrix m = nopeMask(all, all);
  for (Index i = 0; i < 6; ++i)
    for (Index j = 0; j < 6; ++j) EXPECT_EQ(m(i, j), j <= i ? 1.0 : 0.0);
}

TEST(NopeEntropy, RowZeroIsZeroAndEveryRowIsAtMostUniform) {
  const Scheme& s = findScheme("nope");
  const SeriesResult r = s.series(makeParams(s, {{"length", "300"}}), "entropy");
  ASSERT_EQ(r.curves.size(), 2u);
  ASSERT_EQ(r.x.size(), 300u);
  EXPECT_EQ(r.curves[0].y[0], 0.0);
  for (std::size_t i = 0; i < r.x.size(); ++i) {
    EXPECT_DOUBLE_EQ(r.curves[1].y[i], std::log(r.x[i] + 1.0));
    EXPECT_LE(r.curves[0].y[i], r.curves[1].y[i] + 1e-12);
    EXPECT_GE(r.curves[0].y[i], 0.0);
  }
  // Random q and k give rows far from one-hot: the entropy grows with the row.
  EXPECT_GT(r.curves[0].y[299], r.curves[0].y[10]);
}

TEST(NopeScheme, RefusesLongRowsAndBadParametersByName) {
  const Scheme& s = findScheme("nope");
  EXPECT_EQ(test::refusedParam(s, Sets{{"dim", "0"}}), "dim");
  EXPECT_EQ(test::refusedParam(s, Sets{{"length", "0"}}), "length");
  const ParamSet longRows = makeParams(s, {{"length", "100000"}});
  try {
    (void)s.shape(longRows, "attention");
    ADD_FAILURE() << "accepted";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "length");
  }
  EXPECT_THROW((void)s.series(longRows, "entropy"), ParamError);
  EXPECT_EQ(s.shape(longRows, "mask").rows, 100000);
}

/// Golden rows of nope.py (5 x 5, 0 where masked) against nopeRowWeights of the hand-made
/// vectors over the window's keys, each query multiplied by its scale.
void expectRows(const NopeParams& p, const std::vector<double>& want) {
  const Matrix q = inputs(5, 4, 7, 3);
  const Matrix k = inputs(5, 4, 5, 2);
  for (Index i = 0; i < 5; ++i) {
    const Index first = windowFirstKey(p.window, i);
    const Vector w = nopeRowWeights(q.row(i).transpose() * nopeQueryScale(p, i), k, first, i);
    ASSERT_EQ(w.size(), i - first + 1);
    for (Index j = 0; j < 5; ++j) {
      const double g = want[static_cast<std::size_t>(i * 5 + j)];
      if (!nopeAttends(p, i, j)) {
        EXPECT_EQ(g, 0.0) << i << ", " << j;  // the reference's mask is ours
      } else {
        EXPECT_NEAR(w(j - first), g, 1e-15) << i << ", " << j;
      }
    }
  }
}

TEST(NopeWindow, SlidingAndChunkedRowsMatchNumpysMaskedSoftmax) {
  // nope.py: sliding (window 2) and chunked (chunk 2): the softmax renormalised over the keys
  // the window leaves (the others' logits -inf).
  NopeParams p;
  p.window = {2, WindowKind::Sliding};
  expectRows(p, {1,
                 0,
                 0,
                 0,
                 0,
                 0.34864513533394575,
                 0.65135486466605419,
                 0,
                 0,
                 0,
                 0,
                 0.86703575980217062,
                 0.13296424019782924,
                 0,
                 0,
                 0,
                 0,
                 0.71859439257085611,
                 0.28140560742914383,
                 0,
                 0,
                 0,
                 0,
                 0.41489884579676883,
                 0.58510115420323117});
  p.window = {2, WindowKind::Chunked};
  expectRows(p, {1, 0, 0, 0, 0, 0.34864513533394575, 0.65135486466605419, 0, 0, 0, 0, 0,
                 1, 0, 0, 0, 0, 0.71859439257085611, 0.28140560742914383, 0, 0, 0, 0, 0,
                 1});
}

TEST(NopeWindow, AttentionMasksOutsideTheWindowAndRenormalises) {
  const Scheme& s = findScheme("nope");
  const std::vector<Index> all = range(40);
  for (const char* kind : {"sliding", "chunked"}) {
    SCOPED_TRACE(kind);
    const ParamSet params = makeParams(
        s, {{"length", "40"}, {"dim", "8"}, {"seed", "3"}, {"window", "6"}, {"window_kind", kind}});
    const NopeParams p = nopeParamsFrom(params);
    const Matrix a = nopeAttention(p, all, all);
    const Matrix mask = s.evaluate(params, "mask", all, all);
    const Matrix q = nopeQueries(p, all);
    const Matrix k = nopeKeys(p, 40);
    for (Index i = 0; i < 40; ++i) {
      double sum = 0;
      Index n = 0;
      for (Index j = 0; j < 40; ++j) {
        const bool in = windowBlock(p.window, i, j) == WindowBlock::None && j <= i;
        EXPECT_EQ(mask(i, j), in ? 1.0 : 0.0) << i << ", " << j;
        EXPECT_EQ(std::isnan(a(i, j)), !in) << i << ", " << j;
        if (in) {
          sum += a(i, j);
          ++n;
        }
      }
      EXPECT_NEAR(sum, 1.0, 1e-14) << i;
      EXPECT_EQ(n, std::string(kind) == "sliding" ? std::min<Index>(i + 1, 6) : i % 6 + 1);
      // Bit for bit the row weights over the window's keys.
      const Index first = windowFirstKey(p.window, i);
      const Vector w = nopeRowWeights(q.row(i).transpose(), k, first, i);
      for (Index j = first; j <= i; ++j) EXPECT_EQ(a(i, j), w(j - first)) << i << ", " << j;
    }
    // The readout says why a cell is masked and agrees with the cell it explains.
    const std::vector<Term> t = s.explainCell(params, "attention", 30, 2);
    EXPECT_TRUE(std::isnan(t[2].value));
    EXPECT_NE(t.back().name.find("masked"), std::string::npos) << t.back().name;
    const std::vector<Term> in = s.explainCell(params, "attention", 31, 30);
    EXPECT_NEAR(in[3].value, a(31, 30), 1e-15);
    EXPECT_EQ(in[4].value, std::string(kind) == "sliding" ? 6.0 : 2.0);  // keys in the window
    EXPECT_NE(in.back().name.find("attended"), std::string::npos);
    // The entropy's uniform reference is ln of the keys in the window.
    const SeriesResult e = s.series(params, "entropy");
    for (std::size_t x = 0; x < e.x.size(); ++x) {
      const auto i = static_cast<Index>(e.x[x]);
      EXPECT_EQ(e.curves[1].y[x],
                std::log(static_cast<double>(i - windowFirstKey(p.window, i) + 1)));
      EXPECT_LE(e.curves[0].y[x], e.curves[1].y[x] + 1e-12);
    }
  }
}

TEST(NopeWindow, NoWindowIsTheCausalMaskBitForBit) {
  // The defaults draw what they drew before the window existed.
  const Scheme& s = findScheme("nope");
  const ParamSet plain = makeParams(s, {{"length", "30"}, {"seed", "5"}});
  const ParamSet zero = makeParams(s, {{"length", "30"},
                                       {"seed", "5"},
                                       {"window", "0"},
                                       {"window_kind", "chunked"},
                                       {"floor_scale", "1"}});
  const std::vector<Index> all = range(30);
  const NopeParams p = nopeParamsFrom(plain);
  const Matrix q = nopeQueries(p, all);
  const Matrix k = nopeKeys(p, 30);
  const Matrix a = s.evaluate(zero, "attention", all, all);
  for (Index i = 0; i < 30; ++i) {
    const Vector w = nopeRowWeights(q.row(i).transpose(), k, i);
    for (Index j = 0; j < 30; ++j) {
      if (j <= i) EXPECT_EQ(a(i, j), w(j)) << i << ", " << j;
      else EXPECT_TRUE(std::isnan(a(i, j)));
    }
  }
  EXPECT_EQ(s.explainCell(plain, "attention", 17, 5).size(), 6u);
}

TEST(NopeTemperature, ScaleIsLlama4sLog1pOfTheFloor) {
  // Python: math.log1p(math.floor((p + 1.0) / 8192)) * 0.1 + 1.0 (modeling_llama4.py).
  NopeParams p;
  p.temperatureTuning = true;
  const std::vector<std::pair<Index, double>> want{{0, 1.0},
                                                   {1, 1.0},
                                                   {8190, 1.0},
                                                   {8191, 1.0693147180559945},
                                                   {8192, 1.0693147180559945},
                                                   {16382, 1.0693147180559945},
                                                   {16383, 1.109861228866811},
                                                   {24575, 1.138629436111989},
                                                   {100000, 1.2564949357461537},
                                                   {1048575, 1.4859812404361672}};
  for (const auto& [i, v] : want) EXPECT_NEAR(nopeQueryScale(p, i), v, 1e-15) << i;
  // Properties: 1 while i + 1 < floor_scale; 1 + attn_scale ln 2 at i = floor_scale - 1.
  for (Index i = 0; i < 8191; i += 97) EXPECT_EQ(nopeQueryScale(p, i), 1.0) << i;
  EXPECT_NEAR(nopeQueryScale(p, 8191), 1.0 + 0.1 * std::log(2.0), 1e-15);
  p.floorScale = 100;
  p.attnScale = 0.5;
  EXPECT_NEAR(nopeQueryScale(p, 299), 1.0 + 0.5 * std::log(4.0), 1e-15);
  EXPECT_NEAR(nopeQueryScale(p, 298), 1.0 + 0.5 * std::log(3.0), 1e-15);
  p.temperatureTuning = false;
  EXPECT_EQ(nopeQueryScale(p, 1048575), 1.0);
}

TEST(NopeTemperature, TunedRowsMatchNumpysScaledQueries) {
  // nope.py: floor_scale 2, attn_scale 0.5, causal; the scales themselves first.
  NopeParams p;
  p.temperatureTuning = true;
  p.floorScale = 2;
  p.attnScale = 0.5;
  const std::vector<double> scales{1, 1.3465735902799727, 1.3465735902799727, 1.5493061443340548,
                                   1.5493061443340548};
  for (Index i = 0; i < 5; ++i)
    EXPECT_NEAR(nopeQueryScale(p, i), scales[static_cast<std::size_t>(i)], 1e-15) << i;
  expectRows(p, {1,
                 0,
                 0,
                 0,
                 0,
                 0.30119612476906121,
                 0.69880387523093879,
                 0,
                 0,
                 0,
                 0.15210773446586853,
                 0.78503288789717041,
                 0.062859377636961103,
                 0,
                 0,
                 0.064237905112943791,
                 0.043609147033681163,
                 0.72298198823267557,
                 0.1691709596206995,
                 0,
                 0.14064830316611132,
                 0.23956779788925911,
                 0.23956779788925908,
                 0.14064830316611132,
                 0.23956779788925911});
}

TEST(NopeTemperature, TheAttentionViewsScaleTheQueryFromFloorScaleOn) {
  const Scheme& s = findScheme("nope");
  const Sets base{{"length", "48"}, {"dim", "8"}, {"seed", "4"}};
  Sets tunedSets = base;
  tunedSets.insert(tunedSets.end(),
                   {{"temperature_tuning", "true"}, {"floor_scale", "16"}, {"attn_scale", "0.7"}});
  const ParamSet off = makeParams(s, base);
  const ParamSet on = makeParams(s, tunedSets);
  const std::vector<Index> all = range(48);
  const Matrix a = s.evaluate(off, "attention", all, all);
  const Matrix b = s.evaluate(on, "attention", all, all);
  const NopeParams p = nopeParamsFrom(on);
  const Matrix q = nopeQueries(p, all);
  const Matrix k = nopeKeys(p, 48);
  for (Index i = 0; i < 48; ++i) {
    // Rows before i + 1 = floor_scale are untouched (scale 1), later rows differ.
    if (i + 1 < 16) EXPECT_EQ(a.row(i).head(i + 1), b.row(i).head(i + 1)) << i;
    else EXPECT_NE(a.row(i).head(i + 1), b.row(i).head(i + 1)) << i;
    const Vector w = nopeRowWeights(q.row(i).transpose() * nopeQueryScale(p, i), k, i);
    EXPECT_EQ(b.row(i).head(i + 1), w.transpose()) << i;
  }
  // The readout gives the scale and the scaled logit.
  const std::vector<Term> t = s.explainCell(on, "attention", 40, 7);
  EXPECT_NEAR(t[2].value,
              (q.row(40) * nopeQueryScale(p, 40)).dot(nopeKeyRow(p, 7)) / std::sqrt(8.0), 1e-14);
  EXPECT_NEAR(t[3].value, b(40, 7), 1e-15);
  EXPECT_NEAR(t.back().value, 1.0 + 0.7 * std::log(3.0), 1e-15);
  // Sharper rows: the scale above 1 lowers the entropy of a row compared with scale 1 on
  // average (the same logits, multiplied).
  const SeriesResult eOff = s.series(off, "entropy");
  const SeriesResult eOn = s.series(on, "entropy");
  double dropped = 0;
  for (std::size_t x = 16; x < eOn.x.size(); ++x)
    dropped += eOff.curves[0].y[x] - eOn.curves[0].y[x];
  EXPECT_GT(dropped, 0.0);
  for (std::size_t x = 0; x < 15; ++x) EXPECT_EQ(eOff.curves[0].y[x], eOn.curves[0].y[x]) << x;
}

TEST(NopeTemperature, TheSeriesIsTheStaircaseWithEveryStepExact) {
  const Scheme& s = findScheme("nope");
  const SeriesResult r =
      s.series(makeParams(s, {{"length", "1048576"}, {"temperature_tuning", "true"}}),
               "temperature");
  ASSERT_EQ(r.curves.size(), 1u);
  EXPECT_EQ(r.curves[0].style, CurveStyle::Steps);
  NopeParams p;
  p.temperatureTuning = true;
  bool sawStep = false;
  for (std::size_t x = 0; x < r.x.size(); ++x) {
    const auto i = static_cast<Index>(r.x[x]);
    EXPECT_EQ(r.curves[0].y[x], nopeQueryScale(p, i)) << i;
    sawStep = sawStep || i == 8191;
  }
  EXPECT_TRUE(sawStep);
  // The staircase's values, from Python's math.log1p(math.floor((i + 1) / 8192)) * 0.1 + 1.
  const auto yAt = [&](double i) {
    const auto it = std::find(r.x.begin(), r.x.end(), i);
    return it == r.x.end() ? -1.0 : r.curves[0].y[static_cast<std::size_t>(it - r.x.begin())];
  };
  EXPECT_EQ(yAt(0), 1.0);
  EXPECT_EQ(yAt(8190), 1.0);
  EXPECT_NEAR(yAt(8191), 1.0693147180559945, 1e-15);
  EXPECT_NEAR(yAt(16382), 1.0693147180559945, 1e-15);
  EXPECT_NEAR(yAt(16383), 1.109861228866811, 1e-15);
  EXPECT_NEAR(yAt(1048575), 1.4859812404361672, 1e-15);
  // Both sides of every step are drawn: 8190 and 8191, ..., 1048574 and 1048575.
  for (Index k = 1; k <= 128; ++k) {
    const double at = static_cast<double>(k * 8192 - 1);
    EXPECT_TRUE(std::find(r.x.begin(), r.x.end(), at) != r.x.end()) << k;
    EXPECT_TRUE(std::find(r.x.begin(), r.x.end(), at - 1) != r.x.end()) << k;
  }
  // Off: 1 everywhere.
  const SeriesResult flat = s.series(makeParams(s, {{"length", "100000"}}), "temperature");
  for (const double y : flat.curves[0].y) EXPECT_EQ(y, 1.0);
}

}  // namespace
}  // namespace posenc
