// SPDX-License-Identifier: GPL-3.0-or-later
// Tests of the Transformer-XL relative attention scheme
// (core/include/posenc/schemes/xl/transformer_xl.hpp). Golden numbers come from an independent
// numpy script that reimplements the portable generator (SplitMix64 + Box-Muller), the reference
// `PositionalEmbedding` and `_rel_shift` with numpy reshapes, and the reference score formula (AC +
// BD) * scale.
#include "posenc/schemes/xl/transformer_xl.hpp"

#include <cmath>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "../../../../core/src/compute/parallel.hpp"
#include "posenc/base/random.hpp"
#include "support/eigen_near.hpp"
#include "support/softmax_rows.hpp"

namespace posenc {
namespace {

constexpr double X = kMasked;
using Sets = std::vector<std::pair<std::string, std::string>>;

Matrix rows2x3(std::initializer_list<double> v) {
  Matrix m(2, 3);
  auto it = v.begin();
  for (Index i = 0; i < 2; ++i)
    for (Index j = 0; j < 3; ++j) m(i, j) = *it++;
  return m;
}

Matrix view(const Scheme& s, const ParamSet& ps, const std::string& id) {
  return computeMatrix(s, ps, id).values;
}

std::string paramOfError(const Sets& sets) {
  const auto scheme = makeXlScheme();
  try {
    (void)makeParams(*scheme, sets);
  } catch (const ParamError& e) {
    return e.param();
  }
  return "(accepted)";
}

// ---- Independent re-derivation of every cell (no code under test except posenc::normal). --

/// R_delta written out from the paper's formula, concatenated layout, base 10000.
std::vector<double> sinusoid(double pos, int d) {
  std::vector<double> r(static_cast<std::size_t>(d));
  for (int i = 0; i < d / 2; ++i) {
    const double w = 1.0 / std::pow(10000.0, 2.0 * i / d);
    r[static_cast<std::size_t>(i)] = std::sin(pos * w);
    r[static_cast<std::size_t>(d / 2 + i)] = std::cos(pos * w);
  }
  return r;
}

struct Naive {
  Matrix a, b, c, d, scores;  ///< per-cell loop (unmasked cells; masked NaN)
  Matrix bdExplicit;          ///< (q+v).r via the seed article's [qlen][klen][d_head] tensor
};

Naive naiveTerms(const XlParams& p) {
  const int klen = p.mlen + p.qlen, dh = p.dModel / p.heads, c0 = p.head * dh;
  const double sd = std::sqrt(static_cast<double>(p.dModel));
  auto h = [&](int r, int c) { return normal(p.seed, Tensor::XlContent, r, c); };
  auto w = [&](Tensor t, int r, int c) { return normal(p.seed, t, r, c0 + c) / sd; };
  auto proj = [&](int row, Tensor t) {  // h[row] W_t (this head)
    std::vector<double> out(static_cast<std::size_t>(dh), 0.0);
    for (int e = 0; e < dh; ++e)
      for (int m = 0; m < p.dModel; ++m) out[static_cast<std::size_t>(e)] += h(row, m) * w(t, m, e);
    return out;
  };
  auto lookup = [&](int delta) {
    int L = delta;
    if (p.clampLen > 0 && L > p.clampLen) L = p.clampLen;
    if (p.relative == XlRelative::Learned) L = std::max(1 - p.maxLen, std::min(L, p.maxLen - 1));
    return L;
  };
  auto relRow = [&](int L) {
    if (p.relative == XlRelative::Sinusoidal) return sinusoid(L, p.dModel);
    std::vector<double> r(static_cast<std::size_t>(p.dModel));
    for (int m = 0; m < p.dModel; ++m)
      r[static_cast<std::size_t>(m)] =
          normal(p.seed, Tensor::XlRelTable, static_cast<std::uint64_t>(L + 65535), m) /
          std::sqrt(2.0);
    return r;
  };
  auto rproj = [&](int L) {
    const auto R = relRow(L);
    std::vector<double> out(static_cast<std::size_t>(dh), 0.0);
    for (int e = 0; e < dh; ++e)
      for (int m = 0; m < p.dModel; ++m)
        out[static_cast<std::size_t>(e)] += R[static_cast<std::size_t>(m)] * w(Tensor::XlWr, m, e);
    return out;
  };
  auto dot = [](const std::vector<double>& x, const std::vector<double>& y) {
    double s = 0;
    for (std::size_t k = 0; k < x.size(); ++k) s += x[k] * y[k];
    return s;
  };
  std::vector<double> u(static_cast<std::size_t>(dh)), v(u);
  for (int e = 0; e < dh; ++e) {
    u[static_cast<std::size_t>(e)] = normal(p.seed, Tensor::XlU, p.head, e);
    v[static_cast<std::size_t>(e)] = normal(p.seed, Tensor::XlV, p.head, e);
  }
  const double s = 1.0 / std::sqrt(static_cast<double>(dh));
  // The seed article's explicit tensor: every (i, j) gets its own projected relative vector.
  std::vector<std::vector<std::vector<double>>> rel(static_cast<std::size_t>(p.qlen),
                                                    std::vector<std::vector<double>>(klen));
  for (int i = 0; i < p.qlen; ++i)
    for (int j = 0; j < klen; ++j)
      rel[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)] = rproj(lookup(i + p.mlen - j));

  Naive n;
  for (Matrix* m : {&n.a, &n.b, &n.c, &n.d, &n.scores, &n.bdExplicit})
    *m = Matrix::Constant(p.qlen, klen, X);
  for (int i = 0; i < p.qlen; ++i) {
    const auto q = proj(p.mlen + i, Tensor::XlWq);
    std::vector<double> qv = q;
    for (int e = 0; e < dh; ++e) qv[static_cast<std::size_t>(e)] += v[static_cast<std::size_t>(e)];
    for (int j = 0; j <= i + p.mlen; ++j) {
      const auto k = proj(j, Tensor::XlWk);
      const auto r = rproj(lookup(i + p.mlen - j));
      n.a(i, j) = dot(q, k) * s;
      n.b(i, j) = dot(q, r) * s;
      n.c(i, j) = dot(u, k) * s;
      n.d(i, j) = dot(v, r) * s;
      n.scores(i, j) = n.a(i, j) + n.b(i, j) + n.c(i, j) + n.d(i, j);
      const auto& rij = rel[static_cast<std::size_t>(i)][static_cast<std::size_t>(j)];
      n.bdExplicit(i, j) = dot(qv, rij) * s;
    }
  }
  return n;
}

/// Shapes for the cross-checks: no memory, memory, clamp_len < klen, learned, other heads.
const std::vector<Sets>& shapes() {
  static const std::vector<Sets> s = {
      {{"qlen", "1"}, {"d_model", "4"}, {"heads", "1"}},
      {{"qlen", "5"}, {"d_model", "8"}, {"heads", "2"}, {"head", "1"}, {"seed", "11"}},
      {{"qlen", "4"}, {"mlen", "3"}, {"d_model", "12"}, {"heads", "3"}, {"head", "2"}},
      {{"qlen", "3"}, {"mlen", "6"}, {"d_model", "8"}, {"heads", "2"}, {"clamp_len", "2"}},
      {{"qlen", "6"},
       {"mlen", "2"},
       {"d_model", "6"},
       {"heads", "1"},
       {"clamp_len", "4"},
       {"seed", "5"}},
      {{"qlen", "4"},
       {"mlen", "2"},
       {"d_model", "9"},
       {"heads", "3"},
       {"head", "1"},
       {"relative", "learned"},
       {"max_len", "3"}},
      {{"qlen", "5"},
       {"mlen", "4"},
       {"d_model", "8"},
       {"heads", "4"},
       {"relative", "learned"},
       {"max_len", "20"},
       {"clamp_len", "3"},
       {"seed", "9"}},
  };
  return s;
}

// ---- rel-shift -------------------------------------------------------------------------

TEST(XlRelShift, ReadsThePaddedBufferAsTorchViewsDo) {
  // numpy: cat([0], x) -> reshape(k+1, q)[1:] -> reshape(q, k).
  const Matrix x = rows2x3({1, 2, 3, 4, 5, 6});
  EXPECT_MATRIX_NEAR(xlRelShift(x), rows2x3({2, 3, 0, 4, 5, 6}), 0.0);
  Matrix sq(3, 3);
  sq << 1, 2, 3, 4, 5, 6, 7, 8, 9;
  Matrix want(3, 3);
  want << 3, 0, 4, 5, 6, 0, 7, 8, 9;
  EXPECT_MATRIX_NEAR(xlRelShift(sq), want, 0.0);
}

TEST(XlRelShift, EqualsNaiveLoopAndExplicitTensorOnEveryUnmaskedCell) {
  const auto scheme = makeXlScheme();
  for (const Sets& sets : shapes()) {
    SCOPED_TRACE(::testing::PrintToString(sets));
    const ParamSet ps = makeParams(*scheme, sets);
    const Naive n = naiveTerms(xlParamsFrom(ps));
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "a"), n.a, 1e-12);
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "b"), n.b, 1e-12);
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "c"), n.c, 1e-12);
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "d"), n.d, 1e-12);
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "scores"), n.scores, 1e-12);
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "bd"), n.bdExplicit, 1e-12);
  }
}

// ---- golden tables (numpy) ---------------------------------------------------------------

TEST(XlGolden, SeedZeroTwoQueriesOneMemorySinusoidal) {
  const auto scheme = makeXlScheme();
  const ParamSet ps =
      makeParams(*scheme,
                 {{"qlen", "2"}, {"mlen", "1"}, {"d_model", "4"}, {"heads", "1"}, {"seed", "0"}});
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "a"),
                     rows2x3({0.3165734791327972, -0.2591794688412653, X, 0.03430268533569699,
                              0.0026434871442111802, 0.02000869946680375}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "b"),
                     rows2x3({-0.1915583575938593, -0.517532839296792, X, 0.13507722135223876,
                              0.1279437502219913, 0.0703419300103027}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "c"),
                     rows2x3({-0.6289096377534081, 0.2803031484936293, X, -0.6289096377534081,
                              0.2803031484936293, 0.046722458235051806}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "d"),
                     rows2x3({-1.0898167973744222, -1.063759836510735, X, -0.5130006832874556,
                              -1.0898167973744222, -1.063759836510735}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "ac"),
                     rows2x3({-0.3123361586206109, 0.02112367965236403, X, -0.5946069524177111,
                              0.28294663563784056, 0.06673115770185553}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "bd"),
                     rows2x3({-1.2813751549682817, -1.5812926758075267, X, -0.37792346193521703,
                              -0.9618730471524309, -0.9934179065004325}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "scores"),
                     rows2x3({-1.5937113135888925, -1.5601689961551628, X, -0.9725304143529281,
                              -0.6789264115145903, -0.9266867487985769}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "attention"),
                     rows2x3({0.49161520676202375, 0.5083847932379764, X, 0.295145151831535,
                              0.3958642218220784, 0.30899062634638663}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "mask"), rows2x3({1, 1, 0, 1, 1, 1}), 0.0);
}

TEST(XlGolden, LearnedTableClampsDistanceTwoToMaxLenMinusOne) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "2"},
                                           {"mlen", "1"},
                                           {"d_model", "4"},
                                           {"heads", "1"},
                                           {"relative", "learned"},
                                           {"max_len", "2"},
                                           {"seed", "3"}});
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "b"),
                     rows2x3({-0.7112308467732691, -0.3239079678985749, X, 0.1654478735864432,
                              0.1654478735864432, -0.21967855454990645}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "d"),
                     rows2x3({-0.11961513883147498, -0.2517637679618337, X, -0.11961513883147498,
                              -0.11961513883147498, -0.2517637679618337}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "scores"),
                     rows2x3({-1.2299560546290043, 0.2099147022311415, X, 0.35134680691264475,
                              -0.6049497453894764, -0.03134598619823492}),
                     1e-13);
  EXPECT_MATRIX_NEAR(view(*scheme, ps, "attention"),
                     rows2x3({0.19156536339985605, 0.808434636600144, X, 0.4839484163796986,
                              0.18598792848835152, 0.33006365513194985}),
                     1e-13);
}

XlTensors literalTensors() {
  XlParams p;
  p.qlen = 2;
  p.mlen = 1;
  p.dModel = 4;
  p.heads = 1;
  p.clampLen = 1;
  XlTensors t;
  t.mlen = 1;
  t.content.resize(3, 4);
  t.content << 1, 0, 2, -1, 0.5, 1, 0, 1, -1, 2, 1, 0;
  t.wq.resize(4, 2);
  t.wq << 1, 0, 0, 1, 1, 1, 0, -1;
  t.wk.resize(4, 2);
  t.wk << 0, 1, 1, 0, 1, -1, 2, 0;
  t.wr.resize(4, 2);
  t.wr << 1, 2, 0, 1, -1, 0, 1, 1;
  t.u = Vector{{0.5, -1.0}};
  t.v = Vector{{2.0, 0.25}};
  t.rel = xlRelativeRows(p);
  return t;
}

TEST(XlGolden, LiteralTensorsWithClampLenOne) {
  const XlTensors t = literalTensors();
  Matrix rel(3, 4);  // pos_seq = [2, 1, 0] clamped to [1, 1, 0]
  rel << 0.8414709848078965, 0.00999983333416666, 0.5403023058681398, 0.9999500004166653,
      0.8414709848078965, 0.00999983333416666, 0.5403023058681398, 0.9999500004166653,  //
      0, 0, 1, 1;
  EXPECT_MATRIX_NEAR(t.rel, rel, 1e-15);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::A),
                     rows2x3({0.0, 1.0606601717798212, X, -2.1213203435596424, 1.0606601717798212,
                              -4.242640687119285}),
                     1e-14);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::B),
                     rows2x3({0.46001492065070554, 0.0, X, 5.712486165486635, 5.712486165486635,
                              2.1213203435596424}),
                     1e-14);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::C),
                     rows2x3({0.7071067811865475, 0.7071067811865475, X, 0.7071067811865475,
                              0.7071067811865475, 2.4748737341529163}),
                     1e-14);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::D),
                     rows2x3({2.316100196393375, 0.17677669529663687, X, 2.316100196393375,
                              2.316100196393375, 0.17677669529663687}),
                     1e-14);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::Scores),
                     rows2x3({3.483221898230628, 1.9445436482630054, X, 6.614372799506914,
                              9.796353314846378, 0.5303300858899106}),
                     1e-14);
  EXPECT_MATRIX_NEAR(xlAttention(xlTerm(t, XlTerm::Scores)),
                     rows2x3({0.8232724995071442, 0.17672750049285593, X, 0.03984586876294147,
                              0.9600633246983212, 9.0806538737272e-05}),
                     1e-14);
}

// ---- properties ------------------------------------------------------------------------

TEST(Xl, FourTermsSumToScoresOnEveryUnmaskedCell) {
  const auto scheme = makeXlScheme();
  for (const Sets& sets : shapes()) {
    SCOPED_TRACE(::testing::PrintToString(sets));
    const ParamSet ps = makeParams(*scheme, sets);
    const Matrix a = view(*scheme, ps, "a"), b = view(*scheme, ps, "b");
    const Matrix c = view(*scheme, ps, "c"), d = view(*scheme, ps, "d");
    EXPECT_MATRIX_NEAR(Matrix(a + b + c + d), view(*scheme, ps, "scores"), 1e-12);
    EXPECT_MATRIX_NEAR(Matrix(a + c), view(*scheme, ps, "ac"), 1e-12);
    EXPECT_MATRIX_NEAR(Matrix(b + d), view(*scheme, ps, "bd"), 1e-12);
  }
}

TEST(Xl, MaskedExactlyWhereKeyIsAfterQueryPlusMemory) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "5"}, {"mlen", "3"}, {"d_model", "8"}});
  const Matrix mask = view(*scheme, ps, "mask");
  ASSERT_EQ(mask.rows(), 5);
  ASSERT_EQ(mask.cols(), 8);
  for (const char* id : {"a", "b", "c", "d", "ac", "bd", "scores", "attention"}) {
    const Matrix m = view(*scheme, ps, id);
    for (Index i = 0; i < 5; ++i)
      for (Index j = 0; j < 8; ++j) {
        const bool masked = j > i + 3;
        EXPECT_EQ(std::isnan(m(i, j)), masked) << id << " (" << i << ", " << j << ")";
        EXPECT_EQ(mask(i, j), masked ? 0.0 : 1.0) << "(" << i << ", " << j << ")";
      }
  }
}

TEST(Xl, AttentionRowsSumToOne) {
  const auto scheme = makeXlScheme();
  for (const Sets& sets : shapes()) {
    const Matrix att = view(*scheme, makeParams(*scheme, sets), "attention");
    for (Index i = 0; i < att.rows(); ++i) {
      double sum = 0;
      for (Index j = 0; j < att.cols(); ++j)
        if (!std::isnan(att(i, j))) {
          EXPECT_GT(att(i, j), 0.0);
          sum += att(i, j);
        }
      EXPECT_NEAR(sum, 1.0, 1e-14) << "row " << i;
    }
  }
}

TEST(Xl, WithoutBiasesAndPositionProjectionScoresArePlainScaledDotProduct) {
  XlParams p;
  p.qlen = 4;
  p.mlen = 2;
  p.dModel = 8;
  p.heads = 2;
  p.head = 1;
  XlTensors t = xlTensors(p);
  t.u.setZero();
  t.v.setZero();
  t.wr.setZero();
  const Matrix q = t.content.bottomRows(4) * t.wq;
  Matrix plain = q * (t.content * t.wk).transpose() / 2.0;  // sqrt(d_head = 4)
  for (Index i = 0; i < 4; ++i)
    for (Index j = i + 3; j < 6; ++j) plain(i, j) = X;
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::Scores), plain, 1e-13);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::A), plain, 1e-13);
  Matrix zero = plain;
  for (Index i = 0; i < 4; ++i)
    for (Index j = 0; j <= i + 2; ++j) zero(i, j) = 0.0;
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::BD), zero, 0.0);
  EXPECT_MATRIX_NEAR(xlTerm(t, XlTerm::C), zero, 0.0);
}

TEST(Xl, PositionTermsDependOnlyOnDistanceAndClampBeyondClampLen) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "6"}, {"mlen", "4"}, {"clamp_len", "3"}});
  const Matrix d = view(*scheme, ps, "d");
  for (Index i = 0; i < 6; ++i)
    for (Index j = 0; j <= i + 4; ++j) {
      const Index delta = i + 4 - j;
      EXPECT_DOUBLE_EQ(d(i, j), d(5, 9 - std::min<Index>(delta, 3))) << i << ", " << j;
    }
  EXPECT_NE(d(5, 9), d(5, 8));  // distances 0 and 1 differ
}

TEST(Xl, SampledRegionMatchesFullMatrix) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "40"}, {"mlen", "25"}, {"d_model", "16"}});
  for (const char* id : {"scores", "b", "attention", "mask"}) {
    const Matrix full = view(*scheme, ps, id);
    const MatrixResult r =
        computeMatrix(*scheme, ps, id,
                      Region{.r0 = 3, .r1 = 37, .c0 = 5, .c1 = -1, .maxRows = 7, .maxCols = 9});
    ASSERT_EQ(r.values.rows(), 7);
    ASSERT_EQ(r.values.cols(), 9);
    for (std::size_t a = 0; a < r.rows.size(); ++a)
      for (std::size_t b = 0; b < r.cols.size(); ++b) {
        const double want = full(r.rows[a], r.cols[b]), got = r.values(Index(a), Index(b));
        if (std::isnan(want)) EXPECT_TRUE(std::isnan(got));
        else EXPECT_EQ(got, want) << id;
      }
  }
}

TEST(Xl, ExplainCellGivesTermsThatSumToTheCell) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "4"}, {"mlen", "3"}, {"clamp_len", "2"}});
  const Matrix sc = view(*scheme, ps, "scores"), a = view(*scheme, ps, "a");
  const Matrix b = view(*scheme, ps, "b"), d = view(*scheme, ps, "d");
  for (const char* id : {"scores", "ac", "bd", "a", "b", "c", "d"}) {
    const auto terms = scheme->explainCell(ps, id, 2, 1);  // delta = 2 + 3 - 1 = 4 -> 2
    ASSERT_EQ(terms.size(), 10u) << id;
    EXPECT_NEAR(terms[0].value, a(2, 1), 1e-13);
    EXPECT_NEAR(terms[1].value, b(2, 1), 1e-13);
    EXPECT_NEAR(terms[3].value, d(2, 1), 1e-13);
    EXPECT_NEAR(terms[0].value + terms[1].value + terms[2].value + terms[3].value, sc(2, 1), 1e-13);
    EXPECT_NEAR(terms[4].value, sc(2, 1), 1e-13);
    EXPECT_EQ(terms[7].value, 4.0);
    EXPECT_EQ(terms[8].value, 2.0);
    EXPECT_EQ(terms[9].value, 1.0);
  }
  const auto unclamped = scheme->explainCell(ps, "scores", 0, 2);  // delta 1
  EXPECT_EQ(unclamped[7].value, 1.0);
  EXPECT_EQ(unclamped[9].value, 0.0);
  const auto masked = scheme->explainCell(ps, "scores", 0, 5);
  ASSERT_EQ(masked.size(), 2u);
  EXPECT_EQ(masked[1].value, -2.0);

  const Matrix att = view(*scheme, ps, "attention");
  const auto at = scheme->explainCell(ps, "attention", 1, 2);
  ASSERT_EQ(at.size(), 4u);
  EXPECT_NEAR(at[0].value, sc(1, 2), 1e-13);
  double sum = 0;
  for (Index j = 0; j <= 4; ++j) sum += std::exp(sc(1, j));
  EXPECT_NEAR(at[1].value, std::log(sum), 1e-13);
  EXPECT_NEAR(at[2].value, att(1, 2), 1e-14);
}

TEST(Xl, MemorySeriesReproducesTheSeedArticleFigures) {
  const auto scheme = makeXlScheme();
  const SeriesResult s = scheme->series(makeParams(*scheme, {}), "memory");
  ASSERT_EQ(s.x.size(), 1024u);
  EXPECT_EQ(s.x.front(), 1.0);
  EXPECT_EQ(s.x.back(), 1024.0);
  ASSERT_EQ(s.curves.size(), 4u);
  EXPECT_EQ(s.curves[2].style, CurveStyle::Points);
  // Current shape q_len = k_len = 16, d_head 16: explicit 16*16*16*4, rel-shift (16*16 + 16*17)*4.
  EXPECT_EQ(s.curves[0].y[15], 16384.0);
  EXPECT_EQ(s.curves[1].y[15], 2112.0);
  EXPECT_EQ(s.curves[2].y[15], 16384.0);
  EXPECT_TRUE(std::isnan(s.curves[2].y[14]));
  // Both grow with q_len k_len, but rel-shift holds scalars where the explicit tensor holds
  // d_head-vectors: at q_len = k_len = 1024 it is 1024 * 16 / (16 + 1025) times smaller.
  EXPECT_EQ(s.curves[0].y[511] / s.curves[0].y[255], 4.0);
  EXPECT_DOUBLE_EQ(s.curves[0].y[1023] / s.curves[1].y[1023], 1024.0 * 16 / (16 + 1025));
  // The article: 512 * 512 * 64 float32 = 67,108,864 B ("about 67MB"); 1024: 268,435,456 B.
  EXPECT_EQ(s.curves[3].y[511], 67108864.0);
  EXPECT_EQ(s.curves[3].y[1023], 268435456.0);
  EXPECT_TRUE(std::isnan(s.curves[3].y[510]));
  EXPECT_EQ(xlMemoryBytes(512, 512, 64).relShiftBytes, (512.0 * 64 + 512.0 * 513) * 4);
  // With memory, k_len = q_len + mlen.
  const SeriesResult mem =
      scheme->series(makeParams(*scheme, {{"qlen", "2048"}, {"mlen", "100"}}), "memory");
  EXPECT_EQ(mem.x.size(), 2048u);
  EXPECT_EQ(mem.curves[0].y[9], 10.0 * 110 * 16 * 4);
}

// ---- parameters ------------------------------------------------------------------------

TEST(Xl, InfoListsTheContractIds) {
  const auto scheme = makeXlScheme();
  std::vector<std::string> params, views;
  for (const auto& p : scheme->info().params) params.push_back(p.id);
  for (const auto& v : scheme->info().views) views.push_back(v.id);
  EXPECT_EQ(params,
            (std::vector<std::string>{"qlen", "mlen", "d_model", "heads", "head", "clamp_len",
                                      "relative", "max_len", "u_table", "v_table", "seed"}));
  EXPECT_EQ(views, (std::vector<std::string>{"a", "b", "c", "d", "ac", "bd", "scores", "mask",
                                             "attention", "memory"}));
  EXPECT_EQ(xlParamsFrom(makeParams(*scheme, {})), XlParams{});
  EXPECT_EQ(scheme->shape(makeParams(*scheme, {{"mlen", "7"}}), "scores").cols, 23);
}

TEST(Xl, RefusesBadParameters) {
  EXPECT_EQ(paramOfError({{"heads", "4"}, {"head", "4"}}), "head");
  EXPECT_EQ(paramOfError({{"d_model", "64"}, {"heads", "6"}}), "d_model");
  EXPECT_EQ(paramOfError({{"d_model", "9"}, {"heads", "3"}}), "d_model");  // odd, sinusoidal
  EXPECT_EQ(paramOfError({{"d_model", "9"}, {"heads", "3"}, {"relative", "learned"}}),
            "(accepted)");
  EXPECT_EQ(paramOfError({{"qlen", "0"}}), "qlen");
  EXPECT_EQ(paramOfError({{"qlen", "1048577"}}), "qlen");
  EXPECT_EQ(paramOfError({{"head", "64"}}), "head");
  EXPECT_EQ(paramOfError({{"relative", "rope"}}), "relative");
  EXPECT_EQ(paramOfError({{"max_len", "0"}}), "max_len");
  const auto scheme = makeXlScheme();
  try {
    (void)makeParams(*scheme, {{"heads", "8"}, {"head", "8"}});
    FAIL();
  } catch (const ParamError& e) {
    EXPECT_EQ(e.value(), "8");
    EXPECT_EQ(e.allowed(), "less than heads (8)");
  }
  const ParamSet ps = makeParams(*scheme, {});
  EXPECT_THROW((void)scheme->series(ps, "scores"), ParamError);
  EXPECT_THROW((void)computeMatrix(*scheme, ps, "memory"), ParamError);
}

}  // namespace
}  // namespace posenc

namespace posenc {
namespace {

// The views are evaluated cell by cell (R_delta . (W_r q_i) per cell); the reference computes
// _rel_shift((q + v) (R W_r)^T) on whole matrices. Same numbers up to rounding.
TEST(XlScale, ViewsEqualTheReferenceRelShiftComputation) {
  const auto scheme = makeXlScheme();
  const std::vector<Sets> shapes = {
      {{"qlen", "9"}, {"mlen", "0"}},
      {{"qlen", "12"}, {"mlen", "7"}, {"d_model", "24"}, {"heads", "3"}, {"head", "2"}},
      {{"qlen", "10"}, {"mlen", "6"}, {"clamp_len", "4"}},
      {{"qlen", "8"}, {"mlen", "8"}, {"relative", "learned"}, {"max_len", "5"}, {"seed", "7"}}};
  const std::pair<const char*, XlTerm> terms[] = {{"a", XlTerm::A},          {"b", XlTerm::B},
                                                  {"c", XlTerm::C},          {"d", XlTerm::D},
                                                  {"ac", XlTerm::AC},        {"bd", XlTerm::BD},
                                                  {"scores", XlTerm::Scores}};
  for (const Sets& sets : shapes) {
    const ParamSet ps = makeParams(*scheme, sets);
    const XlTensors t = xlTensors(xlParamsFrom(ps));
    for (const auto& [id, term] : terms) {
      SCOPED_TRACE(id);
      EXPECT_MATRIX_NEAR(view(*scheme, ps, id), xlTerm(t, term), 1e-12);
    }
    EXPECT_MATRIX_NEAR(view(*scheme, ps, "attention"), xlAttention(xlTerm(t, XlTerm::Scores)),
                       1e-14);
  }
}

TEST(XlScale, CellsDoNotDependOnQueryLengthOrRegion) {
  // Content rows come from the counter-based generator by absolute position, so cell (i, j)
  // is the same number in a 40-query segment and in a million-query one, computed alone or
  // inside a sampled region.
  const auto scheme = makeXlScheme();
  const ParamSet small = makeParams(*scheme, {{"qlen", "40"}, {"mlen", "25"}});
  const ParamSet huge = makeParams(*scheme, {{"qlen", "1048576"}, {"mlen", "25"}});
  for (const char* id : {"a", "b", "c", "d", "scores"}) {
    SCOPED_TRACE(id);
    const Matrix s = view(*scheme, small, id);
    const MatrixResult h = computeMatrix(*scheme, huge, id, Region{.r1 = 40, .c1 = 65});
    for (Index i = 0; i < 40; ++i)
      for (Index j = 0; j < 65; ++j)
        if (std::isnan(s(i, j))) EXPECT_TRUE(std::isnan(h.values(i, j)));
        else EXPECT_EQ(h.values(i, j), s(i, j)) << i << ", " << j;
  }
}

TEST(XlScale, MillionTokenSegmentAndMemoryAtScreenResolution) {
  const auto scheme = makeXlScheme();
  const ParamSet ps = makeParams(*scheme, {{"qlen", "1048576"}, {"mlen", "1048576"}});
  const MatrixResult r = computeMatrix(*scheme, ps, "scores", Region{.maxRows = 40, .maxCols = 50});
  EXPECT_EQ(r.full.rows, 1048576);
  EXPECT_EQ(r.full.cols, 2097152);
  // Each sampled cell equals the cell asked for alone and the readout's score.
  for (const auto& [a, b] : {std::pair<Index, Index>{0, 0}, {17, 23}, {39, 49}, {39, 10}}) {
    const Index i = r.rows[std::size_t(a)], j = r.cols[std::size_t(b)];
    const MatrixResult one =
        computeMatrix(*scheme, ps, "scores", Region{.r0 = i, .r1 = i + 1, .c0 = j, .c1 = j + 1});
    const double got = r.values(a, b);
    if (std::isnan(got)) {
      EXPECT_TRUE(std::isnan(one.values(0, 0)));
      EXPECT_GT(j, i + 1048576);
      continue;
    }
    EXPECT_EQ(one.values(0, 0), got);
    const auto terms = scheme->explainCell(ps, "scores", i, j);
    ASSERT_GE(terms.size(), 5u);
    EXPECT_EQ(terms[4].value, got) << terms[4].name;
  }
}

TEST(XlScale, AttentionIsTheSoftmaxOfTheScoresViewBitForBitOnAnyNumberOfThreads) {
  // The attention view computes its rows in blocks, two rows at a time, keys and distances in
  // tiles, on several threads: none of that may change a bit. Shapes cover a last block of
  // odd size, several tiles (k_len > 256), clamped and learned R rows, and dot lengths that
  // are not multiples of four.
  const auto scheme = makeXlScheme();
  const std::vector<Sets> cases = {
      {{"qlen", "45"}, {"mlen", "38"}, {"d_model", "24"}, {"heads", "3"}, {"head", "2"}},
      {{"qlen", "70"},
       {"mlen", "400"},
       {"d_model", "30"},
       {"heads", "5"},
       {"head", "1"},
       {"clamp_len", "300"},
       {"seed", "9"}},
      {{"qlen", "33"},
       {"mlen", "290"},
       {"d_model", "18"},
       {"heads", "1"},
       {"relative", "learned"},
       {"max_len", "100"}}};
  for (const Sets& sets : cases) {
    const ParamSet ps = makeParams(*scheme, sets);
    const Matrix want = test::softmaxRowsInKeyOrder(view(*scheme, ps, "scores"));
    for (unsigned threads : {1U, 2U, 3U, 7U}) {
      detail::setWorkerThreads(threads);
      EXPECT_TRUE(test::sameCells(view(*scheme, ps, "attention"), want))
          << threads << " threads, qlen " << ps.getInt("qlen");
    }
    detail::setWorkerThreads(0);
  }
}

TEST(XlScale, AttentionNeedsWholeRowsAndStopsAt65536Keys) {
  const auto scheme = makeXlScheme();
  const ParamSet ok = makeParams(*scheme, {{"qlen", "32768"}, {"mlen", "32768"}});
  const MatrixResult r =
      computeMatrix(*scheme, ok, "attention", Region{.maxRows = 4, .maxCols = 4});
  EXPECT_EQ(r.full.cols, kXlAttentionMaxKeys);
  const ParamSet tooLong = makeParams(*scheme, {{"qlen", "32768"}, {"mlen", "32769"}});
  try {
    (void)computeMatrix(*scheme, tooLong, "attention", Region{.maxRows = 4, .maxCols = 4});
    ADD_FAILURE() << "attention over 65537 keys was evaluated";
  } catch (const ParamError& e) {
    EXPECT_EQ(e.param(), "qlen");
    const std::string what = e.what();
    EXPECT_NE(what.find("65536"), std::string::npos) << what;
    EXPECT_NE(what.find("65537"), std::string::npos) << what;
    EXPECT_NE(what.find("softmax"), std::string::npos) << what;
  }
  // The other views of the same parameters are fine.
  EXPECT_NO_THROW(
      (void)computeMatrix(*scheme, tooLong, "scores", Region{.maxRows = 4, .maxCols = 4}));
}

}  // namespace
}  // namespace posenc
