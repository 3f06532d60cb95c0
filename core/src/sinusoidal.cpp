// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/sinusoidal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <string>

namespace posenc {

namespace {

std::string num(double v) {
  char buf[32];
  if (v < 100) std::snprintf(buf, sizeof buf, "%.3g", v);
  else if (v < 1e6) std::snprintf(buf, sizeof buf, "%.0f", v);
  else std::snprintf(buf, sizeof buf, "%.3g", v);
  return buf;
}

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

Matrix tableAt(std::span<const Index> positions, const SinusoidalParams& p) {
  std::vector<double> x(positions.begin(), positions.end());
  return sinusoidalTable(x, p.dim, p.base, p.layout);
}

}  // namespace

SinusoidalParams sinusoidalParamsFrom(const ParamSet& params) {
  SinusoidalParams p;
  p.length = params.getInt("length");
  p.dim = params.getInt("dim");
  p.base = params.getReal("base");
  p.layout = sinusoidalLayoutFromId(params.getChoice("layout"));
  p.offset = params.getInt("offset");
  p.bands = params.getInt("bands");
  return p;
}

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

double sinusoidalProfile(const Vector& w, Index delta) {
  const auto x = static_cast<double>(delta < 0 ? -delta : delta);
  double s = 0;
  for (Index i = 0; i < w.size(); ++i) s += std::cos(x * w(i));
  return s;
}

Matrix sinusoidalSimilarity(const SinusoidalParams& p, std::span<const Index> rows,
                            std::span<const Index> cols) {
  const auto nr = static_cast<Index>(rows.size());
  const auto nc = static_cast<Index>(cols.size());
  Matrix out(nr, nc);
  if (nr == 0 || nc == 0) return out;
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);

  // Distinct distances |p - q| of the request, numbered densely through a slot table over
  // [lo, hi] (at most 2^21 entries, since positions are < 2^20 + offset).
  const Index hi = std::max(absDiff(rows.back(), cols.front()), absDiff(rows.front(), cols.back()));
  const Index lo = minDistance(rows, cols);
  std::vector<std::int32_t> slot(static_cast<std::size_t>(hi - lo + 1), -1);
  std::vector<Index> distinct;
  for (const Index r : rows) {
    for (const Index c : cols) {
      auto& s = slot[static_cast<std::size_t>(absDiff(r, c) - lo)];
      if (s < 0) {
        s = static_cast<std::int32_t>(distinct.size());
        distinct.push_back(absDiff(r, c));
      }
    }
  }

  // One cosine costs about as much as ~40 multiply-adds of a matrix product.
  const double half = static_cast<double>(w.size());
  const double profileCost = 40.0 * static_cast<double>(distinct.size()) * half;
  const double productCost = 80.0 * static_cast<double>(nr + nc) * half +
                             static_cast<double>(nr) * static_cast<double>(nc) * 2.0 * half;
  if (profileCost > productCost) {
    const Matrix a = tableAt(rows, p);
    const Matrix b = tableAt(cols, p);
    out.noalias() = a * b.transpose();
    return out;
  }

  std::vector<double> profile(distinct.size());
  for (std::size_t u = 0; u < distinct.size(); ++u) profile[u] = sinusoidalProfile(w, distinct[u]);
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

Vector sinusoidalShiftResidual(const SinusoidalParams& p) {
  const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
  const Index half = w.size();
  const Index k = p.offset;
  Vector ck(half), sk(half);
  for (Index i = 0; i < half; ++i) {
    ck(i) = std::cos(static_cast<double>(k) * w(i));
    sk(i) = std::sin(static_cast<double>(k) * w(i));
  }
  // Rows of sin / cos per position. With a small offset, a ring of k + 1 rows lets every
  // position be computed once; otherwise both rows are computed per x.
  const bool ring = (k + 1) * half <= (Index{1} << 22);
  const Index slots = ring ? k + 1 : 2;
  Matrix sinRows(slots, half), cosRows(slots, half);
  const auto fill = [&](Index slotIndex, Index position) {
    const auto x = static_cast<double>(position);
    for (Index i = 0; i < half; ++i) {
      const double angle = x * w(i);  // the same product as the table
      sinRows(slotIndex, i) = std::sin(angle);
      cosRows(slotIndex, i) = std::cos(angle);
    }
  };
  if (ring)
    for (Index x = 0; x < k; ++x) fill(x, x);
  Vector out(p.length);
  for (Index x = 0; x < p.length; ++x) {
    Index now = 0, later = 1;
    if (ring) {
      now = x % slots;
      later = (x + k) % slots;
      fill(later, x + k);
    } else {
      fill(now, x);
      fill(later, x + k);
    }
    double sum = 0;
    for (Index i = 0; i < half; ++i) {
      const double s = sinRows(now, i), c = cosRows(now, i);
      const double es = sinRows(later, i) - (s * ck(i) + c * sk(i));
      const double ec = cosRows(later, i) - (c * ck(i) - s * sk(i));
      sum += es * es + ec * ec;
    }
    out(x) = std::sqrt(sum);
  }
  return out;
}

namespace {

class SinusoidalScheme final : public Scheme {
 public:
  const SchemeInfo& info() const override {
    static const SchemeInfo info = [] {
      SchemeInfo s;
      s.id = "sinusoidal";
      s.name = "Sinusoidal (Vaswani et al. 2017)";
      s.description =
          "Fixed table added to the token embeddings: pair i holds sin(p w_i) and cos(p w_i), "
          "w_i = base^(-2i/d)";
      s.params = {
          intParam("length", 128, 1, kMaxLength, "Sequence length: positions 0 .. length-1"),
          intParam("dim", 128, 2, 16384, "Model width d (even): d/2 sin/cos pairs", true),
          realParam("base", 10000, 2, 1e12,
                    "Base of the frequencies w_i = base^(-2i/d) (the paper uses 10000)"),
          choiceParam("layout", "interleaved", {"interleaved", "concatenated", "tensor2tensor"},
                      "Column order: interleaved = the paper (sin, cos of pair i in columns 2i, "
                      "2i+1); concatenated = all sines then all cosines (Transformer-XL, "
                      "Marian, GPT-J); tensor2tensor = concatenated with "
                      "w_i = base^(-i/(d/2-1)) (tensor2tensor, fairseq)"),
          intParam("offset", 1, 1, kMaxLength,
                   "Shift k of the shift view: PE(p+k) = M_k PE(p) with rotations by k w_i"),
          intParam("bands", 4, 1, 8,
                   "How many sine columns the bands view draws, spread from the fastest pair "
                   "to the slowest"),
      };
      ViewSpec enc;
      enc.id = "encoding";
      enc.title = "Sinusoidal encoding PE[p, k]";
      enc.xLabel = "dimension k";
      enc.yLabel = "position p";
      enc.valueLabel = "PE[p, k]";
      enc.signedValues = true;
      enc.description =
          "length x dim table: row = position p, column = dimension k; values in [-1, 1]; "
          "the layout decides which column holds sin(p w_i) or cos(p w_i) of pair i";
      ViewSpec sim;
      sim.id = "similarity";
      sim.title = "Similarity of positions  PE_p . PE_q = sum_i cos((p - q) w_i)";
      sim.xLabel = "position q";
      sim.yLabel = "position p";
      sim.valueLabel = "PE_p . PE_q";
      sim.signedValues = true;
      sim.description =
          "length x length dot products of table rows: depends only on p - q (constant along "
          "diagonals), d/2 on the diagonal, values in [-d/2, d/2], symmetric";
      ViewSpec wav;
      wav.id = "wavelengths";
      wav.kind = ViewKind::Series;
      wav.title = "Wavelength of each sin/cos pair";
      wav.xLabel = "pair index i";
      wav.yLabel = "wavelength 2π/w_i (positions)";
      wav.logY = true;
      wav.description =
          "d/2 wavelengths 2π/w_i, from 2π (pair 0) up to about 2π base (last pair); pairs "
          "below the sequence-length line complete a full period inside the sequence";
      ViewSpec bands;
      bands.id = "bands";
      bands.kind = ViewKind::Series;
      bands.title = "Sine columns over position";
      bands.xLabel = "position p";
      bands.yLabel = "PE[p, k]";
      bands.description =
          "PE[p, k] for p = 0 .. length-1 of a few sine columns spread from the fastest pair "
          "(pair 0, wavelength 2π) to the slowest; values in [-1, 1]";
      ViewSpec shift;
      shift.id = "shift";
      shift.kind = ViewKind::Series;
      shift.title = "Rounding-level residual  ‖PE(p+k) − M_k PE(p)‖₂";
      shift.xLabel = "position p";
      shift.yLabel = "residual (rounding only)";
      shift.description =
          "For p = 0 .. length-1 and k = offset: PE(p+k) is exactly a rotation M_k of PE(p) "
          "(sec. 3.5); the residual is floating-point rounding, ~1e-16, growing with p";
      s.views = {enc, sim, wav, bands, shift};
      return s;
    }();
    return info;
  }

  MatrixShape shape(const ParamSet& params, std::string_view view) const override {
    const SinusoidalParams p = sinusoidalParamsFrom(params);
    if (view == "encoding") return {p.length, p.dim};
    if (view == "similarity") return {p.length, p.length};
    throw notMatrix(view);
  }

  Matrix evaluate(const ParamSet& params, std::string_view view, std::span<const Index> rows,
                  std::span<const Index> cols) const override {
    const SinusoidalParams p = sinusoidalParamsFrom(params);
    if (view == "encoding") return sinusoidalEncoding(p, rows, cols);
    if (view == "similarity") return sinusoidalSimilarity(p, rows, cols);
    throw notMatrix(view);
  }

  std::vector<Term> explainCell(const ParamSet& params, std::string_view view, Index row,
                                Index col) const override {
    const SinusoidalParams p = sinusoidalParamsFrom(params);
    const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
    if (view == "encoding") {
      const auto [i, isSin] = pairOfColumn(col, p.dim, p.layout);
      const double angle = static_cast<double>(row) * w(i);
      return {
          {"position p", static_cast<double>(row)},
          {"dimension k", static_cast<double>(col)},
          {isSin ? "pair i (sine column)" : "pair i (cosine column)", static_cast<double>(i)},
          {"frequency w_i (rad per position)", w(i)},
          {"wavelength 2π/w_i (positions)", 2.0 * std::numbers::pi / w(i)},
          {"angle p·w_i (rad)", angle},
      };
    }
    if (view == "similarity") return explainSimilarity(w, row, col);
    throw notMatrix(view);
  }

  SeriesResult series(const ParamSet& params, std::string_view view) const override {
    const SinusoidalParams p = sinusoidalParamsFrom(params);
    SeriesResult out;
    if (view == "wavelengths") {
      const Vector lambda = sinusoidalWavelengths(p);
      out.x.resize(static_cast<std::size_t>(lambda.size()));
      for (std::size_t i = 0; i < out.x.size(); ++i) out.x[i] = static_cast<double>(i);
      out.curves.push_back({"wavelength 2π/w_i", {lambda.begin(), lambda.end()}});
      out.curves.push_back(
          {"sequence length", std::vector<double>(out.x.size(), static_cast<double>(p.length))});
      return out;
    }
    if (view == "bands" || view == "shift") {
      out.x.resize(static_cast<std::size_t>(p.length));
      for (std::size_t x = 0; x < out.x.size(); ++x) out.x[x] = static_cast<double>(x);
    }
    if (view == "bands") {
      const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
      for (const Index i : sinusoidalBandPairs(p)) {
        Curve c;
        c.name = "dim " + std::to_string(sinColumn(i, p.dim, p.layout)) + " (sin, pair " +
                 std::to_string(i) + ", λ = " + num(2.0 * std::numbers::pi / w(i)) + ")";
        c.y.resize(out.x.size());
        for (std::size_t x = 0; x < c.y.size(); ++x) c.y[x] = std::sin(out.x[x] * w(i));
        out.curves.push_back(std::move(c));
      }
      return out;
    }
    if (view == "shift") {
      const Vector r = sinusoidalShiftResidual(p);
      out.curves.push_back({"‖PE(p+" + std::to_string(p.offset) + ") − M_" +
                                std::to_string(p.offset) + " PE(p)‖₂",
                            {r.begin(), r.end()}});
      return out;
    }
    throw ParamError("view", std::string(view),
                     "a series view of sinusoidal: wavelengths, bands or shift");
  }

 private:
  static ParamError notMatrix(std::string_view view) {
    return ParamError("view", std::string(view), "a matrix view of sinusoidal: encoding or similarity");
  }

  // p, q, p - q, then the three largest pair terms cos((p-q) w_i) and the sum of the rest,
  // which add up to the cell value.
  static std::vector<Term> explainSimilarity(const Vector& w, Index row, Index col) {
    const Index delta = row - col;
    const auto x = static_cast<double>(delta < 0 ? -delta : delta);
    std::vector<std::pair<double, Index>> terms;
    for (Index i = 0; i < w.size(); ++i) terms.emplace_back(std::cos(x * w(i)), i);
    std::vector<Term> out = {{"position p", static_cast<double>(row)},
                             {"position q", static_cast<double>(col)},
                             {"distance p - q", static_cast<double>(delta)}};
    const std::size_t shown = terms.size() <= 4 ? terms.size() : 3;
    std::partial_sort(terms.begin(), terms.begin() + static_cast<std::ptrdiff_t>(shown), terms.end(),
                      [](const auto& a, const auto& b) {
                        return std::fabs(a.first) > std::fabs(b.first) ||
                               (std::fabs(a.first) == std::fabs(b.first) && a.second < b.second);
                      });
    for (std::size_t t = 0; t < shown; ++t) {
      const std::string i = std::to_string(terms[t].second);
      out.push_back({"pair " + i + ": cos((p - q) w_" + i + ")", terms[t].first});
    }
    if (shown < terms.size()) {
      double rest = 0;
      for (std::size_t t = shown; t < terms.size(); ++t) rest += terms[t].first;
      out.push_back({"other " + std::to_string(terms.size() - shown) + " pairs", rest});
    }
    return out;
  }
};

}  // namespace

std::unique_ptr<Scheme> makeSinusoidalScheme() { return std::make_unique<SinusoidalScheme>(); }

}  // namespace posenc
