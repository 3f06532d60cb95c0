// SPDX-License-Identifier: GPL-3.0-or-later
// Sinusoidal maths: table entries, the similarity profile, wavelengths, the shift residual
// (sinusoidal.hpp). The `sinusoidal` scheme's description and views are in
// sinusoidal_scheme.cpp.
#include "posenc/schemes/sinusoidal/sinusoidal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numbers>

namespace posenc {

namespace {

Index absDiff(Index a, Index b) { return a > b ? a - b : b - a; }

// Smallest |r - c| over all pairs of the two increasing lists.
Index minDistance(std::span<const Index> rows, std::span<const Index> cols) {
  Index best = absDiff(rows.front(), cols.front());
  for (const Index r : rows) {
    const auto it = std::lower_bound(cols.begin(), cols.end(), r);
    if (it != cols.end()) best = std::min(best, *it - r);
    if (it != cols.begin()) best = std::min(best, r - *(it - 1));
    if (best == 0) break;
  }
  return best;
}

// Distances are split as delta = kSplit h + l (0 <= l < kSplit) and each term is formed by
// angle addition, cos(delta w) = cos(kSplit h w) cos(l w) - sin(kSplit h w) sin(l w): the
// sines and cosines are shared by every distance with the same h or the same l, so a request
// with many distinct distances costs multiply-adds rather than cosines. kSplit is a constant,
// so S(delta) is the same double in every request. For delta < kSplit the term is exactly
// cos(delta w). The angle kSplit h w + l w carries the same rounding as delta w, ~delta w 1e-16.
constexpr Index kSplit = 1024;

// S(delta) for every (non-negative) delta of `deltas`, terms added in increasing i.
std::vector<double> profileAt(const Vector& w, const std::vector<Index>& deltas) {
  Index maxHigh = 0;
  for (const Index d : deltas) maxHigh = std::max(maxHigh, d / kSplit);
  std::vector<char> needLow(static_cast<std::size_t>(kSplit), 0);
  std::vector<char> needHigh(static_cast<std::size_t>(maxHigh + 1), 0);
  for (const Index d : deltas) {
    needLow[static_cast<std::size_t>(d % kSplit)] = 1;
    needHigh[static_cast<std::size_t>(d / kSplit)] = 1;
  }
  std::vector<Index> lows, highs;
  for (Index l = 0; l < kSplit; ++l)
    if (needLow[static_cast<std::size_t>(l)]) lows.push_back(l);
  for (Index h = 0; h <= maxHigh; ++h)
    if (needHigh[static_cast<std::size_t>(h)]) highs.push_back(h);
  std::vector<double> cosLow(needLow.size()), sinLow(needLow.size());
  std::vector<double> cosHigh(needHigh.size()), sinHigh(needHigh.size());
  std::vector<double> s(deltas.size(), 0.0);
  for (Index i = 0; i < w.size(); ++i) {
    for (const Index l : lows) {
      const double a = static_cast<double>(l) * w(i);
      cosLow[static_cast<std::size_t>(l)] = std::cos(a);
      sinLow[static_cast<std::size_t>(l)] = std::sin(a);
    }
    for (const Index h : highs) {
      const double a = static_cast<double>(h * kSplit) * w(i);
      cosHigh[static_cast<std::size_t>(h)] = std::cos(a);
      sinHigh[static_cast<std::size_t>(h)] = std::sin(a);
    }
    for (std::size_t u = 0; u < deltas.size(); ++u) {
      const auto h = static_cast<std::size_t>(deltas[u] / kSplit);
      const auto l = static_cast<std::size_t>(deltas[u] % kSplit);
      s[u] += cosHigh[h] * cosLow[l] - sinHigh[h] * sinLow[l];
    }
  }
  return s;
}

}  // namespace

Matrix sinusoidalEncoding(const SinusoidalParams& p, std::span<const Index> rows,
                          std::span<const Index> cols) {
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  std::vector<std::pair<Index, bool>> pairs;
  pairs.reserve(cols.size());
  for (const Index k : cols) pairs.push_back(pairOfColumn(k, p.dim, p.layout));
  Matrix out(static_cast<Index>(rows.size()), static_cast<Index>(cols.size()));
  for (Index a = 0; a < out.rows(); ++a) {
    const auto pos = static_cast<double>(rows[static_cast<std::size_t>(a)]);
    for (Index b = 0; b < out.cols(); ++b) {
      const auto [i, isSin] = pairs[static_cast<std::size_t>(b)];
      const double angle = pos * w(i);  // the same product sinusoidalTable forms
      out(a, b) = isSin ? std::sin(angle) : std::cos(angle);
    }
  }
  return out;
}

double sinusoidalPairTerm(double w, Index delta) {
  const Index h = delta / kSplit;  // integer division: delta = kSplit h + l
  const double high = static_cast<double>(h * kSplit) * w;
  const double low = static_cast<double>(delta % kSplit) * w;
  return std::cos(high) * std::cos(low) - std::sin(high) * std::sin(low);
}

double sinusoidalProfile(const Vector& w, Index delta) {
  const std::vector<Index> one = {delta < 0 ? -delta : delta};
  return profileAt(w, one)[0];
}

Matrix sinusoidalSimilarity(const SinusoidalParams& p, std::span<const Index> rows,
                            std::span<const Index> cols) {
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  Matrix out(nr, nc);
  if (nr == 0 || nc == 0) return out;
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);

  // Number the distinct distances |p - q| of the request through a slot table over
  // [lo, hi] (at most 2^20 entries), evaluate S once per distance, then spread.
  const Index hi = std::max(absDiff(rows.back(), cols.front()), absDiff(rows.front(), cols.back()));
  const Index lo = minDistance(rows, cols);
  std::vector<std::int32_t> slot(static_cast<std::size_t>(hi - lo + 1), -1);
  std::vector<Index> distinct;
  for (const Index r : rows) {
    for (const Index c : cols) {
      std::int32_t& s = slot[static_cast<std::size_t>(absDiff(r, c) - lo)];
      if (s < 0) {
        s = static_cast<std::int32_t>(distinct.size());
        distinct.push_back(absDiff(r, c));
      }
    }
  }
  const std::vector<double> profile = profileAt(w, distinct);
  for (Index a = 0; a < nr; ++a) {
    const Index r = rows[static_cast<std::size_t>(a)];
    for (Index b = 0; b < nc; ++b) {
      const Index d = absDiff(r, cols[static_cast<std::size_t>(b)]);
      out(a, b) = profile[static_cast<std::size_t>(slot[static_cast<std::size_t>(d - lo)])];
    }
  }
  return out;
}

Vector sinusoidalWavelengths(const SinusoidalParams& p) {
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  return (2.0 * std::numbers::pi) * w.cwiseInverse();
}

std::vector<Index> sinusoidalBandPairs(const SinusoidalParams& p) {
  const Index half = p.dim / 2;
  const Index n = std::clamp<Index>(p.bands, 1, half);
  std::vector<Index> out;
  if (n == 1) return {0};
  for (Index j = 0; j < n; ++j) {
    // round(j (half-1) / (n-1)) in integers: floor((2 j (half-1) + (n-1)) / (2 (n-1))).
    out.push_back((2 * j * (half - 1) + (n - 1)) / (2 * (n - 1)));
  }
  return out;
}

Matrix sinusoidalShiftMatrix(const SinusoidalParams& p, Index k) {
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  Matrix m = Matrix::Zero(p.dim, p.dim);
  for (Index i = 0; i < w.size(); ++i) {
    const double angle = static_cast<double>(k) * w(i);
    const Index s = sinColumn(i, p.dim, p.layout);
    const Index c = cosColumn(i, p.dim, p.layout);
    m(s, s) = std::cos(angle);
    m(s, c) = std::sin(angle);
    m(c, s) = -std::sin(angle);
    m(c, c) = std::cos(angle);
  }
  return m;
}

Vector sinusoidalShiftResidual(const SinusoidalParams& p, std::span<const Index> positions) {
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  const auto k = static_cast<double>(p.offset);
  Vector ck(w.size()), sk(w.size());
  for (Index i = 0; i < w.size(); ++i) {
    ck(i) = std::cos(k * w(i));
    sk(i) = std::sin(k * w(i));
  }
  Vector out(static_cast<Index>(positions.size()));
  for (Index a = 0; a < out.size(); ++a) {
    const auto x = static_cast<double>(positions[static_cast<std::size_t>(a)]);
    double sum = 0;
    for (Index i = 0; i < w.size(); ++i) {
      // The same rounded angles x w_i and (x + k) w_i as the table rows.
      const double s = std::sin(x * w(i)), c = std::cos(x * w(i));
      const double later = (x + k) * w(i);
      const double es = std::sin(later) - (s * ck(i) + c * sk(i));
      const double ec = std::cos(later) - (c * ck(i) - s * sk(i));
      sum += es * es + ec * ec;
    }
    out(a) = std::sqrt(sum);
  }
  return out;
}

}  // namespace posenc
