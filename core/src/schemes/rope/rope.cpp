// SPDX-License-Identifier: GPL-3.0-or-later
// RoPE maths: rotations, score profiles, the decay bound (rope.hpp). The frequencies and their
// scalings are in rope_scaling.cpp; the `rope` scheme's description and views in
// rope_scheme.cpp and rope_views.cpp.
#include "posenc/schemes/rope/rope.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "posenc/base/random.hpp"
#include "posenc/maths/sinusoidal_table.hpp"

namespace posenc {

namespace {

constexpr Index kPhaseBlock = 64;                  // angle-addition block of Phases
constexpr Index kDenseDistances = Index{1} << 22;  // ropeScores: slot table up to 2^22 distances

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

}  // namespace

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

Vector ropeQuery(const RopeParams& p) { return normalRow(p.seed, Tensor::RopeQuery, 0, p.dim); }

Vector ropeKey(const RopeParams& p) { return normalRow(p.seed, Tensor::RopeKey, 0, p.dim); }

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

Vector ropeFullProfile(const RopeParams& p, std::span<const Index> distances) {
  const Index dRot = ropeRotaryDim(p);
  const Vector q = ropeQuery(p), k = ropeKey(p);
  Vector out =
      ropeScoreProfile(q.head(dRot), k.head(dRot), ropeScaledFrequencies(p), p.layout, distances);
  // HF: cos and sin carry the attention factor a, so the rotated part of q and of k each.
  const double a = ropeAttentionFactor(p);
  if (a != 1.0) out *= a * a;
  // HF: q_pass and k_pass (the dims past d_rot) are concatenated back unrotated.
  if (dRot < p.dim) out.array() += q.tail(p.dim - dRot).dot(k.tail(p.dim - dRot));
  return out;
}

namespace {

/// ropeScores before the window's mask.
Matrix unmaskedScores(const RopeParams& p, std::span<const Index> rows,
                      std::span<const Index> cols) {
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  if (rows.empty() || cols.empty()) return out;
  const auto [rowMin, rowMax] = std::minmax_element(rows.begin(), rows.end());
  const auto [colMin, colMax] = std::minmax_element(cols.begin(), cols.end());
  const Index lo = *rowMin - *colMax;
  const Index span = *rowMax - *colMin - lo + 1;
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
    const Vector profile = ropeFullProfile(p, distinct);
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
  const Vector profile = ropeFullProfile(p, distinct);
  for (Index a = 0; a < out.rows(); ++a) {
    for (Index b = 0; b < out.cols(); ++b) {
      const Index r = rows[static_cast<std::size_t>(a)] - cols[static_cast<std::size_t>(b)];
      const auto it = std::lower_bound(distinct.begin(), distinct.end(), r);
      out(a, b) = profile(static_cast<Index>(it - distinct.begin()));
    }
  }
  return out;
}

}  // namespace

Matrix ropeScores(const RopeParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  Matrix out = unmaskedScores(p, rows, cols);
  if (p.window.size <= 0) return out;
  // After the sum, as every mask (docs/CONVENTIONS.md); masking_utils.py's and_masks of the
  // window's overlay with causal_mask_function (attention_window.hpp).
  for (Index a = 0; a < out.rows(); ++a)
    for (Index b = 0; b < out.cols(); ++b)
      if (windowBlock(p.window, rows[static_cast<std::size_t>(a)],
                      cols[static_cast<std::size_t>(b)]) != WindowBlock::None)
        out(a, b) = kMasked;
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

}  // namespace posenc