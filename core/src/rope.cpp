// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/rope.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <numeric>
#include <string>
#include <vector>

#include "posenc/extrapolation.hpp"
#include "posenc/random.hpp"
#include "posenc/sinusoidal_table.hpp"

namespace posenc {

namespace {

constexpr Index kPhaseBlock = 64;               // angle-addition block of Phases
constexpr Index kInvarianceMaxDistances = 4096;  // invariance: x = 0..min(length, 4096)-1
constexpr Index kDecayMaxPoints = 65536;         // decay: r = 0..min(length, 65536)-1
constexpr Index kRotationMaxPosition = 2000;     // rotation: m = 0..min(length-1, 2000)
constexpr Index kCirclePoints = 361;             // rotation: circle drawn with 1-degree steps
constexpr Index kDenseDistances = Index{1} << 22;

std::string text(double v) { return formatValue(Value{v}); }
std::string text(std::int64_t v) { return std::to_string(v); }

/// Four significant digits, for names shown to people.
std::string shortText(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4g", v);
  return buf;
}

/// cos(r theta_k) and sin(r theta_k) for one distance r at a time. Exact sin/cos tables for
/// j = 0..63 and for the block start 64 floor(|r|/64) are combined by angle addition, so a
/// distance costs d/2 complex products (plus d/2 sin/cos per new block), and the result for
/// a given r never depends on which other distances are evaluated. |r| < 64 is exactly
/// cos(fl(r theta_k)) (the block start is angle 0).
class Phases {
 public:
  explicit Phases(const Vector& theta)
      : m_theta(theta),
        m_cosLo(kPhaseBlock, theta.size()),
        m_sinLo(kPhaseBlock, theta.size()),
        m_cosHi(theta.size()),
        m_sinHi(theta.size()),
        m_cos(theta.size()),
        m_sin(theta.size()) {
    for (Index j = 0; j < kPhaseBlock; ++j) {
      for (Index k = 0; k < theta.size(); ++k) {
        const double angle = static_cast<double>(j) * theta(k);
        m_cosLo(j, k) = std::cos(angle);
        m_sinLo(j, k) = std::sin(angle);
      }
    }
  }

  /// Sets cos() and sin() to the phases of distance r (any sign: sin is odd).
  void set(Index r) {
    const Index a = r < 0 ? -r : r;
    const Index h = a / kPhaseBlock;
    const Index j = a % kPhaseBlock;
    if (h != m_block) {
      m_block = h;
      const double start = static_cast<double>(h * kPhaseBlock);
      for (Index k = 0; k < m_theta.size(); ++k) {
        const double angle = start * m_theta(k);
        m_cosHi(k) = std::cos(angle);
        m_sinHi(k) = std::sin(angle);
      }
    }
    const auto cl = m_cosLo.row(j).transpose().array();
    const auto sl = m_sinLo.row(j).transpose().array();
    m_cos.array() = m_cosHi.array() * cl - m_sinHi.array() * sl;
    m_sin.array() = m_sinHi.array() * cl + m_cosHi.array() * sl;
    if (r < 0) m_sin = -m_sin;
  }

  [[nodiscard]] const Vector& cos() const { return m_cos; }
  [[nodiscard]] const Vector& sin() const { return m_sin; }

 private:
  Vector m_theta;
  Matrix m_cosLo, m_sinLo;  // kPhaseBlock x d/2, row j = phases of distance j
  Vector m_cosHi, m_sinHi;  // phases of the current block start
  Vector m_cos, m_sin;
  Index m_block = -1;
};

/// Coefficients of score(r) = sum_k A_k cos(r theta_k) + B_k sin(r theta_k):
/// <R_m (a,b), R_n (c,e)> = (ac + be) cos((m-n) theta) + (ae - bc) sin((m-n) theta).
struct PairCoefficients {
  Vector a, b;
};

PairCoefficients pairCoefficients(const Vector& q, const Vector& k, RopeLayout layout) {
  const Index half = q.size() / 2;
  PairCoefficients c{Vector(half), Vector(half)};
  for (Index i = 0; i < half; ++i) {
    const auto [first, second] = ropePairDims(i, q.size(), layout);
    c.a(i) = q(first) * k(first) + q(second) * k(second);
    c.b(i) = q(first) * k(second) - q(second) * k(first);
  }
  return c;
}

/// Pair terms at the phases currently held by `phases`; their sum (in this order) is the score.
Vector termsAt(const PairCoefficients& c, const Phases& phases) {
  return (c.a.array() * phases.cos().array() + c.b.array() * phases.sin().array()).matrix();
}

std::string_view scalingId(RopeScaling s) {
  switch (s) {
    case RopeScaling::None: return "none";
    case RopeScaling::Linear: return "linear";
    case RopeScaling::Ntk: return "ntk";
    case RopeScaling::Dynamic: return "dynamic";
  }
  return "none";
}

/// Query positions of the invariance view: m_j = (L-1) - floor(j L / Q), j = 0..Q-1, duplicates
/// (only when Q > L) removed. Decreasing.
std::vector<Index> invarianceQueries(const RopeParams& p) {
  std::vector<Index> ms;
  for (std::int64_t j = 0; j < p.queries; ++j) {
    const Index m = (p.length - 1) - (j * p.length) / p.queries;
    if (ms.empty() || ms.back() != m) ms.push_back(m);
  }
  return ms;
}

SeriesResult frequenciesSeries(const RopeParams& p) {
  const Vector before = ropeFrequencies(p.dim, p.base);
  const Vector after = ropeScaledFrequencies(p);
  SeriesResult s;
  const std::string how = "after scaling (" + std::string(scalingId(p.scaling)) + ")";
  Curve thetaBefore{"theta_k before scaling", {}}, thetaAfter{"theta_k " + how, {}};
  Curve waveBefore{"wavelength 2 pi / theta_k before scaling", {}};
  Curve waveAfter{"wavelength 2 pi / theta_k " + how, {}};
  for (Index k = 0; k < before.size(); ++k) {
    s.x.push_back(static_cast<double>(k));
    thetaBefore.y.push_back(before(k));
    thetaAfter.y.push_back(after(k));
    waveBefore.y.push_back(2.0 * std::numbers::pi / before(k));
    waveAfter.y.push_back(2.0 * std::numbers::pi / after(k));
  }
  s.curves = {thetaBefore, thetaAfter, waveBefore, waveAfter};
  return s;
}

SeriesResult invarianceSeries(const RopeParams& p) {
  const Index count = std::min<Index>(p.length, kInvarianceMaxDistances);
  std::vector<Index> xs(static_cast<std::size_t>(count));
  std::iota(xs.begin(), xs.end(), Index{0});
  const Vector profile = ropeScoreProfile(ropeQuery(p), ropeKey(p), ropeScaledFrequencies(p),
                                          p.layout, xs);
  const std::vector<Index> ms = invarianceQueries(p);
  SeriesResult s;
  s.x.assign(xs.begin(), xs.end());
  for (const Index m : ms) {
    Curve c{"RoPE, m = " + text(static_cast<std::int64_t>(m)),
            std::vector<double>(static_cast<std::size_t>(count), kMasked)};
    const Index last = std::min(m, count - 1);  // n = m - x >= 0
    for (Index x = 0; x <= last; ++x) c.y[static_cast<std::size_t>(x)] = profile(x);
    s.curves.push_back(std::move(c));
  }
  for (const Index m : ms) {
    Curve c{"absolute sinusoidal, m = " + text(static_cast<std::int64_t>(m)),
            std::vector<double>(static_cast<std::size_t>(count), kMasked)};
    const Index last = std::min(m, count - 1);
    std::vector<Index> keys(static_cast<std::size_t>(last + 1));
    for (Index x = 0; x <= last; ++x) keys[static_cast<std::size_t>(x)] = m - x;
    const Vector v = absoluteSinusoidalScores(p, m, keys);
    for (Index x = 0; x <= last; ++x) c.y[static_cast<std::size_t>(x)] = v(x);
    s.curves.push_back(std::move(c));
  }
  return s;
}

SeriesResult decaySeries(const RopeParams& p) {
  const Index count = std::min<Index>(p.length, kDecayMaxPoints);
  const Vector bound = ropeDecayBound(ropeScaledFrequencies(p), count);
  SeriesResult s;
  s.x.resize(static_cast<std::size_t>(count));
  std::iota(s.x.begin(), s.x.end(), 0.0);
  s.curves.push_back({"relative upper bound (1/(d/2)) sum_j |S_j|",
                      std::vector<double>(bound.data(), bound.data() + bound.size())});
  return s;
}

SeriesResult rotationSeries(const RopeParams& p) {
  const Vector q = ropeQuery(p);
  const double theta = ropeScaledFrequencies(p)(p.pair);
  const auto [i, j] = ropePairDims(p.pair, p.dim, p.layout);
  const double a = q(i), b = q(j);
  const Index last = std::min<Index>(p.length - 1, kRotationMaxPosition);
  const auto pathPoints = static_cast<std::size_t>(last + 1);
  SeriesResult s;
  Curve path{"R_m (a, b), m = 0.." + text(static_cast<std::int64_t>(last)) + " (pair " +
                 text(p.pair) + ": dims " + text(static_cast<std::int64_t>(i)) + ", " +
                 text(static_cast<std::int64_t>(j)) + ")",
             {}, CurveStyle::Points};
  const double radius = std::hypot(a, b);
  Curve circle{"circle of radius |(a, b)| = " + shortText(radius), {}};
  for (Index m = 0; m <= last; ++m) {
    const double angle = static_cast<double>(m) * theta;
    const double c = std::cos(angle), sn = std::sin(angle);
    s.x.push_back(a * c - b * sn);
    path.y.push_back(a * sn + b * c);
  }
  circle.y.assign(pathPoints, kMasked);
  for (Index t = 0; t < kCirclePoints; ++t) {
    const double phi = 2.0 * std::numbers::pi * static_cast<double>(t) /
                       static_cast<double>(kCirclePoints - 1);
    s.x.push_back(radius * std::cos(phi));
    path.y.push_back(kMasked);
    circle.y.push_back(radius * std::sin(phi));
  }
  s.curves = {path, circle};
  return s;
}

const SchemeInfo& ropeInfo() {
  static const SchemeInfo info = [] {
    SchemeInfo s;
    s.id = "rope";
    s.name = "RoPE (Su et al. 2021, RoFormer)";
    s.description =
        "Rotary position embedding: each pair of dimensions of q and k is rotated by m theta_k; "
        "the score <R_m q, R_n k> depends only on m - n";
    s.params = {
        intParam("length", 128, 1, kMaxLength, "Sequence length: positions 0..length-1"),
        intParam("dim", 64, 2, 4096, "Head width d (even): d/2 rotation pairs", true),
        realParam("base", 10000.0, 2.0, 1e12, "Base of the frequencies theta_k = base^(-2k/d)"),
        choiceParam("layout", "half", {"half", "interleaved"},
                    "Pairing: half = LLaMA/NeoX rotate_half (k, k + d/2); interleaved = "
                    "RoFormer/GPT-J rotate_every_two (2k, 2k + 1)"),
        choiceParam("scaling", "none", {"none", "linear", "ntk", "dynamic"},
                    "Context extension: linear theta_k / s; ntk base s^(d/(d-2)); dynamic "
                    "(HF) base (s L / L_train - (s - 1))^(d/(d-2)), L = max(length, L_train)"),
        realParam("factor", 1.0, 1.0, 1024.0, "Scaling factor s (at least 1)"),
        intParam("train_length", 2048, 1, kMaxLength,
                 "Trained context length L_train of the dynamic scaling"),
        seedParam(),
        intParam("pair", 0, 0, 2047, "Rotation pair k followed by the rotation view (< dim/2)"),
        intParam("queries", 4, 1, 8, "Query positions compared in the invariance view"),
    };
    ViewSpec angles;
    angles.id = "angles";
    angles.kind = ViewKind::Matrix;
    angles.title = "Rotation angles m theta_k";
    angles.xLabel = "pair index k";
    angles.yLabel = "position m";
    angles.valueLabel = "angle m theta_k (rad)";
    angles.description =
        "length x dim/2: angle m theta_k (after scaling) in radians by which pair k is rotated "
        "at position m; rows m, columns k; >= 0, not reduced mod 2 pi";
    ViewSpec freqs;
    freqs.id = "frequencies";
    freqs.kind = ViewKind::Series;
    freqs.title = "Frequencies theta_k and wavelengths 2 pi / theta_k";
    freqs.xLabel = "pair index k";
    freqs.yLabel = "theta_k (rad per position) / wavelength (positions)";
    freqs.logY = true;
    freqs.description =
        "Over pair index k = 0..d/2-1: theta_k = base^(-2k/d) and wavelength 2 pi / theta_k, "
        "before and after scaling (log scale)";
    ViewSpec scores;
    scores.id = "scores";
    scores.kind = ViewKind::Matrix;
    scores.title = "RoPE scores <R_m q, R_n k>";
    scores.xLabel = "key position n";
    scores.yLabel = "query position m";
    scores.valueLabel = "score <R_m q, R_n k>";
    scores.signedValues = true;
    scores.description =
        "length x length: raw dot product <R_m q, R_n k> (no 1/sqrt(d)) of one fixed random q "
        "and k rotated to query position m (row) and key position n (column); signed; "
        "constant along diagonals (depends only on m - n)";
    ViewSpec invariance;
    invariance.id = "invariance";
    invariance.kind = ViewKind::Series;
    invariance.title = "Relative property: RoPE vs absolute sinusoidal";
    invariance.xLabel = "relative distance x = m - n";
    invariance.yLabel = "score (raw dot product)";
    invariance.description =
        "For `queries` query positions m: RoPE score(m, m - x), whose curves coincide, and "
        "(q + PE_m) . (k + PE_n) with the interleaved sinusoidal table, whose curves do not; "
        "x = 0..min(length, 4096)-1 (keys at or before the query), gaps where n < 0";
    ViewSpec decay;
    decay.id = "decay";
    decay.kind = ViewKind::Series;
    decay.title = "Long-term decay bound (RoFormer sec. 3.4.3)";
    decay.xLabel = "relative distance r = m - n";
    decay.yLabel = "(1/(d/2)) sum_j |S_j|";
    decay.description =
        "(1/(d/2)) sum_{j=1..d/2} |S_j|, S_j = sum_{k<j} e^{i r theta_k} (scaled theta), for "
        "r = 0..min(length, 65536)-1; starts at (d/2 + 1)/2; decays, but not monotonically";
    ViewSpec rotation;
    rotation.id = "rotation";
    rotation.kind = ViewKind::Series;
    rotation.title = "Rotation of one pair of q as the position grows";
    rotation.xLabel = "first component a' = a cos(m theta_k) - b sin(m theta_k)";
    rotation.yLabel = "second component b' = a sin(m theta_k) + b cos(m theta_k)";
    rotation.parametric = true;
    rotation.description =
        "Path of pair `pair` (a, b) of q rotated to m = 0..min(length-1, 2000) (half: dims k, "
        "k + d/2; interleaved: 2k, 2k + 1), on the circle of radius |(a, b)|: norm preserved";
    ViewSpec extra = periodsView(
        "Beyond training: full periods of each rotation pair",
        "For each pair k: full turns (L - 1) theta_k / 2π of the rotation over positions "
        "0 .. L-1: in training (L = train_length, unscaled theta), and at L = length without "
        "scaling and with linear, NTK and dynamic scaling by `factor`. Pairs under the "
        "one-period line in training never completed a turn, so longer contexts rotate them "
        "to angles never seen; scaling pulls the length curves back down under the training "
        "curve (linear exactly by 1/s, NTK mostly for the slow pairs)");
    s.views = {angles, freqs, scores, invariance, decay, rotation, extra};
    // Compare: scaled against unscaled (none -> linear interpolation by 4).
    s.companions = {{"scaling", "none", {{"scaling", "linear"}, {"factor", "4"}}},
                    {"scaling", "", {{"scaling", "none"}}}};
    s.animation = {.kind = AnimationKind::RotatingPair, .lengthParam = "length",
                   .drivers = {"pair"}, .usesGap = true, .offered = true};
    return s;
  }();
  return info;
}

class RopeScheme final : public Scheme {
 public:
  [[nodiscard]] const SchemeInfo& info() const override { return ropeInfo(); }

  void validate(const ParamSet& params) const override { checkRopeParams(ropeParamsFrom(params)); }

  [[nodiscard]] MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const RopeParams p = ropeParamsFrom(params);
    if (view == "angles") return {p.length, p.dim / 2};
    if (view == "scores") return {p.length, p.length};
    throw ParamError("view", std::string(view), "a matrix view of rope: angles or scores");
  }

  [[nodiscard]] Matrix evaluate(const ParamSet& params, std::string_view view,
                                std::span<const Index> rows,
                                std::span<const Index> cols) const override {
    const RopeParams p = ropeParamsFrom(params);
    checkRopeParams(p);
    if (view == "angles") return ropeAngles(p, rows, cols);
    if (view == "scores") return ropeScores(p, rows, cols);
    throw ParamError("view", std::string(view), "a matrix view of rope: angles or scores");
  }

  [[nodiscard]] std::vector<Term> explainCell(const ParamSet& params, std::string_view view,
                                              Index row, Index col) const override {
    const RopeParams p = ropeParamsFrom(params);
    checkRopeParams(p);
    const Vector theta = ropeScaledFrequencies(p);
    if (view == "angles") {
      const double t = theta(col);
      const double angle = static_cast<double>(row) * t;
      return {{"pair k", static_cast<double>(col)},
              {"theta_k (rad per position, after scaling)", t},
              {"position m", static_cast<double>(row)},
              {"angle m theta_k (rad)", angle},
              {"angle mod 2 pi (rad)", std::fmod(angle, 2.0 * std::numbers::pi)},
              {"wavelength 2 pi / theta_k (positions)", 2.0 * std::numbers::pi / t}};
    }
    if (view == "scores") return explainScore(p, theta, row, col);
    return {};
  }

  [[nodiscard]] SeriesResult series(const ParamSet& params, std::string_view view) const override {
    const RopeParams p = ropeParamsFrom(params);
    checkRopeParams(p);
    if (view == "frequencies") return frequenciesSeries(p);
    if (view == "invariance") return invarianceSeries(p);
    if (view == "decay") return decaySeries(p);
    if (view == "rotation") return rotationSeries(p);
    if (view == "extrapolation") return extrapolationSeries(p);
    throw ParamError("view", std::string(view),
                     "a series view of rope: frequencies, invariance, decay, rotation or "
                     "extrapolation");
  }

 private:
  /// Periods chart: training (unscaled, train_length), then length with each scaling.
  static SeriesResult extrapolationSeries(const RopeParams& p) {
    auto with = [&](RopeScaling scaling) {
      RopeParams q = p;
      q.scaling = scaling;
      return ropeScaledFrequencies(q);
    };
    char buf[32];
    std::snprintf(buf, sizeof buf, "%g", p.factor);
    const std::string s = buf;
    const std::string len = "length " + std::to_string(p.length);
    std::vector<PeriodsLine> lines = {
        {"training: " + std::to_string(p.trainLength) + " positions, no scaling",
         with(RopeScaling::None), p.trainLength},
        {len + ", no scaling", with(RopeScaling::None), p.length},
        {len + ", linear s = " + s, with(RopeScaling::Linear), p.length}};
    if (p.dim >= 4) {  // NTK and dynamic need d > 2 (exponent d / (d - 2))
      lines.push_back({len + ", NTK s = " + s, with(RopeScaling::Ntk), p.length});
      lines.push_back({len + ", dynamic s = " + s, with(RopeScaling::Dynamic), p.length});
    }
    return periodsChart(lines);
  }

  /// Total, the three pairs with the largest |term| and the sum of the others (the parts add
  /// up to the total to rounding).
  static std::vector<Term> explainScore(const RopeParams& p, const Vector& theta, Index m,
                                        Index n) {
    const Index r = m - n;
    const Vector terms = ropePairTerms(ropeQuery(p), ropeKey(p), theta, p.layout, r);
    std::vector<Index> order(static_cast<std::size_t>(terms.size()));
    std::iota(order.begin(), order.end(), Index{0});
    std::stable_sort(order.begin(), order.end(), [&](Index x, Index y) {
      return std::fabs(terms(x)) > std::fabs(terms(y));
    });
    std::vector<Term> out{{"query position m", static_cast<double>(m)},
                          {"key position n", static_cast<double>(n)},
                          {"distance m - n", static_cast<double>(r)},
                          {"score <R_m q, R_n k> (total)", terms.sum()}};
    const std::size_t top = std::min<std::size_t>(3, order.size());
    double rest = 0;
    for (std::size_t i = 0; i < order.size(); ++i) {
      const Index k = order[i];
      if (i < top) {
        out.push_back({"pair " + text(static_cast<std::int64_t>(k)) + " (theta_k = " +
                           shortText(theta(k)) + ")",
                       terms(k)});
      } else {
        rest += terms(k);
      }
    }
    if (order.size() > top) {
      out.push_back({"other " + text(static_cast<std::int64_t>(order.size() - top)) + " pairs",
                     rest});
    }
    return out;
  }
};

}  // namespace

RopeParams ropeParamsFrom(const ParamSet& params) {
  RopeParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.base = params.getReal("base");
  const std::string& layout = params.getChoice("layout");
  if (layout == "half") {
    p.layout = RopeLayout::Half;
  } else if (layout == "interleaved") {
    p.layout = RopeLayout::Interleaved;
  } else {
    throw ParamError("layout", layout, "one of half or interleaved");
  }
  const std::string& scaling = params.getChoice("scaling");
  if (scaling == "none") {
    p.scaling = RopeScaling::None;
  } else if (scaling == "linear") {
    p.scaling = RopeScaling::Linear;
  } else if (scaling == "ntk") {
    p.scaling = RopeScaling::Ntk;
  } else if (scaling == "dynamic") {
    p.scaling = RopeScaling::Dynamic;
  } else {
    throw ParamError("scaling", scaling, "one of none, linear, ntk or dynamic");
  }
  p.factor = params.getReal("factor");
  p.trainLength = params.getInt("train_length");
  p.seed = static_cast<std::uint64_t>(params.getInt("seed"));
  p.pair = params.getInt("pair");
  p.queries = params.getInt("queries");
  return p;
}

void checkRopeParams(const RopeParams& p) {
  if (p.length < 1 || p.length > kMaxLength)
    throw ParamError("length", text(p.length), "an integer from 1 to " + text(kMaxLength));
  if (p.dim < 2 || p.dim > 4096 || p.dim % 2 != 0)
    throw ParamError("dim", text(p.dim), "an even integer from 2 to 4096");
  if (!(p.base >= 2.0 && p.base <= 1e12))
    throw ParamError("base", text(p.base), "a finite number from 2 to 1e12");
  if (!(p.factor >= 1.0 && p.factor <= 1024.0))
    throw ParamError("factor", text(p.factor), "a finite number from 1 to 1024");
  if (p.trainLength < 1 || p.trainLength > kMaxLength)
    throw ParamError("train_length", text(p.trainLength), "an integer from 1 to " + text(kMaxLength));
  if (p.seed > 4294967295ULL)
    throw ParamError("seed", std::to_string(p.seed), "an integer from 0 to 4294967295");
  if (p.queries < 1 || p.queries > 8)
    throw ParamError("queries", text(p.queries), "an integer from 1 to 8");
  if (p.pair < 0 || p.pair >= p.dim / 2)
    throw ParamError("pair", text(p.pair), "less than dim/2 (" + text(p.dim / 2) + ")");
  if ((p.scaling == RopeScaling::Ntk || p.scaling == RopeScaling::Dynamic) && p.dim < 4)
    throw ParamError("dim", text(p.dim),
                     "at least 4 with scaling " + std::string(scalingId(p.scaling)) +
                         " (its exponent d/(d-2) is undefined for d = 2)");
}

double ropeScaledBase(const RopeParams& p) {
  const double d = static_cast<double>(p.dim);
  const double s = p.factor;
  switch (p.scaling) {
    case RopeScaling::None:
    case RopeScaling::Linear:
      return p.base;
    case RopeScaling::Ntk:
      return p.base * std::pow(s, d / (d - 2.0));
    case RopeScaling::Dynamic: {
      // HF `_compute_dynamic_ntk_parameters`: seq_len = max(seq_len, max_position_embeddings);
      // base * ((factor * seq_len / max_position_embeddings) - (factor - 1)) ** (dim / (dim - 2)).
      const double len = static_cast<double>(std::max(p.length, p.trainLength));
      const double ratio = s * len / static_cast<double>(p.trainLength) - (s - 1.0);
      return p.base * std::pow(ratio, d / (d - 2.0));
    }
  }
  return p.base;
}

Vector ropeFrequencies(std::int64_t dim, double base) {
  const Index half = dim / 2;
  Vector theta(half);
  for (Index k = 0; k < half; ++k) {
    theta(k) = 1.0 / std::pow(base, static_cast<double>(2 * k) / static_cast<double>(dim));
  }
  return theta;
}

Vector ropeScaledFrequencies(const RopeParams& p) {
  Vector theta = ropeFrequencies(p.dim, ropeScaledBase(p));
  if (p.scaling == RopeScaling::Linear) theta /= p.factor;
  return theta;
}

std::pair<Index, Index> ropePairDims(Index k, Index d, RopeLayout layout) {
  if (layout == RopeLayout::Half) return {k, k + d / 2};
  return {2 * k, 2 * k + 1};
}

Vector ropeRotate(const Vector& x, double m, const Vector& theta, RopeLayout layout) {
  Vector out(x.size());
  for (Index k = 0; k < theta.size(); ++k) {
    const auto [i, j] = ropePairDims(k, x.size(), layout);
    const double angle = m * theta(k);
    const double c = std::cos(angle), s = std::sin(angle);
    out(i) = x(i) * c - x(j) * s;
    out(j) = x(i) * s + x(j) * c;
  }
  return out;
}

Vector ropeQuery(const RopeParams& p) {
  Vector q(p.dim);
  for (Index c = 0; c < p.dim; ++c)
    q(c) = normal(p.seed, Tensor::RopeQuery, 0, static_cast<std::uint64_t>(c));
  return q;
}

Vector ropeKey(const RopeParams& p) {
  Vector k(p.dim);
  for (Index c = 0; c < p.dim; ++c)
    k(c) = normal(p.seed, Tensor::RopeKey, 0, static_cast<std::uint64_t>(c));
  return k;
}

Vector ropePairTerms(const Vector& q, const Vector& k, const Vector& theta, RopeLayout layout,
                     Index r) {
  Phases phases(theta);
  phases.set(r);
  return termsAt(pairCoefficients(q, k, layout), phases);
}

Vector ropeScoreProfile(const Vector& q, const Vector& k, const Vector& theta, RopeLayout layout,
                        std::span<const Index> distances) {
  const PairCoefficients c = pairCoefficients(q, k, layout);
  Phases phases(theta);
  Vector out(static_cast<Index>(distances.size()));
  for (std::size_t i = 0; i < distances.size(); ++i) {
    phases.set(distances[i]);
    out(static_cast<Index>(i)) = termsAt(c, phases).sum();
  }
  return out;
}

Matrix ropeScores(const RopeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  if (rows.empty() || cols.empty()) return out;
  const auto [rowMin, rowMax] = std::minmax_element(rows.begin(), rows.end());
  const auto [colMin, colMax] = std::minmax_element(cols.begin(), cols.end());
  const Index lo = *rowMin - *colMax;
  const Index span = *rowMax - *colMin - lo + 1;
  const Vector q = ropeQuery(p), k = ropeKey(p), theta = ropeScaledFrequencies(p);
  if (span <= kDenseDistances) {
    // Mark the distances present, evaluate each once (increasing), then look them up.
    std::vector<std::int32_t> slot(static_cast<std::size_t>(span), -1);
    for (const Index m : rows)
      for (const Index n : cols) slot[static_cast<std::size_t>(m - n - lo)] = 0;
    std::vector<Index> distinct;
    for (Index i = 0; i < span; ++i) {
      if (slot[static_cast<std::size_t>(i)] < 0) continue;
      slot[static_cast<std::size_t>(i)] = static_cast<std::int32_t>(distinct.size());
      distinct.push_back(lo + i);
    }
    const Vector profile = ropeScoreProfile(q, k, theta, p.layout, distinct);
    for (Index a = 0; a < out.rows(); ++a)
      for (Index b = 0; b < out.cols(); ++b)
        out(a, b) = profile(slot[static_cast<std::size_t>(rows[static_cast<std::size_t>(a)] -
                                                        cols[static_cast<std::size_t>(b)] - lo)]);
    return out;
  }
  std::vector<Index> distinct;
  distinct.reserve(rows.size() * cols.size());
  for (const Index m : rows)
    for (const Index n : cols) distinct.push_back(m - n);
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  const Vector profile = ropeScoreProfile(q, k, theta, p.layout, distinct);
  for (Index a = 0; a < out.rows(); ++a) {
    for (Index b = 0; b < out.cols(); ++b) {
      const Index r = rows[static_cast<std::size_t>(a)] - cols[static_cast<std::size_t>(b)];
      const auto it = std::lower_bound(distinct.begin(), distinct.end(), r);
      out(a, b) = profile(static_cast<Index>(it - distinct.begin()));
    }
  }
  return out;
}

Matrix ropeAngles(const RopeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  const Vector theta = ropeScaledFrequencies(p);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      out(a, b) = static_cast<double>(rows[static_cast<std::size_t>(a)]) *
                  theta(cols[static_cast<std::size_t>(b)]);
  return out;
}

Vector ropeDecayBound(const Vector& theta, Index count) {
  Phases phases(theta);
  Vector out(count);
  const Index half = theta.size();
  Eigen::ArrayXd re(half), im(half);  // Re S_j, Im S_j for j = 1..d/2
  for (Index r = 0; r < count; ++r) {
    phases.set(r);
    double sumRe = 0, sumIm = 0;
    for (Index k = 0; k < half; ++k) {
      re(k) = sumRe += phases.cos()(k);
      im(k) = sumIm += phases.sin()(k);
    }
    out(r) = (re.square() + im.square()).sqrt().sum() / static_cast<double>(half);
  }
  return out;
}

Vector absoluteSinusoidalScores(const RopeParams& p, Index m, std::span<const Index> keys) {
  constexpr auto layout = SinusoidalLayout::Interleaved;
  const Vector q = ropeQuery(p), k = ropeKey(p);
  const double mPos = static_cast<double>(m);
  const Matrix peM = sinusoidalTable(std::span<const double>(&mPos, 1), p.dim, p.base, layout);
  // (q + PE_m) . (k + PE_n) = u . k + u . PE_n with u = q + PE_m.
  const Vector u = q + peM.row(0).transpose();
  const double uk = u.dot(k);
  const Vector w = sinusoidalFrequencies(p.dim, p.base, layout);
  Vector uSin(w.size()), uCos(w.size());
  for (Index i = 0; i < w.size(); ++i) {
    uSin(i) = u(sinColumn(i, p.dim, layout));
    uCos(i) = u(cosColumn(i, p.dim, layout));
  }
  Phases phases(w);
  Vector out(static_cast<Index>(keys.size()));
  for (std::size_t i = 0; i < keys.size(); ++i) {
    phases.set(keys[i]);
    out(static_cast<Index>(i)) =
        uk + (uSin.array() * phases.sin().array() + uCos.array() * phases.cos().array()).sum();
  }
  return out;
}

std::unique_ptr<Scheme> makeRopeScheme() { return std::make_unique<RopeScheme>(); }

}  // namespace posenc
