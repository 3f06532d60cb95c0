// SPDX-License-Identifier: GPL-3.0-or-later
#include "posenc/sinusoidal.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <numbers>
#include <string>

#include "posenc/extrapolation.hpp"

namespace posenc {

namespace {

std::string num(double v) {
  char buf[32];
  // From 100 up to a million rounded to a whole number, anything else to 3 significant digits.
  std::snprintf(buf, sizeof buf, v >= 100 && v < 1e6 ? "%.0f" : "%.3g", v);
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

// Distances are split as delta = kSplit h + l (0 <= l < kSplit) and each term is formed by
// angle addition, cos(delta w) = cos(kSplit h w) cos(l w) - sin(kSplit h w) sin(l w): the
// sines and cosines are shared by every distance with the same h or the same l, so a request
// with many distinct distances costs multiply-adds rather than cosines. kSplit is a constant,
// so S(delta) is the same double in every request. For delta < kSplit the term is exactly
// cos(delta w). The angle kSplit h w + l w carries the same rounding as delta w, ~delta w 1e-16.
constexpr Index kSplit = 1024;

// Longest shift series; longer sequences are sampled (sampleIndices), since every point
// costs d sines and cosines and the residual is rounding noise with no structure to miss.
constexpr Index kShiftSamples = 65536;

double pairTerm(double w, Index delta) {
  const Index h = delta / kSplit;  // integer division: delta = kSplit h + l
  const double high = static_cast<double>(h * kSplit) * w;
  const double low = static_cast<double>(delta % kSplit) * w;
  return std::cos(high) * std::cos(low) - std::sin(high) * std::sin(low);
}

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
          intParam("train_length", 512, 1, kMaxLength,
                   "Longest sequence seen in training (the extrapolation view compares it "
                   "with length)"),
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
      sim.title = "Similarity of positions  PE_p · PE_q = Σ_i cos((p − q) w_i)";
      sim.xLabel = "position q";
      sim.yLabel = "position p";
      sim.valueLabel = "PE_p · PE_q";
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
          "(sec. 3.5); the residual is floating-point rounding, ~1e-16, growing with p "
          "(at most 65536 positions, sampled evenly when length is larger)";
      ViewSpec extra = periodsView(
          "Beyond training: full periods of each pair",
          "For each sin/cos pair i: full periods (L - 1) w_i / 2π over positions 0 .. L-1, at "
          "L = train_length and at L = length. Pairs below the one-period line in training "
          "saw only part of their circle, so positions past train_length give (sin, cos) "
          "values the model never saw; pairs above it only revisit seen values");
      s.views = {enc, sim, wav, bands, shift, extra};
      // Compare: the paper's interleaved columns against concatenated ones.
      s.companions = {{"layout", "interleaved", {{"layout", "concatenated"}}},
                      {"layout", "", {{"layout", "interleaved"}}}};
      s.animation = {.kind = AnimationKind::ClockHands, .lengthParam = "length",
                     .drivers = {"bands"}};
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
    return {};  // series views have no cells
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
    if (view == "bands") {
      out.x.resize(static_cast<std::size_t>(p.length));
      for (std::size_t x = 0; x < out.x.size(); ++x) out.x[x] = static_cast<double>(x);
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
    if (view == "extrapolation") {
      const Vector w = sinusoidalFrequencies(p.dim, p.base, p.layout);
      const Index train = params.getInt("train_length");
      return periodsChart({{"training: positions 0 .. " + std::to_string(train - 1), w, train},
                           {"length: positions 0 .. " + std::to_string(p.length - 1), w,
                            p.length}});
    }
    if (view == "shift") {
      const std::vector<Index> at = sampleIndices(0, p.length, kShiftSamples);
      out.x.assign(at.begin(), at.end());
      const Vector r = sinusoidalShiftResidual(p, at);
      out.curves.push_back(
          {"‖PE(p+" + std::to_string(p.offset) + ") − M_" + std::to_string(p.offset) + " PE(p)‖₂",
           {r.begin(), r.end()}});
      return out;
    }
    throw ParamError("view", std::string(view),
                     "a series view of sinusoidal: wavelengths, bands, shift or extrapolation");
  }

 private:
  static ParamError notMatrix(std::string_view view) {
    return ParamError("view", std::string(view),
                      "a matrix view of sinusoidal: encoding or similarity");
  }

  // p, q, p - q, then the three largest pair terms cos((p-q) w_i) and the sum of the rest,
  // which add up to the cell value.
  static std::vector<Term> explainSimilarity(const Vector& w, Index row, Index col) {
    const Index delta = row - col;
    const Index distance = delta < 0 ? -delta : delta;
    std::vector<std::pair<double, Index>> terms;
    for (Index i = 0; i < w.size(); ++i) terms.emplace_back(pairTerm(w(i), distance), i);
    std::vector<Term> out = {{"position p", static_cast<double>(row)},
                             {"position q", static_cast<double>(col)},
                             {"distance p - q", static_cast<double>(delta)}};
    // All pairs when there are at most 4, else the 3 largest and one line for the rest.
    const auto shownEnd = terms.size() <= 4 ? terms.end() : terms.begin() + 3;
    const auto shown = static_cast<std::size_t>(shownEnd - terms.begin());
    std::partial_sort(terms.begin(), shownEnd, terms.end(), [](const auto& a, const auto& b) {
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
