// SPDX-License-Identifier: GPL-3.0-or-later
// xPos maths (xpos.hpp), following microsoft/torchscale (commit 776b070d), file
// torchscale/component/xpos_relative_position.py: XPOS.__init__ (`scale`), XPOS.forward
// (min_pos, scale ** (pos / scale_base), downscale), fixed_pos_embedding, rotate_every_two,
// duplicate_interleave and apply_rotary_pos_emb; multihead_attention.py applies
// xpos(k, downscale=True) and xpos(q, downscale=False). The `xpos` scheme's description and
// views are in xpos_scheme.cpp.
#include "posenc/schemes/xpos/xpos.hpp"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "posenc/base/random.hpp"
#include "posenc/schemes/rope/rope.hpp"

namespace posenc {

namespace {

/// xposPairTerms with ζ and θ made once by the caller.
Vector pairTerms(const Vector& zeta, const Vector& theta, double scaleBase, const Vector& q,
                 const Vector& k, Index r) {
  Vector terms = ropePairTerms(q, k, theta, RopeLayout::Interleaved, r);
  const double exponent = static_cast<double>(r) / scaleBase;
  for (Index j = 0; j < terms.size(); ++j) terms(j) *= std::pow(zeta(j), exponent);
  return terms;
}

}  // namespace

void checkXposParams(const XposParams& p) {
  if (p.dim < 2 || p.dim > 4096 || p.dim % 2 != 0)
    throw ParamError("dim", std::to_string(p.dim), Message(allowed::kEvenIntRange, {"2", "4096"}));
  if (!(p.gamma >= 0.01 && p.gamma <= 100.0))
    throw ParamError("gamma", std::to_string(p.gamma),
                     Message(allowed::kNumberRange, {"0.01", "100"}));
  if (!(p.scaleBase >= 1.0 && p.scaleBase <= 1e9))
    throw ParamError("scale_base", std::to_string(p.scaleBase),
                     Message(allowed::kNumberRange, {"1", "1e9"}));
  if (!(p.base >= 2.0 && p.base <= 1e12))
    throw ParamError("base", std::to_string(p.base), Message(allowed::kNumberRange, {"2", "1e12"}));
}

Vector xposZeta(std::int64_t dim, double gamma) {
  const double d = static_cast<double>(dim);
  Vector z(dim / 2);
  // (arange(0, head_dim, 2) + 0.4 * head_dim) / (1.4 * head_dim), 0.4 -> gamma.
  for (Index j = 0; j < z.size(); ++j)
    z(j) = (static_cast<double>(2 * j) + gamma * d) / ((1.0 + gamma) * d);
  return z;
}

Index xposMinPos(Index length) {
  // Python's -(length + 0) // 2 floors: -5 // 2 == -3.
  const Index n = -length;
  return n >= 0 ? n / 2 : -((-n + 1) / 2);
}

Vector xposApply(const XposParams& p, const Vector& x, Index t, bool downscale) {
  const Vector zeta = xposZeta(p.dim, p.gamma);
  const Vector theta = ropeFrequencies(p.dim, p.base);
  const double exponent = static_cast<double>(t + xposMinPos(p.length)) / p.scaleBase;
  Vector out(x.size());
  for (Index j = 0; j < zeta.size(); ++j) {
    double scale = std::pow(zeta(j), exponent);
    if (downscale) scale = 1.0 / scale;
    const double angle = static_cast<double>(t) * theta(j);
    const double c = std::cos(angle) * scale;
    const double s = std::sin(angle) * scale;
    const double a = x(2 * j);
    const double b = x(2 * j + 1);
    // x * cos + rotate_every_two(x) * sin, rotate_every_two(a, b) = (-b, a).
    out(2 * j) = a * c - b * s;
    out(2 * j + 1) = b * c + a * s;
  }
  return out;
}

Vector xposQuery(const XposParams& p) { return normalRow(p.seed, Tensor::XposQuery, 0, p.dim); }

Vector xposKey(const XposParams& p) { return normalRow(p.seed, Tensor::XposKey, 0, p.dim); }

Vector xposPairTerms(const XposParams& p, const Vector& q, const Vector& k, Index r) {
  return pairTerms(xposZeta(p.dim, p.gamma), ropeFrequencies(p.dim, p.base), p.scaleBase, q, k, r);
}

Matrix xposScores(const XposParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  Matrix out =
      Matrix::Constant(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()), kMasked);
  if (rows.empty() || cols.empty()) return out;
  const Vector q = xposQuery(p);
  const Vector k = xposKey(p);
  const Vector zeta = xposZeta(p.dim, p.gamma);
  const Vector theta = ropeFrequencies(p.dim, p.base);
  const Index lo = std::max<Index>(0, rows.front() - cols.back());
  const Index hi = rows.back() - cols.front();
  if (hi < lo) return out;
  // One value per distance m - n >= 0, computed when first asked for.
  std::vector<double> profile(static_cast<std::size_t>(hi - lo + 1), 0.0);
  std::vector<char> known(profile.size(), 0);
  for (std::size_t a = 0; a < rows.size(); ++a) {
    for (std::size_t b = 0; b < cols.size(); ++b) {
      const Index r = rows[a] - cols[b];
      if (r < 0) continue;
      const auto at = static_cast<std::size_t>(r - lo);
      if (!known[at]) {
        profile[at] = pairTerms(zeta, theta, p.scaleBase, q, k, r).sum();
        known[at] = 1;
      }
      out(static_cast<Index>(a), static_cast<Index>(b)) = profile[at];
    }
  }
  return out;
}

Matrix xposDecay(const XposParams& p, std::span<const Index> rows, std::span<const Index> cols) {
  const Vector zeta = xposZeta(p.dim, p.gamma);
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (std::size_t a = 0; a < rows.size(); ++a)
    for (std::size_t b = 0; b < cols.size(); ++b)
      out(static_cast<Index>(a), static_cast<Index>(b)) =
          std::pow(zeta(cols[b]), static_cast<double>(rows[a]) / p.scaleBase);
  return out;
}

Index xposMaxVectorLength(const XposParams& p) {
  // exp(600) ~ 4e260: the largest single scale ζ_0^(-(length/2)/scale_base) kept well
  // inside the double range, so products with rotated entries stay finite.
  const double lnZeta0 = std::log(p.gamma / (1.0 + p.gamma));
  const double limit = 2.0 * 600.0 * p.scaleBase / -lnZeta0;
  return limit >= static_cast<double>(kMaxLength) ? kMaxLength : static_cast<Index>(limit);
}

}  // namespace posenc
